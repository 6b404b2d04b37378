/**
 * The checks that send something outside the forms §4–§5 define (malformed JSON, a body that is no
 * object, a wrong type, a missing or malformed id, a number past the machine sizes or outside §2.11's
 * range, null fields and other header spellings, a credential missing or in another form,
 * metacharacters), each with the readings and the defaults of common stacks considered (issue 48.1):
 * Node http/Express, Go net/http, Java HttpServer/Servlet/Spring with Jackson, ASP.NET Core, Python
 * WSGI/ASGI with pydantic, and nginx or Envoy in front. A behaviour the text does not name that any of
 * them settles otherwise by default is never a failure of these checks; where the text names it, a
 * default does not excuse a departure. Kept apart from the check definitions so that their families
 * stay about judging; describeChecks adds each text to its check's description.
 */

/** The stacks considered, by check id: the checks listed here are exactly those that send outside §4–§5's forms. */
export const CHECK_STACKS: Readonly<Record<string, string>> = {
  "http.valid-request-ok":
    "Sends each optional field as null, the §5 headers in other spellings (names in other letter cases, a charset " +
    "on Content-Type, Accept lists), an empty searchValue, long ones and ones with metacharacters, and page numbers " +
    "and sizes past the machine sizes. Header names are case-insensitive in Node's http (lower-cased), Go's " +
    "net/http (canonicalised), Servlet containers, ASP.NET Core and WSGI/ASGI (CGI variables), and HTTP/2 sends " +
    "them in lower case through nginx and Envoy; Spring, ASP.NET, express.json() and FastAPI all take " +
    "application/json with parameters: so a refused spelling fails (RFC 9110 §5.1, §8.3.1). A null field: " +
    "Jackson and Go read it as no value, pydantic and ASP.NET's [ApiController] refuse it (422, 400), so a 400 " +
    "passes and another 4xx warns (register null-request-fields); an empty searchValue refused (@NotBlank) warns " +
    "(register empty-search-value); refusals of huge numbers, long or special values warn per their registers. " +
    "A 5xx fails on every stack.",
  "http.no-server-error":
    "Sends every derivation of an invalid request (malformed JSON, bodies that are no object, wrong types, values " +
    "below a minimum, missing ids, malformed ids, numbers as text) and generated valid ones. Only a status of 500 or " +
    "more fails: every stack named answers these with a 4xx once its handler treats the parse or validation " +
    "error (Spring's HttpMessageNotReadableException and MethodArgumentNotValidException give 400, ASP.NET's " +
    "[ApiController] 400, FastAPI 422, express.json() 400, Go's decode error whatever the handler writes), and a " +
    "gateway's own refusals (nginx 413, Envoy 413 or 431) are 4xx too. A 5xx is never a conforming answer (§7); " +
    "the availability statuses a gateway writes are the flow-control layer's, not this check's.",
  "http.json-content-type":
    "Sends malformed JSON and a request without a token, besides a well-formed one and an unknown id. Express's " +
    "default error handler and nginx's error pages answer text/html, Go's http.Error text/plain, Spring " +
    "Security's default 401 carries no body (not judged: no body to type): §4 says the operations return JSON " +
    "and §7 gives the 400, 401 and 404 JSON bodies, so the text names the behaviour and these defaults do not " +
    "excuse it. ASP.NET Core and Spring's ProblemDetail answer application/problem+json, a JSON type (RFC 6839): " +
    "a warning (register response-content-type). 403 answers are not judged (register forbidden-body).",
  "auth.missing-token-401":
    "Sends a content management request without Authorization. Spring Security's bearer entry point and " +
    "ASP.NET Core's JwtBearer answer 401, an Express or Go middleware whatever it is written to, a gateway " +
    "doing auth (Envoy's jwt_authn, nginx auth_request) 401 or 403: the text gives 401 to invalid credentials " +
    "but does not name a missing header, so 400, 403 or another 4xx only warn (register missing-credentials-status); " +
    "a 2xx serves a caller §5 requires to be authenticated, and a 5xx is never conforming.",
  "auth.near-miss-token-401":
    'Sends a token one edit away from the valid one, and "Bearer " and "Bearer" without a token. The one-edit ' +
    "tokens are well-formed bearer credentials that are not valid: every stack's token check refuses them, and " +
    'the text gives 401 (§5, §7). "Bearer" without a token is malformed: RFC 6750 §3.1 lets a server answer ' +
    "400 invalid_request, and Spring Security does, so those follow register missing-credentials-status (a " +
    "warning for another refusal).",
  "auth.missing-client-id-refused":
    "Sends a request without the client_id header. Nginx drops header names with underscores by default " +
    "(underscores_in_headers off) and WSGI/CGI turn client_id and client-id into one variable: such a target " +
    "never sees the header and refuses every request alike, which this check cannot tell from a refusal of " +
    "this one; §7 offers 400 (missing parameter) and 401 (invalid credentials), both pass, 403 warns " +
    "(register missing-client-id); a 2xx serves a request §5 says carries a client id, and a 5xx is never conforming.",
  "auth.token-form-refused":
    "Sends the valid token without its scheme, under another scheme, in the query string, and beside another " +
    "Authorization line. Spring Security's BearerTokenResolver reads only the Bearer scheme and ignores " +
    "access_token in the query by default; ASP.NET's JwtBearer reads only 'Bearer '; Node's http joins repeated " +
    "lines of some headers and keeps the first of others, Go's Header.Get and Servlet's getHeader read the first, " +
    "and nginx or Envoy may merge or drop a repeated line: how a repeated line is read is not named by the text " +
    "(RFC 9110 forbids the sender to repeat a singleton field), so the statuses follow register " +
    "credential-form-status, which weighs those defaults.",
  "auth.client-id-form-refused":
    "Sends the valid client id under other header names (client-id, clientId, X-Client-Id), in the query string, " +
    "and beside another client_id line. WSGI/CGI (RFC 3875 §4.1.18) and some gateways fold - and _ into one " +
    "name, and nginx drops names with underscores unless told otherwise, so a stack that cannot tell client-id " +
    "from client_id is not breaking §5; repeated lines are read first-wins by Node, Go and Servlets. The " +
    "statuses follow register credential-form-status, which weighs those defaults.",
  "auth.bearer-scheme-case-accepted":
    "Sends the valid token after bearer and BEARER. RFC 9110 §11.1 makes the scheme case-insensitive and Spring " +
    "Security and ASP.NET's JwtBearer compare it so; a hand-written Express or Go middleware comparing " +
    '"Bearer " letter for letter departs from the RFC, which §5 does not restate: a warning only (register bearer-scheme-case).',
  "errors.malformed-json-400":
    "Sends malformed JSON and bodies that are a JSON array, string or number. Spring (HttpMessageNotReadable" +
    "Exception), ASP.NET's [ApiController], express.json() and a Go decode error handled as such answer 400; " +
    "FastAPI answers 422, and express.json() in strict mode passes an array on to the handler: §7 gives an " +
    "invalid request 400 and §4 makes every body a JSON object, so the text names it and those defaults do " +
    "not excuse another answer (register invalid-field-status).",
  "errors.wrong-type-400":
    "Sends each field with a value of another JSON type, and an integer as its own text or with a fraction. " +
    "Jackson's defaults coerce \"1\" to 1, cut 1.5 to 1 and coerce a number to a String; pydantic's lax mode " +
    "reads \"1\" as 1 and refuses 1.5 (422); Go's encoding/json and System.Text.Json refuse them all. §2's " +
    "notation (string = JSON string, integer = JSON number without fraction) with §7's 400 for a field filled " +
    "incorrectly names the behaviour, so coercion fails whatever a framework does by default (registers " +
    "invalid-field-status, numeric-coercion); FastAPI's 422 is another 4xx, which §7 does not give.",
  "errors.invalid-request-rejected":
    "Sends generated requests that each break one rule of the request schema. The wrong types, malformed JSON " +
    "and numeric coercion are judged as errors.wrong-type-400 judges them; a read without its identifier may " +
    "get 400 or 404 (a lookup of nothing, register required-request-fields), a malformed id 400 or 404; a " +
    "negative pageNumber or a pageSize of 0 may be read as a page outside the listing or a size not set " +
    "(proto3, AIP-158), and FastAPI's 422 or a WAF's 403 for the readings the text leaves open only warn.",
  "errors.error-body":
    "Sends malformed JSON, a JSON array body, wrong types, a missing and a malformed id, pageNumber -1 and an " +
    "unknown id, and judges the body of every 400 and 404 among the answers. Framework default error bodies " +
    "(Spring Boot's {timestamp, status, error, path}, ASP.NET's problem details, FastAPI's {detail}, nginx's " +
    "HTML pages) lack §7's message, errorCode, reason, domain and service: §7's table names those fields, so a " +
    "default body fails. Answers other than 400 and 404 are not judged here.",
  "errors.unauthorized-body":
    "Sends requests without a token, with an unknown or near-miss token, and with a client id the target never " +
    "issued, and judges the body of every 401 among the answers. Spring Security's default 401 has no body, " +
    "ASP.NET's JwtBearer none either, and a gateway's 401 page is HTML: §7 gives the content management 401 " +
    "error_description and error, so the text names them; getRoleFilters' 401 body is not shown (register " +
    "role-filters-401-body, a warning).",
  "errors.malformed-id-refused":
    "Sends ids that are not in the URI format. Bean Validation's @Pattern answers 400, a plain lookup 404, " +
    "pydantic's pattern 422 and a WAF 403: 400 and 404 both fit the text (§7, §4.3, §4.4) and pass, another 4xx " +
    "warns (registers malformed-widget-id, malformed-analytic-id); a 2xx or a 5xx fits no reading.",
  "errors.missing-id-400":
    "Sends a read with an empty body {}. Which request fields are required is not shown (§4): a required field " +
    "(Bean Validation, ASP.NET's non-nullable field) gives 400, a lookup of nothing (Go's empty string, a null in " +
    "Java) 404, pydantic 422: 400 and 404 pass, another 4xx warns (register required-request-fields); a 2xx " +
    "serves a component to a request naming none, and a 5xx is never conforming.",
  "pagination.large-numbers":
    "Sends pageNumber and pageSize of 2^31 − 1, 2^31, 2^32, 2^53 − 1 and 10^20. Jackson refuses a number past an " +
    "int's range (400 once handled), Go's encoding/json and System.Text.Json refuse an overflow, pydantic and " +
    "Node read big numbers and hand them to the backend, where SQL OFFSET or an index may overflow: a 400 passes, " +
    "another 4xx warns (register large-page-numbers); a 5xx, items for a page past the end or totals that no " +
    "longer describe what is served (a wrapped 32-bit counter) fail on every stack.",
  "pagination.invalid-rejected":
    "Sends a negative pageNumber, a pageSize of 0 or below, and fractional numbers. Spring Data's PageRequest " +
    "throws on a negative index or a size below one (a 500 unless handled: a failure as every 5xx), Django's " +
    "paginator answers 404 through DRF, SQL OFFSET refuses a negative value and a slice gives an empty page, " +
    "proto3 and AIP-158 read a size of 0 as not set: so a negative index served as an empty page with the " +
    "listing's totals, and a size of 0 served as without pagination, only warn (register invalid-field-status). " +
    "A fraction is no integer (§2's notation) whatever Jackson's ACCEPT_FLOAT_AS_INT does by default: it fails " +
    "unless refused with 400 (register numeric-coercion), as does a negative size.",
  "search.metacharacters-literal":
    "Sends search values holding characters that SQL LIKE, regular expressions, glob or Lucene treat specially " +
    "(% _ * . ( [ \\ ' \"). A WAF in front (ModSecurity's core rules with nginx, a cloud WAF) may answer 403 to " +
    "quote marks and SQL-like text and a backend may refuse what it cannot escape: a refusal only warns " +
    "(register search-special-characters). Matching beyond the value (a wildcard matching everything) fits no " +
    "stack's default search, which escapes or parameterises the value; a 5xx is never conforming.",
};

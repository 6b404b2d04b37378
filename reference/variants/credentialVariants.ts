/**
 * Legitimate ways to refuse or read credentials: statuses §5 and §7 leave room for, a scheme compared by its
 * letters, and what common stacks do with what §5 does not name (repeated lines, header names as CGI
 * variables, the client id's letter case).
 */
import type { IncomingHttpHeaders } from "node:http";
import { badRequest } from "../http/errorResponses.js";
import type { ReferenceVariant } from "./ReferenceVariant.js";

/**
 * True when the request carries a credential in a form §5 does not define: an Authorization header
 * whose first word is not the bearer scheme, one line of it or of client_id repeated (combined with a
 * comma, RFC 9110 §5.3), the client id under another header name, or either in the query string.
 */
function carriesUndefinedForm(headers: IncomingHttpHeaders, query: URLSearchParams): boolean {
  const authorization = headers.authorization;
  const clientId = headers["client_id"];
  return (
    (authorization !== undefined && !/^Bearer(\s|$)/i.test(authorization)) ||
    authorization?.includes(",") === true ||
    (typeof clientId === "string" && clientId.includes(",")) ||
    Object.keys(headers).some((name) => /client-?id$/i.test(name)) ||
    query.has("access_token") ||
    query.has("client_id")
  );
}

/** The shape of the reference's client ids (one character changed keeps it; a UUID does not). */
const REFERENCE_CLIENT_ID_SHAPE = /^client-[0-9A-Za-z_-]{32}$/;

/** The first of the comma-separated values a repeated header line was combined into (RFC 9110 §5.3). */
function firstOf(value: string): string {
  return (value.split(",")[0] ?? value).trim();
}

/**
 * The value of the CGI meta-variable HTTP_<variable> (RFC 3875 §4.1.18): every header whose name, upper-cased
 * with "-" made "_", is `variable`, joined with "," in the order received (as Python's wsgiref does).
 */
function cgiVariable(headers: IncomingHttpHeaders, variable: string): string | undefined {
  const values = Object.entries(headers)
    .filter(([name]) => name.toUpperCase().replaceAll("-", "_") === variable)
    .flatMap(([, value]) => (value === undefined ? [] : value));
  return values.length === 0 ? undefined : values.join(",");
}

/** Each refuses or reads credentials in a way the spec allows. */
export const CREDENTIAL_VARIANTS: readonly ReferenceVariant[] = [
  {
    name: "credential-forms-refused-400",
    section: "§7",
    description:
      "A request carrying a credential in a form §5 does not define (another scheme, a repeated header, another " +
      "header name, the query string) is answered 400 with the §7 body instead of 401.",
    why:
      "§7 gives 400 to an invalid request, a field filled incorrectly; RFC 6750 §3.1 gives invalid_request " +
      "(400) to a request that repeats a parameter or uses more than one method (register credential-form-status: " +
      "400 and 401 both refuse).",
    departs: [],
    respond: (response, { operation, headers, query }) =>
      response.status === 401 && carriesUndefinedForm(headers, query)
        ? badRequest(operation, "The credentials are not in the form the operation defines.", "invalidField")
        : response,
  },
  {
    name: "bearer-scheme-case-sensitive",
    section: "§5",
    description:
      'The Authorization scheme is compared letter for letter: "bearer <token>" or "BEARER <token>" gets 401.',
    why:
      "§5 writes the scheme Bearer; RFC 9110 §11.1 makes scheme names case-insensitive, which the spec does " +
      "not restate (register bearer-scheme-case, a warning).",
    departs: ["bearer-scheme-case"],
    requestHeaders: (headers) =>
      headers.authorization !== undefined &&
      /^bearer\s/i.test(headers.authorization) &&
      !headers.authorization.startsWith("Bearer")
        ? { ...headers, authorization: "Bearer" }
        : headers,
  },
  {
    name: "first-header-line-wins",
    section: "§5",
    description:
      "Of two Authorization or two client_id lines, the first is read and the second ignored (Node's http for " +
      "Authorization, Go's Header.Get, Java's HttpServer and Servlet getHeader), so the valid credential followed " +
      "by an unknown one is served.",
    why:
      "§5 says nothing of a repeated header and RFC 9110 §5.3 forbids the sender to repeat a singleton field; " +
      "common stacks read the first line, the last or both combined (register credential-form-status: not judged).",
    departs: [],
    requestHeaders: (headers) => {
      const read: IncomingHttpHeaders = { ...headers };
      if (headers.authorization !== undefined) read.authorization = firstOf(headers.authorization);
      const clientId = headers["client_id"];
      if (typeof clientId === "string") read["client_id"] = firstOf(clientId);
      return read;
    },
  },
  {
    name: "cgi-header-names",
    section: "§5",
    description:
      "Header names are read as CGI variables (RFC 3875 §4.1.18, WSGI): client_id, client-id and CLIENT-ID are " +
      "all HTTP_CLIENT_ID, so the client id under client-id is served.",
    why:
      "A CGI/WSGI stack cannot tell client-id from client_id; that is how it receives §5's client_id header at " +
      "all, not another name for the credential (register credential-form-status: client-id is not judged).",
    departs: [],
    requestHeaders: (headers) => {
      const { "client-id": _twin, ...others } = headers;
      const clientId = cgiVariable(headers, "CLIENT_ID");
      return clientId === undefined ? others : { ...others, client_id: clientId };
    },
  },
  {
    name: "client-id-case-insensitive",
    section: "§5",
    description: "The client_id is compared without regard to letter case, so the client id in upper case is served.",
    why:
      "§5 shows neither the client id's format nor how it is compared; a UUID is compared without regard to " +
      "case (RFC 9562 §4), so the suite never probes the client id's case (register invalid-client-id-status).",
    departs: [],
    requestHeaders: (headers, credentials) => {
      const sent = headers["client_id"];
      return typeof sent === "string" && sent.toLowerCase() === credentials.clientId.toLowerCase()
        ? { ...headers, client_id: credentials.clientId }
        : headers;
    },
  },
  {
    name: "client-id-format-checked-400",
    section: "§7",
    description:
      "A client_id not shaped like the ones the server issues is answered 400 (a field filled incorrectly, " +
      "§7 body) before it is looked up; one of the right shape that is not known still gets 401.",
    why:
      "The client id's format is not shown (§5); a gateway that checks the format first reads §7's 400 for " +
      "a field filled incorrectly (register invalid-client-id-status, a warning).",
    departs: ["invalid-client-id-status"],
    respond: (response, { operation, headers }) => {
      const sent = headers["client_id"];
      return response.status === 401 &&
        typeof sent === "string" &&
        sent !== "" &&
        !sent.includes(",") &&
        !REFERENCE_CLIENT_ID_SHAPE.test(sent)
        ? badRequest(operation, "The client_id is not well formed.", "invalidField")
        : response;
    },
  },
];

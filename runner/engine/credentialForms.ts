/**
 * The valid credentials in forms §5 does not define ("Authorization: Bearer <ACCESS_TOKEN>", the
 * header client_id), which a lenient server might take all the same and must refuse
 * (auth.token-form-refused, auth.client-id-form-refused), and the bearer scheme in another letter
 * case, which RFC 9110 §11.1 makes the same scheme (auth.bearer-scheme-case-accepted).
 *
 * Two forms are never sent (register credential-form-status): a credential header repeated on two
 * lines, which common stacks read by its first line, its last or both combined, and which a proxy on
 * the suite's side may merge or cut; and the client id under "client-id", which a CGI/WSGI stack
 * (RFC 3875 §4.1.18) reads as the same variable as client_id, HTTP_CLIENT_ID.
 */

/** A way to carry the token or the client id. */
export type CredentialForm =
  | "token-without-scheme"
  | "token-under-token-scheme"
  | "token-under-basic-scheme"
  | "token-in-query"
  | "client-id-as-camel-case"
  | "client-id-as-x-client-id"
  | "client-id-in-query"
  | "bearer-lower-case"
  | "bearer-upper-case";

/** The forms of the token §5 does not define, in the order auth.token-form-refused sends them. */
export const TOKEN_FORMS: readonly CredentialForm[] = [
  "token-without-scheme",
  "token-under-token-scheme",
  "token-under-basic-scheme",
  "token-in-query",
];

/** The forms of the client id §5 does not define, in the order auth.client-id-form-refused sends them. */
export const CLIENT_ID_FORMS: readonly CredentialForm[] = [
  "client-id-as-camel-case",
  "client-id-as-x-client-id",
  "client-id-in-query",
];

/** The bearer scheme in other letter cases (RFC 9110 §11.1), as auth.bearer-scheme-case-accepted sends them. */
export const BEARER_CASE_FORMS: readonly CredentialForm[] = ["bearer-lower-case", "bearer-upper-case"];

/** What each form sends, in words that hold no secret (the token and client id are redacted in the evidence). */
export const CREDENTIAL_FORM_LABELS: Readonly<Record<CredentialForm, string>> = {
  "token-without-scheme": 'the valid token as "Authorization: <token>", without the Bearer scheme',
  "token-under-token-scheme": 'the valid token as "Authorization: Token <token>"',
  "token-under-basic-scheme": 'the valid token as "Authorization: Basic <token>"',
  "token-in-query": "the valid token in the query string (?access_token=…) and no Authorization header",
  "client-id-as-camel-case": 'the valid client id under the header "clientId" and no client_id header',
  "client-id-as-x-client-id": 'the valid client id under the header "X-Client-Id" and no client_id header',
  "client-id-in-query": "the valid client id in the query string (?client_id=…) and no client_id header",
  "bearer-lower-case": 'the valid token as "Authorization: bearer <token>"',
  "bearer-upper-case": 'the valid token as "Authorization: BEARER <token>"',
};

/** The credentials a form is made of: the configured ones. */
export interface CredentialValues {
  readonly token: string;
  readonly clientId: string;
}

/** The credential headers of a request in one form (in wire order), and the query parameters it adds. */
export interface FormedCredentials {
  readonly headers: Readonly<Record<string, string>>;
  readonly query: Readonly<Record<string, string>>;
}

const bearer = (token: string): string => `Bearer ${token}`;

/** The headers and query parameters that carry `values` in `form`. */
export function credentialsInForm(form: CredentialForm, values: CredentialValues): FormedCredentials {
  const { token, clientId } = values;
  const authorization = (value: string) => ({ client_id: clientId, Authorization: value });
  const clientIdUnder = (name: string) => ({ headers: { [name]: clientId, Authorization: bearer(token) }, query: {} });
  switch (form) {
    case "token-without-scheme":
      return { headers: authorization(token), query: {} };
    case "token-under-token-scheme":
      return { headers: authorization(`Token ${token}`), query: {} };
    case "token-under-basic-scheme":
      return { headers: authorization(`Basic ${token}`), query: {} };
    case "token-in-query":
      return { headers: { client_id: clientId }, query: { access_token: token } };
    case "client-id-as-camel-case":
      return clientIdUnder("clientId");
    case "client-id-as-x-client-id":
      return clientIdUnder("X-Client-Id");
    case "client-id-in-query":
      return { headers: { Authorization: bearer(token) }, query: { client_id: clientId } };
    case "bearer-lower-case":
      return { headers: authorization(`bearer ${token}`), query: {} };
    case "bearer-upper-case":
      return { headers: authorization(`BEARER ${token}`), query: {} };
  }
}

/** `path` with `query` appended (each value URL-encoded); the path itself when there is none. */
export function withQuery(path: string, query: Readonly<Record<string, string>>): string {
  const pairs = Object.entries(query).map(([name, value]) => `${name}=${encodeURIComponent(value)}`);
  if (pairs.length === 0) return path;
  return `${path}${path.includes("?") ? "&" : "?"}${pairs.join("&")}`;
}

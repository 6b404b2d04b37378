/** Faults that accept a request §5 says must be refused. */
import type { IncomingHttpHeaders } from "node:http";
import type { ReferenceCredentials } from "../referenceCredentials.js";
import type { ReferenceFault } from "./ReferenceFault.js";

/**
 * The headers with the bearer token replaced by the issued token it is taken for, when
 * `takenFor(sent, issued)` says so; a faulty token comparison in one function.
 */
function acceptingAs(
  headers: IncomingHttpHeaders,
  credentials: ReferenceCredentials,
  takenFor: (sent: string, issued: string) => boolean,
): IncomingHttpHeaders {
  const match = /^Bearer(?:\s+(\S*))?\s*$/i.exec(headers.authorization ?? "");
  if (!match) return headers;
  const sent = match[1] ?? "";
  const issued = [credentials.token, credentials.restrictedToken].find(
    (token) => sent !== token && takenFor(sent, token),
  );
  return issued === undefined ? headers : { ...headers, authorization: `Bearer ${issued}` };
}

/** Each lets one kind of bad credentials through (as the admin). */
export const AUTH_FAULTS: readonly ReferenceFault[] = [
  {
    name: "missing-token-accepted",
    section: "§5",
    description: "A content management request without the Authorization header is served as the admin.",
    caughtBy: ["auth.missing-token-401"],
    mayAlsoFail: {
      "auth.token-form-refused":
        "a request whose token is only in the query string sends no Authorization header, which this fault serves as the admin",
    },
    requestHeaders: (headers, credentials) =>
      headers.authorization === undefined ? { ...headers, authorization: `Bearer ${credentials.token}` } : headers,
  },
  {
    name: "invalid-token-accepted",
    section: "§5",
    description: "Any bearer token, even an unknown one, is served as the admin.",
    caughtBy: ["auth.invalid-token-401"],
    mayAlsoFail: {
      "auth.near-miss-token-401":
        "a token one edit away from the valid one is an unknown token, which this fault accepts",
      "auth.token-form-refused":
        "an Authorization value that is not the bearer form of a known token (the token under another scheme) is one this fault accepts",
    },
    requestHeaders: (headers, credentials) => {
      const sent = headers.authorization;
      const known = [credentials.token, credentials.restrictedToken].some((token) => sent === `Bearer ${token}`);
      return sent === undefined || known ? headers : { ...headers, authorization: `Bearer ${credentials.token}` };
    },
  },
  {
    name: "missing-client-id-accepted",
    section: "§5",
    description: "A request without the client_id header is served as if it had sent the right one.",
    caughtBy: ["auth.missing-client-id-refused"],
    mayAlsoFail: {
      "auth.client-id-form-refused":
        "a request whose client id is under another header name or in the query string sends no client_id header, which this fault fills in",
    },
    requestHeaders: (headers, credentials) =>
      headers["client_id"] === undefined ? { ...headers, client_id: credentials.clientId } : headers,
  },
  {
    name: "any-client-id-accepted",
    section: "§5",
    description:
      "Any client_id value is accepted (the header is only checked for presence), so a client id one character off or of another tenant's shape is served.",
    caughtBy: ["auth.invalid-client-id-401"],
    requestHeaders: (headers, credentials) =>
      headers["client_id"] === undefined ? headers : { ...headers, client_id: credentials.clientId },
  },
  {
    name: "token-prefix-accepted",
    section: "§5",
    description:
      "A bearer token that starts with an issued token (the token with characters appended) is accepted as that token.",
    caughtBy: ["auth.near-miss-token-401"],
    requestHeaders: (headers, credentials) =>
      acceptingAs(headers, credentials, (sent, issued) => sent.startsWith(issued)),
  },
  {
    name: "token-last-char-ignored",
    section: "§5",
    description:
      "Bearer tokens are compared without their last character, so a token with its last character changed is accepted.",
    caughtBy: ["auth.near-miss-token-401"],
    requestHeaders: (headers, credentials) =>
      acceptingAs(
        headers,
        credentials,
        (sent, issued) => sent.length === issued.length && sent.slice(0, -1) === issued.slice(0, -1),
      ),
  },
  {
    name: "token-case-insensitive",
    section: "§5",
    description:
      "Bearer tokens are compared without regard to letter case (as a case-insensitive database collation does), " +
      "so the valid token with its letters in the other case is accepted.",
    caughtBy: ["auth.near-miss-token-401"],
    requestHeaders: (headers, credentials) =>
      acceptingAs(headers, credentials, (sent, issued) => sent.toLowerCase() === issued.toLowerCase()),
  },
  {
    name: "empty-bearer-accepted",
    section: "§5",
    description: 'An Authorization header of "Bearer " or "Bearer" with no token is served as the admin.',
    caughtBy: ["auth.near-miss-token-401"],
    requestHeaders: (headers, credentials) =>
      /^Bearer\s*$/i.test(headers.authorization ?? "x")
        ? { ...headers, authorization: `Bearer ${credentials.token}` }
        : headers,
  },
];

/** Faults that accept a request §5 says must be refused. */
import type { ReferenceFault } from "./ReferenceFault.js";

/** Each lets one kind of bad credentials through (as the admin). */
export const AUTH_FAULTS: readonly ReferenceFault[] = [
  {
    name: "missing-token-accepted",
    section: "§5",
    description: "A content management request without the Authorization header is served as the admin.",
    caughtBy: ["auth.missing-token-401"],
    requestHeaders: (headers, credentials) => (headers.authorization === undefined ? { ...headers, authorization: `Bearer ${credentials.token}` } : headers),
  },
  {
    name: "invalid-token-accepted",
    section: "§5",
    description: "Any bearer token, even an unknown one, is served as the admin.",
    caughtBy: ["auth.invalid-token-401"],
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
    requestHeaders: (headers, credentials) => (headers["client_id"] === undefined ? { ...headers, client_id: credentials.clientId } : headers),
  },
];

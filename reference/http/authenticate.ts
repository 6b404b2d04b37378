/** §5 authentication: client_id on every operation, a bearer token on the four cms operations. */
import type { IncomingHttpHeaders } from "node:http";
import type { OperationSpec } from "../../contract/operations.js";
import type { ReferenceUserName } from "../data/referenceData.js";
import { userForToken, type ReferenceCredentials } from "../referenceCredentials.js";
import { unauthorized } from "./errorResponses.js";
import type { ReferenceResponse } from "./ReferenceResponse.js";

/** Who the request acts for (undefined: getRoleFilters without a token), or the 401 answer (§7). */
export type Authentication = { readonly user: ReferenceUserName | undefined } | { readonly refused: ReferenceResponse };

function single(value: string | string[] | undefined): string | undefined {
  return Array.isArray(value) ? value[0] : value;
}

/** Checks client_id (missing or unknown ⇒ 401 invalid_client, register missing-client-id) and the bearer token. */
export function authenticate(
  headers: IncomingHttpHeaders,
  operation: OperationSpec,
  credentials: ReferenceCredentials,
): Authentication {
  const clientId = single(headers["client_id"]);
  if (clientId === undefined || clientId === "")
    return { refused: unauthorized("invalid_client", "The client_id header is missing.") };
  if (clientId !== credentials.clientId)
    return { refused: unauthorized("invalid_client", "The client_id is not known.") };
  const authorization = single(headers.authorization);
  if (authorization === undefined) {
    // §5: getRoleFilters' need for a token is not shown; it is accepted without one (register role-filters-authorization).
    if (!operation.requiresBearer) return { user: undefined };
    return { refused: unauthorized("invalid_token", "The Authorization header with a bearer token is missing.") };
  }
  const match = /^Bearer\s+(\S+)\s*$/i.exec(authorization);
  const user = match?.[1] === undefined ? undefined : userForToken(credentials, match[1]);
  if (!user) return { refused: unauthorized("invalid_token", "The bearer token is invalid or expired.") };
  return { user };
}

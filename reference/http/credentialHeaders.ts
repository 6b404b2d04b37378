/** The parts of a request that can carry credentials, as the reference's authentication reads them and its proxies forward them. */
import type { IncomingHttpHeaders, IncomingMessage } from "node:http";

/**
 * The request's headers with a repeated Authorization combined into one value (RFC 9110 §5.3), as
 * Node already combines a repeated client_id: Node keeps only the first Authorization line, which
 * would honour the first of two tokens; combined, two tokens are no bearer token (§5) and get 401.
 */
export function credentialHeaders(request: IncomingMessage): IncomingHttpHeaders {
  const lines = request.headersDistinct.authorization;
  return lines !== undefined && lines.length > 1
    ? { ...request.headers, authorization: lines.join(", ") }
    : request.headers;
}

/** The request's query parameters (the reference reads no credential from them; a fault may). */
export function queryOf(request: IncomingMessage): URLSearchParams {
  return new URL(request.url ?? "/", "http://reference.invalid").searchParams;
}

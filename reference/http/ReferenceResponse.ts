/** What a handler answers, before it is written to the socket. */

/** A response: a JSON body (the normal case), raw text (only faults send it) or nothing. */
export interface ReferenceResponse {
  readonly status: number;
  readonly headers?: Readonly<Record<string, string>>;
  /** Serialised as JSON with Content-Type application/json (§4) unless `text` is set. */
  readonly json?: unknown;
  /** Sent as is, with the Content-Type of `headers` (text/plain by default). */
  readonly text?: string;
  /** How `text` is encoded on the wire: UTF-8 unless a fault sends Latin-1 bytes. */
  readonly encoding?: "utf8" | "latin1";
}

/** A JSON response. */
export function jsonResponse(
  status: number,
  json: unknown,
  headers?: Readonly<Record<string, string>>,
): ReferenceResponse {
  return headers ? { status, json, headers } : { status, json };
}

/**
 * One request as the reference server saw it, for `serve --request-log`: enough to replay the
 * same traffic (the benchmark's bare client does), with the server's own credentials replaced
 * by placeholders so the log can be kept and shared.
 */
import type { IncomingMessage } from "node:http";
import { createRedactor, type Redactor } from "../../runner/http/redactSecrets.js";
import type { ReferenceCredentials } from "../referenceCredentials.js";
import type { ReadBody } from "./readRequestBody.js";
import { credentialHeaders } from "./credentialHeaders.js";

/** Placeholders of the server's credentials in a record. */
export const CREDENTIAL_PLACEHOLDERS = {
  clientId: "$CLIENT_ID",
  token: "$TOKEN",
  restrictedToken: "$RESTRICTED_TOKEN",
} as const;

export interface ReferenceRequestRecord {
  /** When the answer was written, in milliseconds since the epoch (fractional). */
  readonly at: number;
  readonly method: string;
  /** Path and query, as sent, credentials replaced by CREDENTIAL_PLACEHOLDERS (a token sent in the query). */
  readonly path: string;
  /** Headers as sent (lower-case names), credentials replaced by CREDENTIAL_PLACEHOLDERS. */
  readonly headers: Record<string, string>;
  /** The body text; absent when it was over the server's limit (or not read: unknown path, other method). */
  readonly body?: string;
  readonly bodyBytes: number;
  readonly status: number;
}

// The product's one redaction module, prepared once per set of credentials.
const redactors = new WeakMap<ReferenceCredentials, Redactor>();

function redactorOf(credentials: ReferenceCredentials): Redactor {
  let redactor = redactors.get(credentials);
  if (!redactor) {
    redactor = createRedactor(
      (["restrictedToken", "token", "clientId"] as const).map((key) => ({
        value: credentials[key],
        placeholder: CREDENTIAL_PLACEHOLDERS[key],
      })),
    );
    redactors.set(credentials, redactor);
  }
  return redactor;
}

function withPlaceholders(value: string, credentials: ReferenceCredentials): string {
  return redactorOf(credentials).headerValue(value);
}

/** The record of `request`, answered with `status`. */
export function recordRequest(
  request: IncomingMessage,
  body: ReadBody | undefined,
  status: number,
  credentials: ReferenceCredentials,
): ReferenceRequestRecord {
  const headers: Record<string, string> = {};
  for (const [name, value] of Object.entries(credentialHeaders(request))) {
    if (value !== undefined)
      headers[name] = withPlaceholders(Array.isArray(value) ? value.join(", ") : value, credentials);
  }
  return {
    at: performance.timeOrigin + performance.now(),
    method: request.method ?? "",
    path: redactorOf(credentials).text(request.url ?? ""),
    headers,
    ...(body?.text !== undefined ? { body: body.text } : {}),
    bodyBytes: body?.bytes ?? 0,
    status,
  };
}

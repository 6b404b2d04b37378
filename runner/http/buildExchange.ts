/**
 * Turns one attempt into the Exchange recorded as evidence: judges too-large and redirect,
 * parses JSON, and redacts every secret from everything a reporter might print.
 */
import { buildCurlCommand } from "./buildCurlCommand.js";
import { redactJsonValue } from "./redactJsonValue.js";
import { containsSecret, redactSecrets, type SecretValue } from "./redactSecrets.js";
import type { AttemptResult } from "./sendOnce.js";
import type { Exchange, RecordedResponse, TransportFailure } from "./types.js";

/** The request as sent, secrets still in it. */
export interface SentRequest {
  readonly method: string;
  readonly url: string;
  readonly headers: Readonly<Record<string, string>>;
  readonly body?: string;
}

/** What buildExchange needs besides the attempt. */
export interface ExchangeContext {
  readonly secrets: readonly SecretValue[];
  readonly timeoutMs: number;
  readonly maxResponseBytes: number;
  readonly retriesAfter429: number;
}

function redactRecord(record: Readonly<Record<string, string>>, secrets: readonly SecretValue[]): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [name, value] of Object.entries(record)) out[redactSecrets(name, secrets)] = redactSecrets(value, secrets);
  return out;
}

/** Bytes of an incomplete body (cut at the cap, timed out, reset) kept as evidence. */
export const INCOMPLETE_BODY_KEPT_BYTES = 64 * 1024;

/** too-large or redirect, for a response that arrived whole or was cut on purpose. */
function judgeResponse(attempt: AttemptResult, maxResponseBytes: number): TransportFailure | undefined {
  const response = attempt.response;
  if (response === undefined) return undefined;
  if (response.truncated) return { kind: "too-large", message: `response larger than ${maxResponseBytes} bytes.` };
  if (response.status >= 300 && response.status < 400 && response.status !== 304) {
    const location = response.headers["location"];
    const where = location === undefined ? "" : ` to ${location}`;
    return { kind: "redirect", message: `redirect (${response.status})${where} not followed.` };
  }
  return undefined;
}

/** Builds the redacted Exchange for a sent request and the attempt that answered it. */
export function buildExchange(sent: SentRequest, attempt: AttemptResult, context: ExchangeContext): Exchange {
  const { secrets } = context;
  const failure = attempt.failure ?? judgeResponse(attempt, context.maxResponseBytes);
  let response: RecordedResponse | undefined;
  let isJson = false;
  let json: unknown;
  if (attempt.response !== undefined) {
    const raw = attempt.response;
    // A body that ended early (cut, timed out, reset) is not the target's answer: never parse it,
    // and keep only its head as evidence, so oversized answers do not pile up in memory.
    const complete = !raw.truncated && attempt.failure === undefined;
    const text = complete ? raw.body.toString("utf8") : raw.body.subarray(0, INCOMPLETE_BODY_KEPT_BYTES).toString("utf8");
    if (complete) {
      try {
        const parsed: unknown = JSON.parse(text);
        // Without a backslash every string of the value appears verbatim in the text, so a text
        // free of secrets needs no walk through the value (the common case, and a costly walk).
        json = text.includes("\\") || containsSecret(text, secrets) ? redactJsonValue(parsed, secrets) : parsed;
        isJson = true;
      } catch {
        json = undefined;
      }
    }
    response = {
      status: raw.status,
      headers: redactRecord(raw.headers, secrets),
      bodyText: redactSecrets(text, secrets, { textWasCut: !complete }),
      truncated: raw.truncated,
      bodyBytes: raw.bytesReceived,
    };
  }
  const exchange: Omit<Exchange, "curl"> = {
    request: {
      method: sent.method,
      url: redactSecrets(sent.url, secrets),
      headers: redactRecord(sent.headers, secrets),
      ...(sent.body === undefined ? {} : { body: redactSecrets(sent.body, secrets) }),
    },
    ...(response === undefined ? {} : { response }),
    ...(isJson ? { json } : {}),
    isJson,
    ...(failure === undefined ? {} : { failure: { kind: failure.kind, message: redactSecrets(failure.message, secrets) } }),
    startedAt: attempt.startedAt,
    durationMs: attempt.durationMs,
    ...(attempt.timeToHeadersMs === undefined ? {} : { timeToHeadersMs: attempt.timeToHeadersMs }),
    retriesAfter429: context.retriesAfter429,
  };
  // Most exchanges never become evidence: the curl command is built when first read (a
  // report, a spread, a structured clone), not for every request.
  let curl: string | undefined;
  return Object.defineProperty(exchange, "curl", {
    get: () => (curl ??= buildCurlCommand(sent, { secrets, timeoutMs: context.timeoutMs })),
    enumerable: true,
    configurable: true,
  }) as Exchange;
}

/**
 * Turns one attempt into the Exchange recorded as evidence: judges too-large and redirect and
 * parses JSON. The exchange holds what was sent and what came back as it was — checks judge the
 * target's own data; secrets are removed when an exchange is written (redactExchange.ts).
 */
import { buildCurlCommand } from "./buildCurlCommand.js";
import { decodeBodyText } from "./decodeBodyText.js";
import { attachRedactor } from "./exchangeRedactor.js";
import { nestsDeeperThan } from "./jsonNestingDepth.js";
import type { Redactor } from "./redactSecrets.js";
import type { AttemptResult } from "./sendOnce.js";
import type { Exchange, RecordedResponse, TransportFailure } from "../model/Exchange.js";

/** The request as sent, secrets still in it. */
export interface SentRequest {
  readonly method: string;
  readonly url: string;
  readonly headers: Readonly<Record<string, string>>;
  readonly body?: string;
}

/** What buildExchange needs besides the attempt. */
export interface ExchangeContext {
  /** The run's secrets: for the curl command, and for whoever embeds this exchange's text in a message. */
  readonly redactor: Redactor;
  readonly timeoutMs: number;
  readonly maxResponseBytes: number;
  readonly retriesAfter429: number;
}

/** Bytes of an incomplete body (cut at the cap, timed out, reset) kept as evidence. */
export const INCOMPLETE_BODY_KEPT_BYTES = 64 * 1024;

/**
 * Deepest JSON nesting the suite parses and judges. The contract nests a few levels; a body
 * nested deeper is not judged (a too-deep failure, an error of the check): parsing 100,000 levels
 * hundreds of times would cost minutes of garbage collection and gigabytes, and proves nothing.
 */
export const MAX_JSON_DEPTH = 1_000;

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

/** Builds the Exchange for a sent request and the attempt that answered it. */
export function buildExchange(sent: SentRequest, attempt: AttemptResult, context: ExchangeContext): Exchange {
  const { redactor } = context;
  const failure = attempt.failure ?? judgeResponse(attempt, context.maxResponseBytes);
  let response: RecordedResponse | undefined;
  let isJson = false;
  let json: unknown;
  let tooDeep: TransportFailure | undefined;
  if (attempt.response !== undefined) {
    const raw = attempt.response;
    // A body that ended early (cut, timed out, reset) is not the target's answer: never parse it,
    // and keep only its head as evidence, so oversized answers do not pile up in memory.
    const complete = !raw.truncated && attempt.failure === undefined;
    const decoded = complete
      ? decodeBodyText(raw.body, raw.headers["content-type"])
      : {
          text: raw.body.subarray(0, INCOMPLETE_BODY_KEPT_BYTES).toString("utf8"),
          jsonText: "",
          note: undefined,
          invalidUtf8: undefined,
        };
    const text = decoded.text;
    if (complete && nestsDeeperThan(decoded.jsonText, MAX_JSON_DEPTH)) {
      tooDeep = {
        kind: "too-deep",
        message: `the body nests JSON more than ${MAX_JSON_DEPTH} levels deep; the suite does not judge it.`,
      };
    } else if (complete) {
      try {
        // V8 parses iteratively: JSON nested 100,000 levels deep parses without a stack overflow.
        json = JSON.parse(decoded.jsonText);
        isJson = true;
      } catch {
        json = undefined;
      }
    }
    response = {
      status: raw.status,
      headers: raw.headers,
      bodyText: text,
      truncated: raw.truncated,
      bodyBytes: raw.bytesReceived,
      ...(raw.decodedFrom === undefined ? {} : { decodedFrom: raw.decodedFrom }),
      ...(decoded.note === undefined ? {} : { textNote: decoded.note }),
      ...(!complete || decoded.invalidUtf8 === undefined ? {} : { invalidUtf8: decoded.invalidUtf8 }),
    };
  }
  const exchange: Omit<Exchange, "curl"> = {
    request: {
      method: sent.method,
      url: sent.url,
      headers: sent.headers,
      ...(sent.body === undefined ? {} : { body: sent.body }),
    },
    ...(response === undefined ? {} : { response }),
    ...(isJson ? { json } : {}),
    isJson,
    ...(failure === undefined && tooDeep === undefined ? {} : { failure: failure ?? (tooDeep as TransportFailure) }),
    startedAt: attempt.startedAt,
    durationMs: attempt.durationMs,
    ...(attempt.timeToHeadersMs === undefined ? {} : { timeToHeadersMs: attempt.timeToHeadersMs }),
    retriesAfter429: context.retriesAfter429,
  };
  // Most exchanges never become evidence: the curl command is built when first read (a
  // report, a spread, a structured clone), not for every request.
  let curl: string | undefined;
  const built = Object.defineProperty(exchange, "curl", {
    get: () => (curl ??= buildCurlCommand(sent, { secrets: redactor.secrets, timeoutMs: context.timeoutMs })),
    enumerable: true,
    configurable: true,
  }) as Exchange;
  return attachRedactor(built, redactor);
}

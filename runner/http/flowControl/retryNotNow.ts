/**
 * Retries of the answers that say "not now" rather than answer (availability, not conformance): 429 (RFC 6585
 * §4), 503 (RFC 9110 §15.6.4: the server is overloaded or down for maintenance, load shedding), and 502 / 504
 * from a gateway whose node failed or did not answer in time. Each is waited out, as undici's retry interceptor
 * would (`interceptors.retry`: its statusCodes, its methods with POST added, its retryAfter honoured, its back-off
 * of minTimeout × timeoutFactor^n), while the request's retries and waits stay within --max-retries and
 * --max-retry-wait; past them the answer is kept with a failure naming the cause ("rate-limited" for 429,
 * "unavailable" for the others): an error, never a failure. The loop stays ours rather than undici's because every
 * attempt is recorded (the run's HAR log, the exchange log) and each 429 teaches the pace (createRateLimiter.ts). The
 * budget and what was spent of it are the flow state's (flowState.ts).
 */
import type { FlowState, PacedResult } from "./flowState.js";
import type { SentRequest } from "../buildExchange.js";
import type { ResolvedUrl } from "../clientConnection.js";
import { seconds } from "../clientSettings.js";
import type { ExchangeRecorder } from "../exchangeRecorder.js";
import type { RequestPriority } from "../types.js";
import { parseRetryAfter } from "../parseRetryAfter.js";
import { readRateLimitHeaders } from "../readRateLimitHeaders.js";
import type { AttemptResult } from "../sendOnce.js";
import type { Exchange } from "../../model/Exchange.js";

/** The statuses retried, undici's `statusCodes` option: a rate limit, and a server or gateway not available now. */
const NOT_NOW_STATUSES: ReadonlySet<number> = new Set([429, 502, 503, 504]);
/** undici's `minTimeout`: the first wait after an answer without a readable Retry-After. */
const MIN_TIMEOUT_MS = 1_000;
/** undici's `timeoutFactor`: each further wait without Retry-After doubles. */
const TIMEOUT_FACTOR = 2;

const sleep = (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms));

/** One request the retries send until it is answered: what goes on the wire, where, asked for which path. */
export interface RetriedRequest {
  readonly sent: SentRequest;
  readonly url: ResolvedUrl;
  readonly path: string;
  readonly timeoutMs: number;
  readonly priority?: RequestPriority | undefined;
}

/** One attempt of a request, paced by the flow state (flowControl.ts). */
export type Attempt = (request: RetriedRequest) => Promise<PacedResult>;

/** How long a request waited, and what its last answer asked. */
interface Waited {
  readonly retries: number;
  readonly waitedMs: number;
  readonly askedMs: number | undefined;
}

/** The "not now" answer kept as it came, with the reason it is not waited out any longer. */
function givenUp(result: AttemptResult, status: number, waited: Waited, maxRetryWaitMs: number, slowest?: number) {
  const { retries, waitedMs, askedMs } = waited;
  const rateLimited = status === 429;
  const what = rateLimited ? "429 (rate limited)" : `${status} (${status === 503 ? "unavailable" : "gateway"})`;
  const example = slowest === undefined ? "" : ` (e.g. --rate-limit ${Math.max(1, Math.floor(slowest))})`;
  const hint = rateLimited
    ? `lower the request rate with --rate-limit${example}, or raise --max-retry-wait`
    : "the target was not available to judge; raise --max-retry-wait, or run when it is";
  const limit = `--max-retry-wait ${seconds(maxRetryWaitMs)}`;
  const message =
    askedMs !== undefined && askedMs > maxRetryWaitMs
      ? `the target answered ${what} and asked to wait ${seconds(askedMs)}, longer than ${limit}; ${hint}.`
      : `the target still answered ${what} after ${retries} retr${retries === 1 ? "y" : "ies"} ` +
        `over ${seconds(waitedMs)} (${limit}); ${hint}.`;
  return { ...result, failure: { kind: rateLimited ? ("rate-limited" as const) : ("unavailable" as const), message } };
}

/**
 * Sends `request` through `attempt`, waiting out its "not now" answers within the state's budget; records every
 * attempt with `recorder`; the exchange is the last answer's.
 */
export async function sendUntilAnswered(
  state: FlowState,
  attempt: Attempt,
  recorder: ExchangeRecorder,
  request: RetriedRequest,
): Promise<Exchange> {
  const { pace, budget, spent } = state;
  const { sent, path, timeoutMs } = request;
  let retries = 0;
  let waitedMs = 0;
  for (;;) {
    const { ticket, ...result } = await attempt(request);
    const status = result.response?.status;
    const quota = result.response === undefined ? undefined : readRateLimitHeaders(result.response.headers);
    if (status === undefined || !NOT_NOW_STATUSES.has(status)) {
      if (result.response !== undefined && ticket !== undefined) pace.answered(ticket, quota);
      return recorder.record(sent, path, result, timeoutMs, retries);
    }
    const asked = parseRetryAfter(result.response?.headers["retry-after"]);
    const wait = asked ?? MIN_TIMEOUT_MS * TIMEOUT_FACTOR ** retries;
    const givesUp = state.closed || retries >= budget.maxRetries || waitedMs + wait > budget.maxRetryWaitMs;
    // The pace learns from every 429 (createRateLimiter.ts decides whether the pace caused it), except
    // one asking for longer than --max-retry-wait: a quota no pace cures, and holding every start for
    // part of a wait that is never honoured would only stall the run (the path's breaker stops it).
    // A 502/503/504 does not pace: the concurrency limit halves on a 503 (adaptiveSemaphore.ts).
    const honourable = asked === undefined || asked <= budget.maxRetryWaitMs;
    if (status === 429 && ticket !== undefined && honourable)
      pace.rateLimited(ticket, Math.min(wait, budget.maxRetryWaitMs), quota);
    if (givesUp) {
      const waited = { retries, waitedMs, askedMs: asked };
      const kept = givenUp(result, status, waited, budget.maxRetryWaitMs, pace.slowest());
      return recorder.record(sent, path, kept, timeoutMs, retries);
    }
    recorder.recordWaited(sent, result, timeoutMs, retries);
    retries += 1;
    if (status === 429) spent.rateLimited += 1;
    else spent.unavailable[status] = (spent.unavailable[status] ?? 0) + 1;
    waitedMs += wait;
    await sleep(wait);
  }
}

/**
 * Retries of the answers that say "not now" rather than answer (availability, not conformance): 429 (RFC 6585
 * §4), 503 (RFC 9110 §15.6.4: the server is overloaded or down for maintenance, load shedding), and 502 / 504
 * from a gateway whose node failed or did not answer in time. Each is waited out, as undici's retry interceptor
 * would (`interceptors.retry`: its statusCodes, its methods with POST added, its retryAfter honoured, its back-off
 * of minTimeout × timeoutFactor^n), while the request's retries and waits stay within --max-retries and
 * --max-retry-wait; past them the answer is kept with a failure naming the cause ("rate-limited" for 429,
 * "unavailable" for the others): an error, never a failure. The loop stays ours rather than undici's because every
 * attempt is recorded (the run's HAR log, the exchange log) and each 429 teaches the pace (createRateLimiter.ts).
 */
import type { SentRequest } from "./buildExchange.js";
import type { ResolvedUrl } from "./clientConnection.js";
import { seconds } from "./clientSettings.js";
import type { RateLimiter } from "./createRateLimiter.js";
import type { ExchangeRecorder } from "./exchangeRecorder.js";
import type { RequestPriority } from "./types.js";
import type { PacedResult } from "./pacedAttempt.js";
import { parseRetryAfter } from "./parseRetryAfter.js";
import { readRateLimitHeaders } from "./readRateLimitHeaders.js";
import type { AttemptResult } from "./sendOnce.js";
import type { Exchange } from "../model/Exchange.js";

/** The statuses retried, undici's `statusCodes` option: a rate limit, and a server or gateway not available now. */
const NOT_NOW_STATUSES: ReadonlySet<number> = new Set([429, 502, 503, 504]);
/** undici's `minTimeout`: the first wait after an answer without a readable Retry-After. */
const MIN_TIMEOUT_MS = 1_000;
/** undici's `timeoutFactor`: each further wait without Retry-After doubles. */
const TIMEOUT_FACTOR = 2;

const sleep = (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms));

/** What the retries use. */
export interface RetryParts {
  readonly attempt: (
    sent: SentRequest,
    url: ResolvedUrl,
    timeoutMs: number,
    priority?: RequestPriority,
  ) => Promise<PacedResult>;
  readonly limiter: RateLimiter;
  readonly recorder: ExchangeRecorder;
  /** undici's `maxRetries` (--max-retries). */
  readonly max429Retries: number;
  /** The run's time budget for one request's waits (--max-retry-wait); undici's `maxTimeout` caps one wait. */
  readonly maxRetryWaitMs: number;
  readonly isClosed: () => boolean;
}

/** The retries of one client. */
export interface Retries {
  /** Sends `sent` (asked for `path`), waiting out its "not now" answers; the exchange is the last answer's. */
  send(
    sent: SentRequest,
    url: ResolvedUrl,
    path: string,
    timeoutMs: number,
    priority?: RequestPriority,
  ): Promise<Exchange>;
  /** 429 answers waited out so far. */
  retries(): number;
  /** 502, 503 and 504 answers waited out so far, by status; undefined while none was. */
  unavailable(): Readonly<Record<string, number>> | undefined;
}

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

/** Retries with `parts`. */
export function createRetries(parts: RetryParts): Retries {
  const { limiter, recorder, max429Retries, maxRetryWaitMs } = parts;
  let retries429 = 0;
  const unavailable: Record<string, number> = {};
  return {
    async send(sent, url, path, timeoutMs, priority) {
      let retries = 0;
      let waitedMs = 0;
      for (;;) {
        const { ticket, ...result } = await parts.attempt(sent, url, timeoutMs, priority);
        const status = result.response?.status;
        const quota = result.response === undefined ? undefined : readRateLimitHeaders(result.response.headers);
        if (status === undefined || !NOT_NOW_STATUSES.has(status)) {
          if (result.response !== undefined && ticket !== undefined) limiter.answered(ticket, quota);
          return recorder.record(sent, path, result, timeoutMs, retries);
        }
        const asked = parseRetryAfter(result.response?.headers["retry-after"]);
        const wait = asked ?? MIN_TIMEOUT_MS * TIMEOUT_FACTOR ** retries;
        const givesUp = parts.isClosed() || retries >= max429Retries || waitedMs + wait > maxRetryWaitMs;
        // The pace learns from every 429 (createRateLimiter.ts decides whether the pace caused it), except
        // one asking for longer than --max-retry-wait: a quota no pace cures, and holding every start for
        // part of a wait that is never honoured would only stall the run (the path's breaker stops it).
        // A 502/503/504 does not pace: the concurrency limit halves on a 503 (adaptiveSemaphore.ts).
        const honourable = asked === undefined || asked <= maxRetryWaitMs;
        if (status === 429 && ticket !== undefined && honourable)
          limiter.rateLimited(ticket, Math.min(wait, maxRetryWaitMs), quota);
        if (givesUp) {
          const kept = givenUp(
            result,
            status,
            { retries, waitedMs, askedMs: asked },
            maxRetryWaitMs,
            limiter.slowest(),
          );
          return recorder.record(sent, path, kept, timeoutMs, retries);
        }
        recorder.recordWaited(sent, result, timeoutMs, retries);
        retries += 1;
        if (status === 429) retries429 += 1;
        else unavailable[status] = (unavailable[status] ?? 0) + 1;
        waitedMs += wait;
        await sleep(wait);
      }
    },
    retries: () => retries429,
    unavailable: () => (Object.keys(unavailable).length === 0 ? undefined : { ...unavailable }),
  };
}

/**
 * Retries after 429: each 429 is waited out (its Retry-After, or a first wait of 1 s doubling with each
 * further 429) while the request's retries and waits stay within --max-retries and --max-retry-wait;
 * past them the 429 is kept as a "rate-limited" failure. The pace (createRateLimiter.ts) hears every answer.
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

/** First wait after a 429 without a readable Retry-After; doubles with each further 429. */
const DEFAULT_429_WAIT_MS = 1_000;

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
  readonly max429Retries: number;
  readonly maxRetryWaitMs: number;
  readonly isClosed: () => boolean;
}

/** The retries of one client. */
export interface Retries429 {
  /** Sends `sent` (asked for `path`), waiting out its 429s; the exchange is the last answer's. */
  send(
    sent: SentRequest,
    url: ResolvedUrl,
    path: string,
    timeoutMs: number,
    priority?: RequestPriority,
  ): Promise<Exchange>;
  /** 429 answers waited out so far. */
  retries(): number;
}

/** The 429 kept as it came, with the reason it is not waited out any longer. */
function rateLimited(
  result: AttemptResult,
  waited: { readonly retries: number; readonly waitedMs: number; readonly askedMs: number | undefined },
  maxRetryWaitMs: number,
  slowest: number | undefined,
): AttemptResult {
  const { retries, waitedMs, askedMs } = waited;
  const example = slowest === undefined ? "" : ` (e.g. --rate-limit ${Math.max(1, Math.floor(slowest))})`;
  const hint = `lower the request rate with --rate-limit${example}, or raise --max-retry-wait`;
  const limit = `--max-retry-wait ${seconds(maxRetryWaitMs)}`;
  const message =
    askedMs !== undefined && askedMs > maxRetryWaitMs
      ? `the target answered 429 (rate limited) and asked to wait ${seconds(askedMs)}, longer than ${limit}; ${hint}.`
      : `the target still answered 429 (rate limited) after ${retries} retr${retries === 1 ? "y" : "ies"} ` +
        `over ${seconds(waitedMs)} (${limit}); ${hint}.`;
  return { ...result, failure: { kind: "rate-limited", message } };
}

/** Retries with `parts`. */
export function createRetries429(parts: RetryParts): Retries429 {
  const { limiter, recorder, max429Retries, maxRetryWaitMs } = parts;
  let retries429 = 0;
  return {
    async send(sent, url, path, timeoutMs, priority) {
      let retries = 0;
      let waitedMs = 0;
      for (;;) {
        const { ticket, ...result } = await parts.attempt(sent, url, timeoutMs, priority);
        const quota = result.response === undefined ? undefined : readRateLimitHeaders(result.response.headers);
        if (result.response?.status !== 429) {
          if (result.response !== undefined && ticket !== undefined) limiter.answered(ticket, quota);
          return recorder.record(sent, path, result, timeoutMs, retries);
        }
        recorder.recordWaited(sent, result, timeoutMs, retries);
        const asked = parseRetryAfter(result.response.headers["retry-after"]);
        const wait = asked ?? DEFAULT_429_WAIT_MS * 2 ** retries;
        const givesUp = parts.isClosed() || retries >= max429Retries || waitedMs + wait > maxRetryWaitMs;
        // The pace learns from every 429 (createRateLimiter.ts decides whether the pace caused it), except
        // one asking for longer than --max-retry-wait: a quota no pace cures, and holding every start for
        // part of a wait that is never honoured would only stall the run (the target-wide breaker stops it).
        const honourable = asked === undefined || asked <= maxRetryWaitMs;
        if (ticket !== undefined && honourable) limiter.rateLimited(ticket, Math.min(wait, maxRetryWaitMs), quota);
        if (givesUp) {
          const kept = rateLimited(result, { retries, waitedMs, askedMs: asked }, maxRetryWaitMs, limiter.slowest());
          return recorder.record(sent, path, kept, timeoutMs, retries);
        }
        retries += 1;
        retries429 += 1;
        waitedMs += wait;
        await sleep(wait);
      }
    },
    retries: () => retries429,
  };
}

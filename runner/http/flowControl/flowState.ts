/**
 * The one state of the flow-control layer (flowControl.ts): everything that decides when a request goes out
 * and whether it goes again, kept in one object that each of its parts reads and changes —
 * the pace (createRateLimiter.ts, pace.ts), the window of requests in flight (adaptiveSemaphore.ts), the
 * stops (sendingStops.ts: the circuit breaker, the run's deadline, the suite's own trouble) and the retry
 * budget with what it spent (retryNotNow.ts). Each option of the client is read here once.
 */
import { createAdaptiveSemaphore, type AdaptiveSemaphore } from "./adaptiveSemaphore.js";
import { createRateLimiter, type RateLimiter } from "./createRateLimiter.js";
import { createSendingStops, type SendingStops } from "./sendingStops.js";
import type { ClientSettings } from "../clientSettings.js";
import type { AttemptResult } from "../sendOnce.js";
import type { HttpClientOptions } from "../types.js";

/** An attempt's result, with the number of its start when it started. */
export type PacedResult = AttemptResult & { readonly ticket?: number };

/** What the retries may spend on one request (--max-retries, --max-retry-wait). */
export interface RetryBudget {
  readonly maxRetries: number;
  readonly maxRetryWaitMs: number;
}

/** The "not now" answers waited out so far: 429s, and 502/503/504 by status. */
export interface RetriesSpent {
  rateLimited: number;
  readonly unavailable: Record<string, number>;
}

/** The state of one client's flow of requests. */
export interface FlowState {
  /** The pace of starts: configured, announced by the target, learnt from its 429s. */
  readonly pace: RateLimiter;
  /** The window of requests in flight: fixed (--concurrency) or found as TCP finds its window. */
  readonly window: AdaptiveSemaphore;
  /** Whether the client still sends, to the target and to each path, and why not. */
  readonly stops: SendingStops;
  readonly budget: RetryBudget;
  readonly spent: RetriesSpent;
  /** The client was closed: nothing more is sent or waited for. */
  closed: boolean;
}

/** The flow state of a client with `options`, resolved to `settings`. */
export function createFlowState(options: HttpClientOptions, settings: ClientSettings): FlowState {
  return {
    stops: createSendingStops(settings, options.maxRunTimeMs),
    // Fixed with --concurrency, else the level the target takes (issue 42.1, adaptiveSemaphore.ts).
    window: createAdaptiveSemaphore({ fixed: options.concurrency, cap: options.maxConcurrency }),
    pace: createRateLimiter(options.rateLimitPerSecond),
    budget: { maxRetries: settings.max429Retries, maxRetryWaitMs: settings.maxRetryWaitMs },
    spent: { rateLimited: 0, unavailable: {} },
    closed: false,
  };
}

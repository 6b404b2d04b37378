/**
 * How many requests a run keeps in flight, found as TCP finds its window (issue 42.1): it starts at
 * ADAPTIVE_DEFAULTS.initial, doubles once per round trip (slow start) while answers keep their latency
 * and the target does not push back, then grows by one per round trip (additive increase), up to a cap.
 * A push-back (429, 503, a refused connection, a timeout) or latency grown well past the fastest seen
 * halves it (multiplicative decrease), at most once per round trip, so one burst of 429s counts once.
 * A fixed number (--concurrency) never moves. The controller only counts: the clock is injected, the
 * semaphore (adaptiveSemaphore.ts) applies the limit.
 */

/** One answered (or failed) request, as the controller hears of it. */
export interface ConcurrencySample {
  /** From the start of the attempt to its end (milliseconds); the rate limiter's wait is not in it. */
  readonly latencyMs: number;
  /** The target said "slow down": 429, 503, a refused connection or a timeout. */
  readonly pushback: boolean;
  /** When the request started (the controller's clock): samples of requests started before a decrease do not decrease again. */
  readonly startedAt: number;
}

/** What the controller saw, for the report and the bench. */
export interface ConcurrencyFigures {
  /** The limit now. */
  readonly limit: number;
  /** The highest limit reached. */
  readonly highest: number;
  /** How many times it halved. */
  readonly decreases: number;
}

/** The limit of requests in flight, learning from each sample. */
export interface ConcurrencyController {
  /** Requests that may be in flight now (a whole number ≥ 1). */
  limit(): number;
  /** Learns from one ended request. */
  sample(sample: ConcurrencySample): void;
  figures(): ConcurrencyFigures;
}

/** Defaults of the adaptive controller. */
export const ADAPTIVE_DEFAULTS = {
  /** Where a run starts: the suite's fixed number before issue 42. */
  initial: 4,
  /** The cap (--max-concurrency). */
  cap: 32,
} as const;

/** Latency this many times the fastest seen (smoothed) means a queue is building at the target. */
const LATENCY_GROWTH = 2;
/** … and at least this much slower (milliseconds): on loopback a 1 ms answer doubling is noise. */
const LATENCY_SLACK_MS = 25;
/** Weight of a new sample in the smoothed latency (as TCP's SRTT, RFC 6298 §2: 1/8). */
const SMOOTHING = 1 / 8;

/** Options of an adaptive controller. */
export interface AdaptiveOptions {
  readonly initial?: number;
  readonly cap?: number;
  /** The controller's clock (milliseconds). */
  readonly now: () => number;
}

/** A controller that never moves from `limit` (--concurrency N). */
export function fixedConcurrency(limit: number): ConcurrencyController {
  return { limit: () => limit, sample: () => undefined, figures: () => ({ limit, highest: limit, decreases: 0 }) };
}

/** A controller that finds the target's level between 1 and the cap, starting at the initial limit. */
export function adaptiveConcurrency(options: AdaptiveOptions): ConcurrencyController {
  const cap = options.cap ?? ADAPTIVE_DEFAULTS.cap;
  if (!Number.isInteger(cap) || cap < 1)
    throw new RangeError(`the concurrency cap must be a whole number ≥ 1, received ${String(cap)}`);
  let window = Math.min(cap, options.initial ?? ADAPTIVE_DEFAULTS.initial);
  let threshold = cap;
  let highest = window;
  let decreases = 0;
  let fastest = Infinity;
  let smoothed: number | undefined;
  /** Requests started before this time belong to the round trip that already decreased. */
  let decreasedAt = -Infinity;

  const decrease = (startedAt: number): void => {
    if (startedAt < decreasedAt) return;
    decreasedAt = options.now();
    window = Math.max(1, Math.floor(window / 2));
    threshold = window;
    decreases += 1;
    // The queue that grew the latency drains at the lower limit: the smoothed latency starts over.
    smoothed = undefined;
  };

  return {
    limit: () => Math.max(1, Math.floor(window)),
    sample({ latencyMs, pushback, startedAt }) {
      if (pushback) return decrease(startedAt);
      fastest = Math.min(fastest, latencyMs);
      smoothed = smoothed === undefined ? latencyMs : smoothed + SMOOTHING * (latencyMs - smoothed);
      if (smoothed > fastest * LATENCY_GROWTH && smoothed > fastest + LATENCY_SLACK_MS) return decrease(startedAt);
      // Slow start adds one per answer (twice the limit per round trip); past the threshold, one per round trip.
      window = Math.min(cap, window < threshold ? window + 1 : window + 1 / window);
      highest = Math.max(highest, Math.floor(window));
    },
    figures: () => ({ limit: Math.max(1, Math.floor(window)), highest, decreases }),
  };
}

/**
 * How many requests a run keeps in flight, found as TCP finds its window (issue 42.1): it starts at
 * ADAPTIVE_DEFAULTS.initial, doubles once per round trip (slow start) while answers keep their latency
 * and the target does not push back, then grows by one per round trip (additive increase), up to a cap.
 * A push-back (429, 503, a refused connection, a timeout) halves it (multiplicative decrease), at most
 * once per round trip, so one burst of 429s counts once; so do two rounds in a row whose mean latency grew
 * well past the fastest round's. Latency is judged per round (as many answers as the limit, 8 at least),
 * never per answer, and only when it stays grown: on a loaded machine answers come late for the client's
 * own reasons (its event loop was busy), a round at a time; a queue at the target stays.
 * The limit grows only while the run uses all of it (as TCP's window, RFC 7661): a run that kept 3 requests
 * in flight proved nothing about 32, and would open them all at once the moment it wanted more.
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
  /** The run wanted at least as many requests in flight as the limit allows when the answer came. */
  readonly saturated: boolean;
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

/** A round's mean latency this many times the fastest round's means a queue is building at the target. */
const LATENCY_GROWTH = 2;
/** … and at least this much slower (milliseconds): on loopback a 1 ms answer doubling is noise. */
const LATENCY_SLACK_MS = 25;
/** Fewest answers a round's mean latency is taken over. */
const MIN_ROUND = 8;
/** Rounds in a row whose latency grew that halve the limit. */
const SLOW_ROUNDS = 2;

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
  /** The fastest round's mean latency, and the answers of the round under way. */
  let fastest = Infinity;
  let round = { sum: 0, count: 0, size: Math.max(MIN_ROUND, window) };
  /** Rounds in a row whose latency grew. */
  let slowRounds = 0;
  /** Requests started before this time belong to the round trip that already decreased. */
  let decreasedAt = -Infinity;

  const decrease = (startedAt: number): void => {
    if (startedAt < decreasedAt) return;
    decreasedAt = options.now();
    window = Math.max(1, Math.floor(window / 2));
    threshold = window;
    decreases += 1;
    // The queue that grew the latency drains at the lower limit: the rounds start over.
    round = { sum: 0, count: 0, size: Math.max(MIN_ROUND, window) };
    slowRounds = 0;
  };
  /** Adds one answer to the round; true when the round just ended slower than the fastest by far. */
  const slowerRound = (latencyMs: number): boolean => {
    round = { ...round, sum: round.sum + latencyMs, count: round.count + 1 };
    if (round.count < round.size) return false;
    const mean = round.sum / round.count;
    // The next round is as many answers as requests may be in flight now (one round trip's worth).
    round = { sum: 0, count: 0, size: Math.max(MIN_ROUND, Math.floor(window)) };
    fastest = Math.min(fastest, mean);
    slowRounds = mean > fastest * LATENCY_GROWTH && mean > fastest + LATENCY_SLACK_MS ? slowRounds + 1 : 0;
    return slowRounds >= SLOW_ROUNDS;
  };

  return {
    limit: () => Math.max(1, Math.floor(window)),
    sample({ latencyMs, pushback, startedAt, saturated }) {
      if (pushback) return decrease(startedAt);
      if (slowerRound(latencyMs)) return decrease(startedAt);
      if (!saturated) return;
      // Slow start adds one per answer (twice the limit per round trip); past the threshold, one per round trip.
      window = Math.min(cap, window < threshold ? window + 1 : window + 1 / window);
      highest = Math.max(highest, Math.floor(window));
    },
    figures: () => ({ limit: Math.max(1, Math.floor(window)), highest, decreases }),
  };
}

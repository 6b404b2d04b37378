/**
 * Spaces request starts evenly (at most `perSecond` starts in any second, no bursts) and paces
 * the run down while the target answers 429: a Retry-After holds every start back, each 429
 * halves the allowed rate, and answers without 429 bring it back slowly (AIMD, as TCP does).
 */

/** Resolves when the caller may start its request; learns from the answers. */
export interface RateLimiter {
  take(): Promise<void>;
  /** A 429 came: halve the rate, and start nothing before `retryAfterMs` from now. */
  rateLimited(retryAfterMs: number): void;
  /** An answer other than 429 came: recover a little. */
  answered(): void;
  /** The lowest rate paced down to (requests per second), undefined while never slowed. */
  slowest(): number | undefined;
  /** The rate allowed now (requests per second), undefined while unlimited. */
  current(): number | undefined;
}

const sleep = (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms));

/** The slowest the run is paced down to. */
const MIN_RATE_PER_SECOND = 1;
/** Answers without 429 that it takes to win back one request per second. */
const ANSWERS_PER_STEP_UP = 10;
/** Window over which the rate of an unlimited run is measured at its first 429. */
const OBSERVED_WINDOW_MS = 1000;
/** 429s within this time of a halving belong to the same burst (as TCP halves once per round trip): no second halving. */
const HALVING_INTERVAL_MS = 1000;

/**
 * A limiter allowing one start every 1000/perSecond ms; undefined perSecond = no limit until
 * the first 429. Takers queue in a chain and each waits from the previous taker's actual start,
 * so a late timer never lets two starts come closer than the spacing.
 */
export function createRateLimiter(perSecond: number | undefined): RateLimiter {
  if (perSecond !== undefined && (!(perSecond > 0) || !Number.isFinite(perSecond))) {
    throw new RangeError(`rateLimitPerSecond must be a positive number, received ${String(perSecond)}`);
  }
  /** undefined: unlimited. */
  let rate = perSecond;
  /** The rate to recover to; undefined: unlimited again. */
  let ceiling = perSecond;
  let slowest: number | undefined;
  let notBefore = 0;
  let lastHalving = -Infinity;
  let lastStart = -Infinity;
  const recentStarts: number[] = [];
  let tail: Promise<void> = Promise.resolve();

  const waitFor = (): number => {
    const now = performance.now();
    const spacing = rate === undefined ? 0 : 1000 / rate;
    return Math.max(notBefore - now, lastStart + spacing - now);
  };

  return {
    take() {
      if (rate === undefined && notBefore <= performance.now()) {
        const now = performance.now();
        lastStart = now;
        recentStarts.push(now);
        while ((recentStarts[0] ?? now) < now - OBSERVED_WINDOW_MS) recentStarts.shift();
        return tail;
      }
      const turn = tail.then(async () => {
        // Timers may fire a fraction of a millisecond early: wait again until the spacing has passed.
        for (let wait = waitFor(); wait > 0; wait = waitFor()) await sleep(Math.ceil(wait));
        lastStart = performance.now();
      });
      tail = turn;
      return turn;
    },
    rateLimited(retryAfterMs) {
      const now = performance.now();
      notBefore = Math.max(notBefore, now + retryAfterMs);
      if (now - lastHalving < HALVING_INTERVAL_MS) return;
      lastHalving = now;
      // An unlimited run halves the rate it was going at: starts over the last second, or over
      // the time since its first start when younger (at least 50 ms, so a first burst is no infinite rate).
      const recent = recentStarts.filter((at) => at >= now - OBSERVED_WINDOW_MS);
      const spanMs = Math.max(50, now - (recent[0] ?? now));
      const current = rate ?? Math.max(MIN_RATE_PER_SECOND * 2, (recent.length * 1000) / Math.min(OBSERVED_WINDOW_MS, spanMs));
      rate = Math.max(MIN_RATE_PER_SECOND, current / 2);
      slowest = Math.min(slowest ?? Infinity, rate);
    },
    answered() {
      if (rate === undefined || slowest === undefined) return;
      const next = rate + 1 / ANSWERS_PER_STEP_UP;
      rate = ceiling !== undefined ? Math.min(ceiling, next) : next;
      // An unlimited run is unlimited again once back at four times the slowest rate it was paced down to.
      if (ceiling === undefined && rate >= 4 * slowest) rate = undefined;
    },
    slowest: () => slowest,
    current: () => rate,
  };
}

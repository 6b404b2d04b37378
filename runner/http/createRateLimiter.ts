/**
 * Spaces request starts evenly (at most `perSecond` starts in any second, no bursts) and paces
 * the run down while the target answers 429: a burst of 429s halves the allowed rate (once per
 * second at most, as TCP halves once per round trip), and every answer without 429 wins back 3%
 * (it takes about 24 answers to double), up to the configured rate — or, for a run without
 * --rate-limit, until it is free again. The request that got the 429 waits out its Retry-After
 * itself (createHttpClient).
 */

/** Resolves when the caller may start its request; learns from the answers. */
export interface RateLimiter {
  take(): Promise<void>;
  /** A 429 came: halve the rate (once per burst). */
  rateLimited(): void;
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
/** What each answer without 429 multiplies the rate by. */
const RECOVERY_PER_ANSWER = 1.03;
/** Window over which the rate of an unlimited run is measured at its first 429. */
const OBSERVED_WINDOW_MS = 1000;
/** 429s within this time of a halving belong to the same burst: no second halving. */
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
  let slowest: number | undefined;
  /** The rate an unlimited run went at when first limited; back at twice it, it is free again. */
  let freeAgainAt: number | undefined;
  let lastHalving = -Infinity;
  let lastStart = -Infinity;
  const recentStarts: number[] = [];
  let tail: Promise<void> = Promise.resolve();

  const spacingWait = (): number => (rate === undefined ? 0 : lastStart + 1000 / rate - performance.now());

  return {
    take() {
      if (rate === undefined) {
        const now = performance.now();
        lastStart = now;
        recentStarts.push(now);
        while ((recentStarts[0] ?? now) < now - OBSERVED_WINDOW_MS) recentStarts.shift();
        return tail;
      }
      const turn = tail.then(async () => {
        // Timers may fire a fraction of a millisecond early: wait again until the spacing has passed.
        for (let wait = spacingWait(); wait > 0; wait = spacingWait()) await sleep(Math.ceil(wait));
        lastStart = performance.now();
      });
      tail = turn;
      return turn;
    },
    rateLimited() {
      const now = performance.now();
      if (now - lastHalving < HALVING_INTERVAL_MS) return;
      lastHalving = now;
      if (rate === undefined) {
        // An unlimited run halves the rate it went at: starts over the last second, or over the
        // time since its first start when younger (at least 50 ms, so a first burst is no infinite rate).
        const recent = recentStarts.filter((at) => at >= now - OBSERVED_WINDOW_MS);
        const spanMs = Math.min(OBSERVED_WINDOW_MS, Math.max(50, now - (recent[0] ?? now)));
        const observed = Math.max(MIN_RATE_PER_SECOND * 2, (recent.length * 1000) / spanMs);
        freeAgainAt = 2 * observed;
        rate = observed;
      }
      rate = Math.max(MIN_RATE_PER_SECOND, rate / 2);
      slowest = Math.min(slowest ?? Infinity, rate);
    },
    answered() {
      if (rate === undefined || slowest === undefined) return;
      const next = rate * RECOVERY_PER_ANSWER;
      if (perSecond !== undefined) rate = Math.min(perSecond, next);
      else rate = freeAgainAt !== undefined && next >= freeAgainAt ? undefined : next;
    },
    slowest: () => slowest,
    current: () => rate,
  };
}

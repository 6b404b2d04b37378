/** Spaces request starts evenly: at most `perSecond` starts in any second, no bursts. */

/** Resolves when the caller may start its request. */
export interface RateLimiter {
  take(): Promise<void>;
}

const sleep = (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * A limiter allowing one start every 1000/perSecond ms; undefined perSecond = no limit.
 * Takers queue in a chain and each waits from the previous taker's actual start, so a
 * late timer never lets two starts come closer than the spacing.
 */
export function createRateLimiter(perSecond: number | undefined): RateLimiter {
  if (perSecond === undefined) return { take: () => Promise.resolve() };
  if (!(perSecond > 0) || !Number.isFinite(perSecond)) {
    throw new RangeError(`rateLimitPerSecond must be a positive number, received ${String(perSecond)}`);
  }
  const spacingMs = 1000 / perSecond;
  let lastStart = -Infinity;
  let tail: Promise<void> = Promise.resolve();
  return {
    take() {
      const turn = tail.then(async () => {
        // Timers may fire a fraction of a millisecond early: wait again until the spacing has passed.
        for (let wait = lastStart + spacingMs - performance.now(); wait > 0; wait = lastStart + spacingMs - performance.now()) {
          await sleep(Math.ceil(wait));
        }
        lastStart = performance.now();
      });
      tail = turn;
      return turn;
    },
  };
}

/** A counting semaphore: at most `permits` holders at once, first come first served. */

/** Acquire resolves with a release function to call exactly once. */
export interface Semaphore {
  acquire(): Promise<() => void>;
  /** Holders right now. */
  active(): number;
}

/** A semaphore with the given number of permits (at least 1). */
export function createSemaphore(permits: number): Semaphore {
  if (!Number.isInteger(permits) || permits < 1) {
    throw new RangeError(`concurrency must be a whole number of at least 1, received ${String(permits)}`);
  }
  let holders = 0;
  const waiting: (() => void)[] = [];
  const makeRelease = (): (() => void) => {
    let released = false;
    return () => {
      if (released) return;
      released = true;
      const next = waiting.shift();
      if (next === undefined) holders -= 1;
      else next(); // the permit passes straight to the next waiter
    };
  };
  return {
    acquire() {
      if (holders < permits) {
        holders += 1;
        return Promise.resolve(makeRelease());
      }
      return new Promise((resolve) => waiting.push(() => resolve(makeRelease())));
    },
    active: () => holders,
  };
}

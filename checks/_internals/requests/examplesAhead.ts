/**
 * Which examples of a property have their requests sent ahead (issue 42.2): fast-check draws the values
 * of a seed in a fixed order (fc.sample with the same seed and numRuns draws the same ones), so while
 * example i runs, the requests of examples i … i + LOOKAHEAD are already on their way. Once an example
 * does not pass, fast-check shrinks (values no one can know ahead): nothing more is sent ahead, and what
 * was sent and not taken is forgotten. A value that is not the one drawn ahead stops the look-ahead too,
 * so an example only ever takes the answer to its own request.
 */
import fc from "fast-check";
import type { SendAhead } from "./sendAhead.js";

/** Examples whose requests are in flight beyond the one running: enough to keep a 100 ms target busy. */
const LOOKAHEAD = 8;

/** The look-ahead of one property run. */
export interface ExamplesAhead<T> {
  /** Example `value` starts (in fast-check's order): its request and the next ones' are sent. */
  next(value: T): void;
  /** Nothing more is sent ahead; what was sent and not taken is forgotten. */
  stop(): void;
}

const json = (value: unknown): string | undefined => {
  try {
    return JSON.stringify(value);
  } catch {
    return undefined;
  }
};

/** The look-ahead over `arbitrary`'s values for `seed` (none when `ahead` is undefined). */
export function examplesAhead<T>(
  arbitrary: fc.Arbitrary<T>,
  run: { readonly seed: number; readonly numRuns: number },
  ahead: Pick<SendAhead<T>, "start" | "discard"> | undefined,
): ExamplesAhead<T> {
  if (ahead === undefined) return { next: () => undefined, stop: () => undefined };
  const drawn = fc.sample(arbitrary, { seed: run.seed, numRuns: run.numRuns });
  let index = 0;
  let sent = 0;
  let stopped = false;
  const stop = (): void => {
    stopped = true;
    ahead.discard();
  };
  return {
    next(value) {
      if (stopped) return;
      const current = index++;
      const expected = json(drawn[current]);
      if (expected === undefined || expected !== json(value)) return stop();
      for (sent = Math.max(sent, current); sent < Math.min(drawn.length, current + 1 + LOOKAHEAD); sent += 1)
        ahead.start(drawn[sent] as T);
    },
    stop,
  };
}

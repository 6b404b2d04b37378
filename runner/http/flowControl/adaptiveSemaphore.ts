/**
 * The flow-control layer's window of requests in flight (flowControl.ts): a counting semaphore whose limit moves: a
 * ConcurrencyController (adaptiveConcurrency.ts) sets it, learning from every attempt the client
 * passes through observe(). Waiters are served first come first served whenever the limit allows.
 */
import {
  adaptiveConcurrency,
  ADAPTIVE_DEFAULTS,
  fixedConcurrency,
  type ConcurrencyController,
} from "./adaptiveConcurrency.js";
import type { AttemptResult } from "../sendOnce.js";
import type { RequestPriority } from "../types.js";

/** A semaphore whose permits a controller sets, fed by the attempts it observes. */
export interface AdaptiveSemaphore {
  /** Resolves with a release function to call exactly once; a waiter whose priority is background lets every other waiter go first. */
  acquire(priority?: RequestPriority): Promise<() => void>;
  /** Holders right now. */
  active(): number;
  /** Resolves as `attempt` does, after telling the controller its latency and whether the target pushed back. */
  observe<T extends AttemptResult>(attempt: Promise<T>): Promise<T>;
  /** The most requests that may ever be in flight (the connections to open). */
  readonly cap: number;
  readonly controller: ConcurrencyController;
}

/** Statuses that ask the client to slow down (RFC 6585 §4; RFC 9110 §15.6.4). */
const PUSHBACK_STATUSES: ReadonlySet<number> = new Set([429, 503]);
/** Failures that mean the target or the way to it is saturated. */
const PUSHBACK_FAILURES: ReadonlySet<string> = new Set(["connection-refused", "timeout"]);

/** True when `result` tells the client to send less at once. */
export function isPushback(result: AttemptResult): boolean {
  if (result.response !== undefined) return PUSHBACK_STATUSES.has(result.response.status);
  return result.failure !== undefined && PUSHBACK_FAILURES.has(result.failure.kind);
}

/** The semaphore of a client: `fixed` requests at once when given (--concurrency), else adaptive up to `cap`. */
export function createAdaptiveSemaphore(
  options: { readonly fixed?: number; readonly cap?: number },
  now: () => number = () => performance.now(),
): AdaptiveSemaphore {
  const fixed = options.fixed;
  if (fixed !== undefined && (!Number.isInteger(fixed) || fixed < 1))
    throw new RangeError(`concurrency must be a whole number of at least 1, received ${String(fixed)}`);
  const controller =
    fixed === undefined
      ? adaptiveConcurrency({ cap: options.cap ?? ADAPTIVE_DEFAULTS.cap, now })
      : fixedConcurrency(fixed);
  let holders = 0;
  const waiting: { readonly priority: RequestPriority | undefined; readonly grant: () => void }[] = [];
  /** The first waiter not in the background, else the first one. */
  const nextWaiter = (): number => {
    const index = waiting.findIndex((waiter) => waiter.priority?.background !== true);
    return index === -1 ? 0 : index;
  };
  /** Hands permits to waiters while the limit allows (it may have grown). */
  const admit = (): void => {
    while (holders < controller.limit() && waiting.length > 0) {
      holders += 1;
      waiting.splice(nextWaiter(), 1)[0]?.grant();
    }
  };
  const makeRelease = (): (() => void) => {
    let released = false;
    return () => {
      if (released) return;
      released = true;
      holders -= 1;
      admit();
    };
  };
  return {
    cap: fixed ?? options.cap ?? ADAPTIVE_DEFAULTS.cap,
    controller,
    acquire(priority) {
      if (holders < controller.limit() && waiting.length === 0) {
        holders += 1;
        return Promise.resolve(makeRelease());
      }
      return new Promise((resolve) => waiting.push({ priority, grant: () => resolve(makeRelease()) }));
    },
    active: () => holders,
    async observe(attempt) {
      const startedAt = now();
      const result = await attempt;
      const saturated = holders + waiting.length >= controller.limit();
      controller.sample({ latencyMs: now() - startedAt, pushback: isPushback(result), startedAt, saturated });
      admit();
      return result;
    },
  };
}

/**
 * Paces request starts so that a run converges on the target's rate limit instead of running into
 * it (issue 23.1). Starts are spaced evenly (no bursts) at the lowest of three rates:
 *
 * - the configured one (--rate-limit);
 * - the announced one: when answers carry the RateLimit fields (readRateLimitHeaders.ts), 90 % of
 *   the limit per window, the window being the policy's or, when no policy states it, the longest
 *   RateLimit-Reset seen (a 1 s window shows resets of at most 1 s; an hourly quota up to 3600 s).
 *   Spacing starts at 90 % of what the limit allows keeps a run under a sliding window, a fixed
 *   window and a token bucket alike, before any 429. RateLimit-Remaining does not pace: a sliding
 *   window at its limit shows 0 remaining all the time and still admits the next request a moment later;
 * - the learned one, from 429 answers. A 429 to a request sent since the pace last changed makes
 *   the ceiling what the target admitted of the requests sent in the second before it (counted once
 *   their answers are in), or the pace it came at when the target admitted most of what was sent, and
 *   the pace drops to 90 % of the ceiling; when most recent answers were 429s, every new request first
 *   waits out that 429's Retry-After (RFC 6585 §4: how long to wait before making a new request). The
 *   pace grows back with time, never with answers, along a cubic curve (as TCP CUBIC): back at the
 *   ceiling after about 8 s, flat around it, then probing above it, faster the longer no 429 comes. A
 *   growth that depends on time cannot outrun a decrease that comes with the first 429 over the
 *   ceiling, whatever the request rate.
 *
 * A 429 below the ceiling while most requests are admitted means the ceiling was too high (a token
 * bucket admits a burst above its rate before it runs dry): the pace drops 10 % from where it is. When
 * such 429s keep coming (3 or more, 5 % or more of the answers at a learned pace), the target refuses a
 * share of requests at any pace (a quota that refuses every so many requests): the learned pace is
 * dropped, each 429 is waited out by its own request, and only a share of 429s twice as large paces the
 * run again.
 */
import type { QuotaSignal } from "../readRateLimitHeaders.js";
import type { Pacing } from "../../model/Pacing.js";
import {
  initialPaceState,
  learnFrom429,
  learnFromAnswer,
  pacingOf,
  rateAt,
  recordStart,
  round,
  settle,
} from "./pace.js";

/** Resolves when the caller may start its request; learns from the answers. */
export interface RateLimiter {
  /** Resolves when the caller may start, with the number of its start (its ticket). */
  take(): Promise<number>;
  /** A 429 came to the request of `ticket`; it asked to wait `waitMs` (Retry-After, or the default wait). */
  rateLimited(ticket: number, waitMs: number, quota?: QuotaSignal): void;
  /** An answer other than 429 came to the request of `ticket`, saying `quota` about the limit. */
  answered(ticket: number, quota?: QuotaSignal): void;
  /** The lowest rate paced down to (requests per second), undefined while never slowed. */
  slowest(): number | undefined;
  /** The rate allowed now (requests per second), undefined while unlimited. */
  current(): number | undefined;
  /** What the pacing settled on; undefined while the target neither announced a limit nor answered 429. */
  pacing(): Pacing | undefined;
}

const sleep = (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms));

/** The lateness of a timer a start's slot absorbs (milliseconds); a later start begins the slots anew. */
const MAX_TIMER_LATENESS_MS = 5;

/**
 * A limiter starting at `perSecond` (undefined: no limit until the target announces one or answers 429).
 * Takers queue in a chain, each given the slot one spacing after the previous one's: a timer that fires
 * a few milliseconds late delays that start, not the ones after it (the pace holds on average), and a
 * start later than that begins the slots anew, so no burst makes up for idle time.
 */
export function createRateLimiter(perSecond: number | undefined): RateLimiter {
  if (perSecond !== undefined && (!(perSecond > 0) || !Number.isFinite(perSecond))) {
    throw new RangeError(`rateLimitPerSecond must be a positive number, received ${String(perSecond)}`);
  }
  const state = initialPaceState(perSecond);
  /** The slot of the last start: when it was due (a few milliseconds before it happened at most). */
  let lastSlot = -Infinity;
  let tail: Promise<unknown> = Promise.resolve();
  /** Takers in the chain that have not started yet. */
  let waiting = 0;

  /** Waits for the next slot of the pace, and takes it. */
  const nextSlot = async (): Promise<number> => {
    for (;;) {
      const now = performance.now();
      settle(state, now);
      const rate = rateAt(state, now);
      const spacing = rate === undefined ? 0 : 1000 / rate;
      const due = Math.max(state.holdUntil, lastSlot + spacing);
      // Timers may fire a fraction of a millisecond early: wait again until the time has passed.
      if (due > now) {
        await sleep(Math.max(1, Math.floor(due - now)));
        continue;
      }
      // A start a little late for its slot (a timer's lateness) keeps the slot, so the pace holds on average;
      // one much later (nobody was waiting) starts the slots anew: idle time is never made up with a burst.
      lastSlot = now - due <= MAX_TIMER_LATENESS_MS ? due : now;
      waiting -= 1;
      return recordStart(state);
    }
  };

  return {
    take() {
      // Unpaced and nobody waiting: the start is taken at once, without a turn in the chain (issue 28.2).
      // The slot is the start itself: with no pace there is no slot to keep.
      if (waiting === 0 && perSecond === undefined && state.announced === undefined && state.ceiling === undefined) {
        const now = performance.now();
        if (state.holdUntil <= now) {
          lastSlot = now;
          return Promise.resolve(recordStart(state));
        }
      }
      waiting += 1;
      const turn = tail.then(nextSlot);
      tail = turn;
      return turn;
    },
    rateLimited: (ticket, waitMs, quota) => learnFrom429(state, ticket, waitMs, quota),
    answered: (ticket, quota) => learnFromAnswer(state, ticket, quota),
    slowest: () => (state.slowest === undefined ? undefined : round(state.slowest)),
    current() {
      const now = performance.now();
      settle(state, now);
      return rateAt(state, now);
    },
    pacing: () => pacingOf(state),
  };
}

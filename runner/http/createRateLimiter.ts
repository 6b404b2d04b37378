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
import type { QuotaSignal } from "./readRateLimitHeaders.js";
import type { Pacing } from "../model/Pacing.js";

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

/** The slowest 429 answers pace a run down to. */
const MIN_LEARNED_PER_SECOND = 1;
/** The slowest an announced limit paces a run to (an hourly quota may allow less than 1 per second). */
const MIN_ANNOUNCED_PER_SECOND = 0.05;
/** The share of the limit the run paces at: room for the time requests take to reach the limiter. */
const HEADROOM = 0.9;
/** The cubic growth's scale (per s³, relative to the ceiling). */
const CUBIC_SCALE = 0.0002;
/** Seconds from a slow-down back to the ceiling: the cubic curve's flat point (about 7.9 s). */
const CUBIC_K = Math.cbrt((1 - HEADROOM) / CUBIC_SCALE);
/** The lateness of a timer a start's slot absorbs (milliseconds); a later start begins the slots anew. */
const MAX_TIMER_LATENESS_MS = 5;
/** Requests without an answer remembered at most (their start times). */
const MAX_UNANSWERED = 4096;
/** How long the start times of admitted requests are kept: the second before a 429, and its hold. */
const KEPT_STARTS_MS = 60_000;
/** Window over which starts and admitted answers are counted. */
const MEASURE_MS = 1000;
/** The answers (admitted or 429) whose share of 429s tells how the target refuses. */
const OUTCOMES_KEPT = 32;
/** From this share of 429s among the last answers (OUTCOMES_JUDGED of them at least), the target refuses for the pace. */
const REFUSED_FOR_PACE_SHARE = 0.25;
const OUTCOMES_JUDGED = 16;
/** 429s below the ceiling that, at this share of the answers at a learned pace or more, show a pace-independent quota. */
const UNCURED_COUNT = 3;
const UNCURED_SHARE = 0.05;

const round = (rate: number): number => Math.round(rate * 100) / 100;

/** Times within the last MEASURE_MS, oldest first; prunes the older ones. */
function recent(times: number[], now: number): number {
  while ((times[0] ?? now) <= now - MEASURE_MS) times.shift();
  return times.length;
}

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
  let tickets = 0;
  /** The slot of the last start: when it was due (a few milliseconds before it happened at most). */
  let lastSlot = -Infinity;
  const starts: number[] = [];
  const admitted: number[] = [];
  /** When each request still unanswered started, by ticket. */
  const startedAt = new Map<number, number>();
  /** When the admitted requests of the last minute started. */
  const admittedStarts: number[] = [];
  /** The last answers: true admitted, false 429. */
  const outcomes: boolean[] = [];
  let holdUntil = -Infinity;
  /** The limit the answers announce, and the longest reset seen (the window when no policy states it). */
  let announced: { limit: number; windowMs: number } | undefined;
  let longestResetMs = 0;
  /** What the target admitted when it last answered 429 over the pace; the cubic curve grows from it. */
  let ceiling: number | undefined;
  let growFrom = 0;
  /** The second before a slow-down, whose admitted requests set the ceiling once their answers are in. */
  let measuring: { from: number; to: number } | undefined;
  /** The last ticket handed out when the pace last changed: 429s to earlier requests are old news. */
  let slowDownTicket = 0;
  /** Answers to requests sent at a learned pace, and the 429s below the ceiling among them: those the pace did not prevent. */
  let sincePaced = { answers: 0, uncured: 0 };
  /** The share of 429s the target gives at any pace, once seen. */
  let independentShare: number | undefined;
  let slowDowns = 0;
  /** When the pace last dropped. */
  let slowedAt = -Infinity;
  let slowest: number | undefined;
  let tail: Promise<unknown> = Promise.resolve();
  /** Takers in the chain that have not started yet. */
  let waiting = 0;

  /** Records a start now and hands out its ticket. */
  const start = (): number => {
    const started = performance.now();
    starts.push(started);
    recent(starts, started);
    tickets += 1;
    startedAt.set(tickets, started);
    // Requests that never got an answer (a timeout) are forgotten after a while.
    if (startedAt.size > MAX_UNANSWERED) startedAt.delete(startedAt.keys().next().value as number);
    return tickets;
  };

  const announcedRate = (): number | undefined =>
    announced === undefined
      ? undefined
      : Math.max(MIN_ANNOUNCED_PER_SECOND, (HEADROOM * announced.limit * 1000) / announced.windowMs);
  const learnedRate = (now: number): number | undefined => {
    if (ceiling === undefined) return undefined;
    const t = Math.max(0, now - growFrom) / 1000;
    return Math.max(MIN_LEARNED_PER_SECOND, ceiling * (1 + CUBIC_SCALE * (t - CUBIC_K) ** 3));
  };
  const rateAt = (now: number): number | undefined => {
    const rates = [perSecond, announcedRate(), learnedRate(now)].filter((rate) => rate !== undefined);
    return rates.length === 0 ? undefined : Math.min(...rates);
  };
  const noteSlowest = (rate: number | undefined): void => {
    if (rate !== undefined && (perSecond === undefined || rate < perSecond))
      slowest = Math.min(slowest ?? Infinity, rate);
  };
  /** Once the hold after a slow-down has passed, the answers to what was sent before the 429 are in: the ceiling is what was admitted of it. */
  const settle = (now: number): void => {
    if (measuring === undefined || now < holdUntil) return;
    const { from, to } = measuring;
    measuring = undefined;
    if (ceiling === undefined) return;
    ceiling = Math.max(ceiling, admittedStarts.filter((at) => at > from && at <= to).length);
    noteSlowest(learnedRate(growFrom));
  };
  const outcome = (wasAdmitted: boolean): number => {
    outcomes.push(wasAdmitted);
    if (outcomes.length > OUTCOMES_KEPT) outcomes.shift();
    return outcomes.filter((one) => !one).length / outcomes.length;
  };
  const hear = (quota: QuotaSignal | undefined): void => {
    if (quota?.resetMs !== undefined) longestResetMs = Math.max(longestResetMs, quota.resetMs);
    const next =
      quota?.policy ??
      (quota?.limit === undefined ? undefined : { limit: quota.limit, windowMs: Math.max(1000, longestResetMs) });
    if (next === undefined || next.limit < 1) return;
    // The requests sent before this pace was known may run into the limit: their 429s teach nothing.
    if (announced?.limit !== next.limit || announced.windowMs !== next.windowMs)
      slowDownTicket = Math.max(slowDownTicket, tickets);
    announced = next;
    noteSlowest(announcedRate());
  };

  return {
    take() {
      // Unpaced and nobody waiting: the start is taken at once, without a turn in the chain (issue 28.2).
      // The slot is the start itself: with no pace there is no slot to keep.
      if (waiting === 0 && perSecond === undefined && announced === undefined && ceiling === undefined) {
        const now = performance.now();
        if (holdUntil <= now) {
          lastSlot = now;
          return Promise.resolve(start());
        }
      }
      waiting += 1;
      const turn = tail.then(async () => {
        for (;;) {
          const now = performance.now();
          settle(now);
          const rate = rateAt(now);
          const spacing = rate === undefined ? 0 : 1000 / rate;
          const due = Math.max(holdUntil, lastSlot + spacing);
          // Timers may fire a fraction of a millisecond early: wait again until the time has passed.
          if (due > now) {
            await sleep(Math.max(1, Math.floor(due - now)));
            continue;
          }
          // A start a little late for its slot (a timer's lateness) keeps the slot, so the pace holds on average;
          // one much later (nobody was waiting) starts the slots anew: idle time is never made up with a burst.
          lastSlot = now - due <= MAX_TIMER_LATENESS_MS ? due : now;
          break;
        }
        waiting -= 1;
        return start();
      });
      tail = turn;
      return turn;
    },
    rateLimited(ticket, waitMs, quota) {
      startedAt.delete(ticket);
      const share = outcome(false);
      hear(quota);
      if (ticket <= slowDownTicket) return;
      const now = performance.now();
      settle(now);
      // The target's usual refusals, at any pace.
      if (independentShare !== undefined && share <= 2 * independentShare) return;
      const pace = rateAt(now);
      const refusedForPace = outcomes.length >= OUTCOMES_JUDGED && share >= REFUSED_FOR_PACE_SHARE;
      // The cubic curve is back at the ceiling CUBIC_K seconds after the slow-down.
      const belowCeiling = ceiling !== undefined && now - growFrom < CUBIC_K * 1000;
      // In the second after a slow-down, a fixed window filled before it still refuses: nothing to learn.
      if (!refusedForPace && belowCeiling && now - slowedAt < MEASURE_MS) return;
      if (!refusedForPace && belowCeiling) {
        // Below the ceiling, with most requests admitted. Either the ceiling was too high (a token bucket
        // admits a burst over its rate before it runs dry), and the pace drops 10 % from where it is; or the
        // target refuses a share of requests at any pace, which the 429s that keep coming show.
        sincePaced = { answers: sincePaced.answers + 1, uncured: sincePaced.uncured + 1 };
        if (sincePaced.uncured >= UNCURED_COUNT && sincePaced.uncured >= UNCURED_SHARE * sincePaced.answers) {
          independentShare = Math.max(share, sincePaced.uncured / sincePaced.answers);
          sincePaced = { answers: 0, uncured: 0 };
          ceiling = undefined;
          measuring = undefined;
          return;
        }
        ceiling = Math.max(MIN_LEARNED_PER_SECOND, learnedRate(now) ?? MIN_LEARNED_PER_SECOND);
        growFrom = now;
        slowedAt = now;
        slowDownTicket = tickets;
        slowDowns += 1;
        noteSlowest(learnedRate(now));
        return;
      }
      const taken = recent(admitted, now);
      ceiling = Math.max(MIN_LEARNED_PER_SECOND, refusedForPace || pace === undefined ? taken : Math.max(taken, pace));
      slowDownTicket = tickets;
      slowDowns += 1;
      slowedAt = now;
      // When most recent answers were 429, every new request waits out the Retry-After first (RFC 6585 §4:
      // how long to wait before making a new request); a 429 over the ceiling only slows the pace.
      if (refusedForPace || pace === undefined) holdUntil = Math.max(holdUntil, now + waitMs);
      growFrom = Math.max(now, holdUntil);
      // The answers counted so far lag the requests in flight: the ceiling is counted again by start once they are in.
      if (refusedForPace || pace === undefined) measuring = { from: now - MEASURE_MS, to: now };
      else noteSlowest(learnedRate(growFrom));
    },
    answered(ticket, quota) {
      const now = performance.now();
      outcome(true);
      admitted.push(now);
      recent(admitted, now);
      const start = startedAt.get(ticket);
      startedAt.delete(ticket);
      if (start !== undefined) {
        admittedStarts.push(start);
        while ((admittedStarts[0] ?? now) < now - KEPT_STARTS_MS) admittedStarts.shift();
      }
      if (ceiling !== undefined) sincePaced = { ...sincePaced, answers: sincePaced.answers + 1 };
      hear(quota);
    },
    slowest: () => (slowest === undefined ? undefined : round(slowest)),
    current() {
      const now = performance.now();
      settle(now);
      return rateAt(now);
    },
    pacing() {
      settle(performance.now());
      const announcedPace = announcedRate();
      const learnedPace = ceiling === undefined ? undefined : Math.max(MIN_LEARNED_PER_SECOND, HEADROOM * ceiling);
      const announcedFacts =
        announced === undefined
          ? {}
          : { announced: { limit: announced.limit, windowSeconds: round(announced.windowMs / 1000) } };
      if (announcedPace === undefined && learnedPace === undefined) {
        if (independentShare === undefined) return undefined;
        return { source: "waited", slowDowns, refusedShare: round(independentShare) };
      }
      const settled = Math.min(...[perSecond, announcedPace, learnedPace].filter((rate) => rate !== undefined));
      return {
        source:
          learnedPace !== undefined && (announcedPace === undefined || learnedPace < announcedPace)
            ? "learned"
            : "announced",
        settledPerSecond: round(settled),
        slowestPerSecond: round(Math.min(slowest ?? settled, settled)),
        ...announcedFacts,
        slowDowns,
      };
    },
  };
}

/**
 * The pace of the flow-control layer (flowControl.ts): what a rate limiter (createRateLimiter.ts) knows, the
 * pace it gives, and how it learns from answers, in one module so no part of the state travels between two.
 * The pace is the lowest of the configured rate, the announced one (the RateLimit fields, at 90 % of the
 * limit per window) and the learned one (from 429 answers, growing back along a cubic curve from the
 * ceiling the target admitted). A 429 to a request sent since the pace last changed sets the ceiling and
 * slows the pace, a 429 below the ceiling drops it 10 %, and 429s that keep coming at any pace make the
 * limiter wait each one out instead; what the pacing settled on is told in the report.
 */
import type { QuotaSignal } from "../readRateLimitHeaders.js";
import type { Pacing } from "../../model/Pacing.js";

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
/** Requests without an answer remembered at most (their start times). */
const MAX_UNANSWERED = 4096;
/** Window over which starts and admitted answers are counted. */
const MEASURE_MS = 1000;
/** The answers (admitted or 429) whose share of 429s tells how the target refuses. */
const OUTCOMES_KEPT = 32;

/** A limiter's memory; the functions of this module read and change it. */
export interface PaceState {
  /** The configured rate (--rate-limit), if any. */
  readonly perSecond: number | undefined;
  tickets: number;
  readonly starts: number[];
  readonly admitted: number[];
  /** When each request still unanswered started, by ticket. */
  readonly startedAt: Map<number, number>;
  /** When the admitted requests of the last minute started. */
  readonly admittedStarts: number[];
  /** The last answers: true admitted, false 429. */
  readonly outcomes: boolean[];
  holdUntil: number;
  /** The limit the answers announce, and the longest reset seen (the window when no policy states it). */
  announced: { limit: number; windowMs: number } | undefined;
  longestResetMs: number;
  /** What the target admitted when it last answered 429 over the pace; the cubic curve grows from it. */
  ceiling: number | undefined;
  growFrom: number;
  /** The second before a slow-down, whose admitted requests set the ceiling once their answers are in. */
  measuring: { from: number; to: number } | undefined;
  /** The last ticket handed out when the pace last changed: 429s to earlier requests are old news. */
  slowDownTicket: number;
  /** Answers to requests sent at a learned pace, and the 429s below the ceiling among them: those the pace did not prevent. */
  sincePaced: { answers: number; uncured: number };
  /** The share of 429s the target gives at any pace, once seen. */
  independentShare: number | undefined;
  slowDowns: number;
  /** When the pace last dropped. */
  slowedAt: number;
  slowest: number | undefined;
}

/** The memory of a limiter starting at `perSecond`. */
export function initialPaceState(perSecond: number | undefined): PaceState {
  return {
    perSecond,
    tickets: 0,
    starts: [],
    admitted: [],
    startedAt: new Map(),
    admittedStarts: [],
    outcomes: [],
    holdUntil: -Infinity,
    announced: undefined,
    longestResetMs: 0,
    ceiling: undefined,
    growFrom: 0,
    measuring: undefined,
    slowDownTicket: 0,
    sincePaced: { answers: 0, uncured: 0 },
    independentShare: undefined,
    slowDowns: 0,
    slowedAt: -Infinity,
    slowest: undefined,
  };
}

/** Times within the last MEASURE_MS, oldest first; prunes the older ones. */
function recent(times: number[], now: number): number {
  while ((times[0] ?? now) <= now - MEASURE_MS) times.shift();
  return times.length;
}

/** Records a start now and hands out its ticket. */
export function recordStart(state: PaceState): number {
  const started = performance.now();
  state.starts.push(started);
  recent(state.starts, started);
  state.tickets += 1;
  state.startedAt.set(state.tickets, started);
  // Requests that never got an answer (a timeout) are forgotten after a while.
  if (state.startedAt.size > MAX_UNANSWERED) state.startedAt.delete(state.startedAt.keys().next().value as number);
  return state.tickets;
}

/** The pace the announced limit allows, if any. */
function announcedRate(state: PaceState): number | undefined {
  const { announced } = state;
  return announced === undefined
    ? undefined
    : Math.max(MIN_ANNOUNCED_PER_SECOND, (HEADROOM * announced.limit * 1000) / announced.windowMs);
}

/** The pace learned from 429s at `now`, if any: the cubic curve from the ceiling. */
function learnedRate(state: PaceState, now: number): number | undefined {
  if (state.ceiling === undefined) return undefined;
  const t = Math.max(0, now - state.growFrom) / 1000;
  return Math.max(MIN_LEARNED_PER_SECOND, state.ceiling * (1 + CUBIC_SCALE * (t - CUBIC_K) ** 3));
}

/** The pace at `now`: the lowest of the configured, announced and learned ones; undefined while unlimited. */
export function rateAt(state: PaceState, now: number): number | undefined {
  const rates = [state.perSecond, announcedRate(state), learnedRate(state, now)].filter((rate) => rate !== undefined);
  return rates.length === 0 ? undefined : Math.min(...rates);
}

/** Keeps `rate` as the slowest pace when it is below the configured one and every earlier one. */
function noteSlowest(state: PaceState, rate: number | undefined): void {
  if (rate !== undefined && (state.perSecond === undefined || rate < state.perSecond))
    state.slowest = Math.min(state.slowest ?? Infinity, rate);
}

/** Once the hold after a slow-down has passed, the answers to what was sent before the 429 are in: the ceiling is what was admitted of it. */
export function settle(state: PaceState, now: number): void {
  if (state.measuring === undefined || now < state.holdUntil) return;
  const { from, to } = state.measuring;
  state.measuring = undefined;
  if (state.ceiling === undefined) return;
  state.ceiling = Math.max(state.ceiling, state.admittedStarts.filter((at) => at > from && at <= to).length);
  noteSlowest(state, learnedRate(state, state.growFrom));
}

/** Keeps an answer's outcome; the share of 429s among the last answers. */
function outcome(state: PaceState, wasAdmitted: boolean): number {
  state.outcomes.push(wasAdmitted);
  if (state.outcomes.length > OUTCOMES_KEPT) state.outcomes.shift();
  return state.outcomes.filter((one) => !one).length / state.outcomes.length;
}

/** Learns the limit an answer announces (a policy, or a limit over the longest reset seen). */
function hear(state: PaceState, quota: QuotaSignal | undefined): void {
  if (quota?.resetMs !== undefined) state.longestResetMs = Math.max(state.longestResetMs, quota.resetMs);
  const next =
    quota?.policy ??
    (quota?.limit === undefined ? undefined : { limit: quota.limit, windowMs: Math.max(1000, state.longestResetMs) });
  if (next === undefined || next.limit < 1) return;
  // The requests sent before this pace was known may run into the limit: their 429s teach nothing.
  if (state.announced?.limit !== next.limit || state.announced.windowMs !== next.windowMs)
    state.slowDownTicket = Math.max(state.slowDownTicket, state.tickets);
  state.announced = next;
  noteSlowest(state, announcedRate(state));
}

/** How long the start times of admitted requests are kept: the second before a 429, and its hold. */
const KEPT_STARTS_MS = 60_000;
/** From this share of 429s among the last answers (OUTCOMES_JUDGED of them at least), the target refuses for the pace. */
const REFUSED_FOR_PACE_SHARE = 0.25;
const OUTCOMES_JUDGED = 16;
/** 429s below the ceiling that, at this share of the answers at a learned pace or more, show a pace-independent quota. */
const UNCURED_COUNT = 3;
const UNCURED_SHARE = 0.05;

/** A rate rounded to hundredths, as the report shows it. */
export const round = (rate: number): number => Math.round(rate * 100) / 100;

/**
 * A 429 below the ceiling, with most requests admitted. Either the ceiling was too high (a token bucket
 * admits a burst over its rate before it runs dry), and the pace drops 10 % from where it is; or the
 * target refuses a share of requests at any pace, which the 429s that keep coming show.
 */
function belowCeiling429(state: PaceState, now: number, share: number): void {
  const { sincePaced } = state;
  state.sincePaced = { answers: sincePaced.answers + 1, uncured: sincePaced.uncured + 1 };
  const { answers, uncured } = state.sincePaced;
  if (uncured >= UNCURED_COUNT && uncured >= UNCURED_SHARE * answers) {
    state.independentShare = Math.max(share, uncured / answers);
    state.sincePaced = { answers: 0, uncured: 0 };
    state.ceiling = undefined;
    state.measuring = undefined;
    return;
  }
  state.ceiling = Math.max(MIN_LEARNED_PER_SECOND, learnedRate(state, now) ?? MIN_LEARNED_PER_SECOND);
  state.growFrom = now;
  state.slowedAt = now;
  state.slowDownTicket = state.tickets;
  state.slowDowns += 1;
  noteSlowest(state, learnedRate(state, now));
}

/** A 429 came to the request of `ticket`; it asked to wait `waitMs` (Retry-After, or the default wait). */
export function learnFrom429(state: PaceState, ticket: number, waitMs: number, quota?: QuotaSignal): void {
  state.startedAt.delete(ticket);
  const share = outcome(state, false);
  hear(state, quota);
  if (ticket <= state.slowDownTicket) return;
  const now = performance.now();
  settle(state, now);
  // The target's usual refusals, at any pace.
  if (state.independentShare !== undefined && share <= 2 * state.independentShare) return;
  const pace = rateAt(state, now);
  const refusedForPace = state.outcomes.length >= OUTCOMES_JUDGED && share >= REFUSED_FOR_PACE_SHARE;
  // The cubic curve is back at the ceiling CUBIC_K seconds after the slow-down.
  const belowCeiling = state.ceiling !== undefined && now - state.growFrom < CUBIC_K * 1000;
  // In the second after a slow-down, a fixed window filled before it still refuses: nothing to learn.
  if (!refusedForPace && belowCeiling && now - state.slowedAt < MEASURE_MS) return;
  if (!refusedForPace && belowCeiling) return belowCeiling429(state, now, share);
  const taken = recent(state.admitted, now);
  const waits = refusedForPace || pace === undefined;
  state.ceiling = Math.max(MIN_LEARNED_PER_SECOND, waits ? taken : Math.max(taken, pace));
  state.slowDownTicket = state.tickets;
  state.slowDowns += 1;
  state.slowedAt = now;
  // When most recent answers were 429, every new request waits out the Retry-After first (RFC 6585 §4:
  // how long to wait before making a new request); a 429 over the ceiling only slows the pace.
  if (waits) state.holdUntil = Math.max(state.holdUntil, now + waitMs);
  state.growFrom = Math.max(now, state.holdUntil);
  // The answers counted so far lag the requests in flight: the ceiling is counted again by start once they are in.
  if (waits) state.measuring = { from: now - MEASURE_MS, to: now };
  else noteSlowest(state, learnedRate(state, state.growFrom));
}

/** An answer other than 429 came to the request of `ticket`, saying `quota` about the limit. */
export function learnFromAnswer(state: PaceState, ticket: number, quota?: QuotaSignal): void {
  const now = performance.now();
  outcome(state, true);
  state.admitted.push(now);
  recent(state.admitted, now);
  const start = state.startedAt.get(ticket);
  state.startedAt.delete(ticket);
  if (start !== undefined) {
    state.admittedStarts.push(start);
    while ((state.admittedStarts[0] ?? now) < now - KEPT_STARTS_MS) state.admittedStarts.shift();
  }
  if (state.ceiling !== undefined) state.sincePaced = { ...state.sincePaced, answers: state.sincePaced.answers + 1 };
  hear(state, quota);
}

/** What the pacing settled on; undefined while the target neither announced a limit nor answered 429. */
export function pacingOf(state: PaceState): Pacing | undefined {
  settle(state, performance.now());
  const { announced, ceiling, slowDowns } = state;
  const announcedPace = announcedRate(state);
  const learnedPace = ceiling === undefined ? undefined : Math.max(MIN_LEARNED_PER_SECOND, HEADROOM * ceiling);
  const announcedFacts =
    announced === undefined
      ? {}
      : { announced: { limit: announced.limit, windowSeconds: round(announced.windowMs / 1000) } };
  if (announcedPace === undefined && learnedPace === undefined) {
    if (state.independentShare === undefined) return undefined;
    return { source: "waited", slowDowns, refusedShare: round(state.independentShare) };
  }
  const settled = Math.min(...[state.perSecond, announcedPace, learnedPace].filter((rate) => rate !== undefined));
  return {
    source:
      learnedPace !== undefined && (announcedPace === undefined || learnedPace < announcedPace)
        ? "learned"
        : "announced",
    settledPerSecond: round(settled),
    slowestPerSecond: round(Math.min(state.slowest ?? settled, settled)),
    ...announcedFacts,
    slowDowns,
  };
}

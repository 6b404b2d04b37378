/**
 * What a rate limiter knows (createRateLimiter.ts) and the pace it gives: the lowest of the configured
 * rate, the announced one (the RateLimit fields, at 90 % of the limit per window) and the learned one
 * (from 429 answers, growing back along a cubic curve from the ceiling the target admitted).
 */
import type { QuotaSignal } from "./readRateLimitHeaders.js";

/** The slowest 429 answers pace a run down to. */
export const MIN_LEARNED_PER_SECOND = 1;
/** The slowest an announced limit paces a run to (an hourly quota may allow less than 1 per second). */
const MIN_ANNOUNCED_PER_SECOND = 0.05;
/** The share of the limit the run paces at: room for the time requests take to reach the limiter. */
export const HEADROOM = 0.9;
/** The cubic growth's scale (per s³, relative to the ceiling). */
const CUBIC_SCALE = 0.0002;
/** Seconds from a slow-down back to the ceiling: the cubic curve's flat point (about 7.9 s). */
export const CUBIC_K = Math.cbrt((1 - HEADROOM) / CUBIC_SCALE);
/** Requests without an answer remembered at most (their start times). */
const MAX_UNANSWERED = 4096;
/** Window over which starts and admitted answers are counted. */
export const MEASURE_MS = 1000;
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
export function recent(times: number[], now: number): number {
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
export function announcedRate(state: PaceState): number | undefined {
  const { announced } = state;
  return announced === undefined
    ? undefined
    : Math.max(MIN_ANNOUNCED_PER_SECOND, (HEADROOM * announced.limit * 1000) / announced.windowMs);
}

/** The pace learned from 429s at `now`, if any: the cubic curve from the ceiling. */
export function learnedRate(state: PaceState, now: number): number | undefined {
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
export function noteSlowest(state: PaceState, rate: number | undefined): void {
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
export function outcome(state: PaceState, wasAdmitted: boolean): number {
  state.outcomes.push(wasAdmitted);
  if (state.outcomes.length > OUTCOMES_KEPT) state.outcomes.shift();
  return state.outcomes.filter((one) => !one).length / state.outcomes.length;
}

/** Learns the limit an answer announces (a policy, or a limit over the longest reset seen). */
export function hear(state: PaceState, quota: QuotaSignal | undefined): void {
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

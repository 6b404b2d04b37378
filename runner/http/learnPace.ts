/**
 * How a rate limiter (createRateLimiter.ts) learns from answers: a 429 to a request sent since the
 * pace last changed sets the ceiling and slows the pace, a 429 below the ceiling drops it 10 %, and
 * 429s that keep coming at any pace make the limiter wait each one out instead; what the pacing settled
 * on is told in the report.
 */
import {
  CUBIC_K,
  HEADROOM,
  MEASURE_MS,
  MIN_LEARNED_PER_SECOND,
  announcedRate,
  hear,
  learnedRate,
  noteSlowest,
  outcome,
  rateAt,
  recent,
  settle,
  type PaceState,
} from "./paceState.js";
import type { QuotaSignal } from "./readRateLimitHeaders.js";
import type { Pacing } from "../model/Pacing.js";

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

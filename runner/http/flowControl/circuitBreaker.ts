/**
 * The client's circuit breaker: it counts consecutive transport failures, of the whole target
 * (refused, DNS, TLS, proxy) on any path, and of one path (timeouts, resets, malformed answers, 429s and
 * 502/503/504s past their waits). At the limit the client stops sending: to the target, or to that path;
 * once every path used is stopped, to the target.
 */
import type { Exchange, TransportFailure, TransportFailureKind } from "../../model/Exchange.js";
import type { ClientStop } from "../types.js";

/**
 * Failures that mean the whole target (or the way to it) is not answering: a streak of them, on any
 * path, trips the breaker for the run.
 */
const TARGET_TROUBLE: ReadonlySet<TransportFailureKind> = new Set(["connection-refused", "tls", "proxy", "dns"]);
/**
 * Failures one operation can have while the others answer (issue 23.2: only getWidget truncates,
 * resets, drips or sends oversized headers): a streak of them on one path stops that path only;
 * the run stops when every path it has used is stopped.
 */
const PATH_TROUBLE: ReadonlySet<TransportFailureKind> = new Set([
  "timeout",
  "connection-reset",
  "protocol",
  // A 429 storm or a 503 on one operation (a quota per route, one overloaded handler) holds that operation
  // only; the others go on (docs/deployments.md). A limit over every path stops every path, and so the run.
  "rate-limited",
  "unavailable",
]);

/** Consecutive transport failures, from when, the last one's words, and whether all were 429s (or "not now" answers) past their waits. */
interface Streak {
  readonly count: number;
  readonly since: string;
  readonly last: string;
  readonly onlyRateLimited: boolean;
  readonly onlyNotNow: boolean;
}

function grow(streak: Streak | undefined, exchange: Exchange, failure: TransportFailure): Streak {
  return {
    count: (streak?.count ?? 0) + 1,
    since: streak?.since ?? exchange.startedAt,
    last: failure.message.replace(/\.$/, ""),
    onlyRateLimited: (streak?.onlyRateLimited ?? true) && failure.kind === "rate-limited",
    onlyNotNow: (streak?.onlyNotNow ?? true) && (failure.kind === "rate-limited" || failure.kind === "unavailable"),
  };
}

/** Why a streak stopped `who` ("the target", or one path), in one sentence. */
function streakStop(who: string, streak: Streak): ClientStop {
  const subject = who === "the target" ? who : `the target at ${who}`;
  const rateLimited =
    `${subject} kept rate-limiting from ${streak.since}: ${streak.count} consecutive requests ` +
    `still got 429 after their waits (last: ${streak.last})`;
  const silent =
    `${subject} stopped answering at ${streak.since} after ${streak.count} consecutive transport failures ` +
    `(last: ${streak.last})`;
  const notNow =
    `${subject} was not available from ${streak.since}: ${streak.count} consecutive requests ` +
    `still got 429, 502, 503 or 504 after their waits (last: ${streak.last})`;
  return { at: streak.since, message: streak.onlyRateLimited ? rateLimited : streak.onlyNotNow ? notNow : silent };
}

/** The breaker of one client. */
export interface CircuitBreaker {
  /** Counts `exchange`, sent to `path`; returns the stop of the whole target when this exchange trips it. */
  watch(exchange: Exchange, path: string): ClientStop | undefined;
  /** Why nothing more is sent to `path`, when its own streak stopped it. */
  pathStopped(path: string): ClientStop | undefined;
}

/** A breaker that trips at `limit` consecutive failures. */
export function createCircuitBreaker(limit: number): CircuitBreaker {
  let streak: Streak | undefined;
  const pathStreaks = new Map<string, Streak>();
  const pathStops = new Map<string, ClientStop>();
  const usedPaths = new Set<string>();

  /** A failure of one path: at the limit that path stops, and the target with it once every path used is stopped. */
  const pathFailed = (path: string, exchange: Exchange, failure: TransportFailure): ClientStop | undefined => {
    const pathStreak = grow(pathStreaks.get(path), exchange, failure);
    pathStreaks.set(path, pathStreak);
    if (pathStreak.count < limit || pathStops.has(path)) return undefined;
    pathStops.set(path, streakStop(path, pathStreak));
    if (![...usedPaths].every((used) => pathStops.has(used))) return undefined;
    const every = [...pathStops.values()].map((one) => one.message).join("; ");
    return {
      at: pathStreak.since,
      message:
        usedPaths.size === 1
          ? (pathStops.get(path) as ClientStop).message
          : `every path of the target stopped answering (${every})`,
    };
  };

  return {
    watch(exchange, path) {
      const failure = exchange.failure;
      const answered = exchange.response !== undefined && failure?.kind !== "stopped";
      if (failure === undefined || !(TARGET_TROUBLE.has(failure.kind) || PATH_TROUBLE.has(failure.kind))) {
        if (answered) {
          streak = undefined;
          pathStreaks.delete(path);
        }
        if (failure?.kind !== "stopped") usedPaths.add(path);
        return undefined;
      }
      usedPaths.add(path);
      if (!TARGET_TROUBLE.has(failure.kind)) return pathFailed(path, exchange, failure);
      streak = grow(streak, exchange, failure);
      return streak.count >= limit ? streakStop("the target", streak) : undefined;
    },
    pathStopped: (path) => pathStops.get(path),
  };
}

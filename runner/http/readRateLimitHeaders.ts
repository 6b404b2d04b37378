/**
 * Reads what an answer says about the target's rate limit, in the shapes deployed gateways send
 * (draft-ietf-httpapi-ratelimit-headers): RateLimit-Limit / RateLimit-Remaining / RateLimit-Reset
 * (drafts up to -06, a policy such as "100, 100;w=60" allowed in the limit), RateLimit-Policy
 * ("100;w=60", or "name";q=100;w=60 from -08 on), RateLimit ("limit=100, remaining=5, reset=3" in
 * -07, "name";r=5;t=3 from -08 on), and the older X-RateLimit-Limit / -Remaining / -Reset, whose
 * reset some services give as a Unix time.
 */

/** The target's rate limit as one answer states it; every field may be missing. */
export interface QuotaSignal {
  /** Requests the quota allows per window. */
  readonly limit?: number;
  /** Requests still allowed in the current window. */
  readonly remaining?: number;
  /** Milliseconds until the quota is restored. */
  readonly resetMs?: number;
  /** The policy that paces (the shortest window a policy states): so many requests per so many milliseconds. */
  readonly policy?: { readonly limit: number; readonly windowMs: number };
}

const whole = (text: string | undefined): number | undefined => {
  if (text === undefined) return undefined;
  const trimmed = text.trim().replace(/^"|"$/g, "");
  return /^\d+$/.test(trimmed) ? Number(trimmed) : undefined;
};

/** A reset past this many seconds is a Unix time (X-RateLimit-Reset of some services), not a delay. */
const UNIX_TIME_SECONDS = 1_000_000_000;

function resetMilliseconds(seconds: number | undefined, nowMs: number): number | undefined {
  if (seconds === undefined) return undefined;
  if (seconds >= UNIX_TIME_SECONDS) return Math.max(0, seconds * 1000 - nowMs);
  return seconds * 1000;
}

/** The parameters of one list member ("100;w=60" or `"name";q=100;w=60`): its bare value and its key=value pairs. */
function member(text: string): { value: string; params: Map<string, string> } {
  const [value = "", ...rest] = text.split(";").map((part) => part.trim());
  const params = new Map<string, string>();
  for (const part of rest) {
    const [key, raw] = part.split("=", 2);
    if (key !== undefined && raw !== undefined) params.set(key.trim().toLowerCase(), raw.trim());
  }
  return { value, params };
}

/**
 * The policy of a list with the shortest window (the smaller quota on a tie): the one that paces a run; a
 * longer one (1000 per hour) only caps how much it may send in all, which RateLimit-Remaining shows.
 * Undefined when no member states both a quota and a window.
 */
function shortestPolicy(text: string | undefined): { limit: number; windowMs: number } | undefined {
  if (text === undefined) return undefined;
  let best: { limit: number; windowMs: number } | undefined;
  for (const item of text.split(",")) {
    const { value, params } = member(item);
    const limit = whole(params.get("q")) ?? whole(value);
    const window = whole(params.get("w"));
    if (limit === undefined || window === undefined || window === 0) continue;
    const windowMs = window * 1000;
    if (best === undefined || windowMs < best.windowMs || (windowMs === best.windowMs && limit < best.limit))
      best = { limit, windowMs };
  }
  return best;
}

/** The first member's bare number ("100, 100;w=60" → 100). */
const firstNumber = (text: string | undefined): number | undefined =>
  text === undefined ? undefined : whole(member(text.split(",")[0] ?? "").value);

/** The RateLimit field: "limit=100, remaining=5, reset=3" (-07) or `"name";r=5;t=3` (-08 on). */
function rateLimitField(text: string | undefined): QuotaSignal {
  if (text === undefined) return {};
  const pairs = new Map<string, string>();
  for (const item of text.split(",")) {
    const { value, params } = member(item);
    const [key, raw] = value.split("=", 2);
    if (key !== undefined && raw !== undefined) pairs.set(key.trim().toLowerCase(), raw.trim());
    for (const [name, param] of params) if (!pairs.has(name)) pairs.set(name, param);
  }
  const limit = whole(pairs.get("limit"));
  const remaining = whole(pairs.get("remaining")) ?? whole(pairs.get("r"));
  const reset = whole(pairs.get("reset")) ?? whole(pairs.get("t"));
  return {
    ...(limit === undefined ? {} : { limit }),
    ...(remaining === undefined ? {} : { remaining }),
    ...(reset === undefined ? {} : { resetMs: reset * 1000 }),
  };
}

/** What the answer's headers (names in lower case) say about the rate limit; undefined when nothing. */
export function readRateLimitHeaders(
  headers: Readonly<Record<string, string>>,
  nowMs: number = Date.now(),
): QuotaSignal | undefined {
  const field = rateLimitField(headers["ratelimit"]);
  const policy =
    shortestPolicy(headers["ratelimit-policy"]) ??
    shortestPolicy(headers["ratelimit-limit"]) ??
    shortestPolicy(headers["x-ratelimit-limit"]);
  const limit =
    firstNumber(headers["ratelimit-limit"]) ??
    field.limit ??
    firstNumber(headers["x-ratelimit-limit"]) ??
    policy?.limit;
  const remaining = whole(headers["ratelimit-remaining"]) ?? field.remaining ?? whole(headers["x-ratelimit-remaining"]);
  const resetMs =
    resetMilliseconds(whole(headers["ratelimit-reset"]), nowMs) ??
    field.resetMs ??
    resetMilliseconds(whole(headers["x-ratelimit-reset"]), nowMs);
  const signal: QuotaSignal = {
    ...(limit === undefined ? {} : { limit }),
    ...(remaining === undefined ? {} : { remaining }),
    ...(resetMs === undefined ? {} : { resetMs }),
    ...(policy === undefined ? {} : { policy }),
  };
  return Object.keys(signal).length === 0 ? undefined : signal;
}

/** Legitimate traffic limits (§8: rate limits not shown) and availability (a server shedding load, a gateway's node away). */
import type { ReferenceVariant } from "./ReferenceVariant.js";

/** Every this many requests, one is answered 429. */
const RATE_LIMIT_PERIOD = 7;
/** Most refused requests remembered until they come back. */
const MAX_REMEMBERED = 10_000;
/** The "not now" answers the not-available-now variant gives in turn: a server shedding load, a gateway's failed or slow node. */
const NOT_NOW_ANSWERS = [
  { status: 503, json: { message: "Service unavailable: shedding load; retry later." } },
  { status: 502, text: "<html><body><h1>502 Bad Gateway</h1><hr>nginx</body></html>", type: "text/html" },
  { status: 504, json: { message: "Gateway timeout." } },
] as const;

/** True the first time a request is seen as every `period`th one; the same request sent again is served. */
function refusedOnce(number: number, fingerprint: string, remembered: Set<string>, period: number): boolean {
  if (remembered.delete(fingerprint) || number % period !== 0) return false;
  if (remembered.size >= MAX_REMEMBERED) remembered.clear();
  remembered.add(fingerprint);
  return true;
}

/** Each limits how fast a client may call. */
export const TRAFFIC_VARIANTS: readonly ReferenceVariant[] = [
  {
    name: "rate-limited",
    section: "§8",
    description:
      `Every ${RATE_LIMIT_PERIOD}th request is answered 429 Too Many Requests with Retry-After: 1 (the server's ` +
      `retryAfterSeconds); the same request sent again is served.`,
    why: "§8: rate limits are not shown; a client that waits as Retry-After asks gets its answer.",
    departs: [],
    // A request sent again after the wait is served, as a limiter that counts per time window would: the limit slows a client, never starves it.
    intercept: ({ number, fingerprint, remembered, retryAfterSeconds }) => {
      if (!refusedOnce(number, fingerprint, remembered, RATE_LIMIT_PERIOD)) return undefined;
      return {
        status: 429,
        json: { message: `Too many requests; retry after ${retryAfterSeconds} second(s).` },
        headers: { "Retry-After": String(retryAfterSeconds) },
      };
    },
  },
  {
    name: "not-available-now",
    section: "§8",
    description:
      `Every ${RATE_LIMIT_PERIOD}th request is answered, in turn, 503 with a JSON body (a server shedding load), 502 ` +
      `with a gateway's HTML page (a node behind it failed) or 504 (a node too slow), each with Retry-After (the ` +
      `server's retryAfterSeconds); the same request sent again is served.`,
    why:
      "Availability is not conformance (RFC 9110 §15.6.3–§15.6.5): §7 lists the errors of a request, not of a " +
      "deployment; a client that waits and sends again gets its answer.",
    departs: [],
    intercept: ({ number, fingerprint, remembered, retryAfterSeconds }) => {
      if (!refusedOnce(number, fingerprint, remembered, RATE_LIMIT_PERIOD)) return undefined;
      const answer = NOT_NOW_ANSWERS[(number / RATE_LIMIT_PERIOD) % NOT_NOW_ANSWERS.length] ?? NOT_NOW_ANSWERS[0];
      const retryAfter = { "Retry-After": String(retryAfterSeconds) };
      return "json" in answer
        ? { status: answer.status, json: answer.json, headers: retryAfter }
        : { status: answer.status, text: answer.text, headers: { ...retryAfter, "Content-Type": answer.type } };
    },
  },
];

/** Legitimate traffic limits (§8: rate limits not shown). */
import type { ReferenceVariant } from "./ReferenceVariant.js";

/** Every this many requests, one is answered 429. */
const RATE_LIMIT_PERIOD = 7;
/** Most refused requests remembered until they come back. */
const MAX_REMEMBERED = 10_000;

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
      if (remembered.delete(fingerprint) || number % RATE_LIMIT_PERIOD !== 0) return undefined;
      if (remembered.size >= MAX_REMEMBERED) remembered.clear();
      remembered.add(fingerprint);
      return {
        status: 429,
        json: { message: `Too many requests; retry after ${retryAfterSeconds} second(s).` },
        headers: { "Retry-After": String(retryAfterSeconds) },
      };
    },
  },
];

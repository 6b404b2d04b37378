/** Legitimate traffic limits (§8: rate limits not shown). */
import type { ReferenceVariant } from "./ReferenceVariant.js";

/** Every this many requests, one is answered 429. */
const RATE_LIMIT_PERIOD = 7;

/** Each limits how fast a client may call. */
export const TRAFFIC_VARIANTS: readonly ReferenceVariant[] = [
  {
    name: "rate-limited",
    section: "§8",
    description: `Every ${RATE_LIMIT_PERIOD}th request is answered 429 Too Many Requests with Retry-After: 1.`,
    why: "§8: rate limits are not shown; a client that waits as Retry-After asks gets its answer.",
    departs: [],
    intercept: (requestNumber) =>
      requestNumber % RATE_LIMIT_PERIOD === 0 ? { status: 429, json: { message: "Too many requests; retry after 1 second." }, headers: { "Retry-After": "1" } } : undefined,
  },
];

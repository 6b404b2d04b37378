/** The behaviours of the hostile target (reference/transport/hostileTarget.ts), and which one a path asks for. */

/** Every way the target can answer. */
export const HOSTILE_BEHAVIOURS = [
  /** 200 {"ok":true} at once. */
  "ok",
  /** 200 JSON after slowMs (for measuring concurrency). */
  "slow",
  /** Headers only after lateHeadersMs (past any sane timeout). */
  "late-headers",
  /** Headers and 16 bytes of a 1000-byte body, then silence. */
  "stall-mid-body",
  /** Headers and part of the body, then a TCP reset. */
  "reset-mid-body",
  /** Content-Type application/json, body an HTML page. */
  "non-json",
  /** A body of hugeBytes (default 50 MB) with Content-Length, streamed with back-pressure. */
  "huge",
  /** Content-Length 1000, 20 bytes, then a clean close. */
  "truncated",
  /** Chunked body, one small chunk every chunkIntervalMs, forever. */
  "endless",
  /** 302 with Location on another host (the decoy server, which records who follows). */
  "redirect",
  /** 429 (or rateLimitedStatus: 502, 503, 504) with Retry-After for the first rateLimitedTimes hits of a path, then 200. */
  "rate-limited",
  /** 500 with a JSON body. */
  "error-500",
  /** 503 with a JSON body. */
  "error-503",
  /** 200 JSON whose every string is HTML/JS or control characters. */
  "hostile-strings",
  /** 200 JSON echoing Authorization and client_id in the body and in response headers. */
  "echo-credentials",
  /**
   * 200 JSON echoing the token, client_id, X-Api-Pw and X-JWT-Assertion in every encoded form
   * (ECHO_FORMS) in the body, and those a header can carry (Latin-1) in response headers.
   */
  "echo-encoded-credentials",
  /**
   * 200 JSON echoing long fragments of the token and client_id (five characters off each end; the whole with a
   * character inserted), plain and in every encoded form (ECHO_FORMS), and plain in response headers.
   */
  "echo-credential-fragments",
  /** Reads the request and never answers. */
  "never-answer",
  /** 200 JSON gzipped with Content-Encoding: gzip, although the request sent no Accept-Encoding (RFC 9110 allows it). */
  "gzip",
  /** 200 with Content-Encoding: gzip whose body inflates to bombBytes (default 100 MB) of zeros, ~100 KB on the wire. */
  "gzip-bomb",
  /** An unsolicited "100 Continue", then the 200 JSON answer. */
  "continue-100",
  /** 200 JSON whose listings hold one item nested deepJsonLevels (default 100,000) arrays deep. */
  "deep-json",
  /** 200 listing of invalidItems (default 1,000,000) items that are not objects, with consistent totals. */
  "invalid-items",
] as const;

/** A behaviour name of HOSTILE_BEHAVIOURS. */
export type HostileBehaviour = (typeof HOSTILE_BEHAVIOURS)[number];

/** The behaviour a path's first segment names, or `fallback` when it names none. */
export function behaviourOfPath(path: string, fallback: HostileBehaviour): HostileBehaviour {
  const first = path.split("/")[1] ?? "";
  return (HOSTILE_BEHAVIOURS as readonly string[]).includes(first) ? (first as HostileBehaviour) : fallback;
}

/** The options of the hostile target and their defaults. */
import type { HostileBehaviour } from "./hostileBehaviours.js";

/** Options of startHostileTarget; every field has a default. */
export interface HostileTargetOptions {
  /** Behaviour of paths whose first segment is no behaviour name (default "ok"). */
  readonly behaviour?: HostileBehaviour;
  /** "late-headers": delay before the headers (default 30 000 ms). */
  readonly lateHeadersMs?: number;
  /** "slow": delay before answering (default 100 ms). */
  readonly slowMs?: number;
  /** "huge": body size in bytes (default 50 000 000). */
  readonly hugeBytes?: number;
  /** "endless": interval between chunks (default 20 ms). */
  readonly chunkIntervalMs?: number;
  /** "rate-limited": how many 429 answers each path gets before a 200 (default 2). */
  readonly rateLimitedTimes?: number;
  /** "rate-limited": the Retry-After header value (default "1"); null sends none. */
  readonly retryAfter?: string | null;
  /** "rate-limited": the status of those answers (default 429; 502, 503 or 504 for a target not available now). */
  readonly rateLimitedStatus?: number;
  /** "gzip-bomb": bytes the body inflates to (default 100 000 000). */
  readonly bombBytes?: number;
  /** "deep-json": levels of nesting (default 100 000). */
  readonly deepJsonLevels?: number;
  /** "invalid-items": items in the listing (default 1 000 000). */
  readonly invalidItems?: number;
}

/** The options with every default filled in. */
export type HostileSettings = {
  readonly [K in keyof HostileTargetOptions]-?: Exclude<HostileTargetOptions[K], undefined>;
};

/** Fills in the defaults of the options left out. */
export function resolveHostileSettings(options: HostileTargetOptions): HostileSettings {
  return {
    behaviour: options.behaviour ?? "ok",
    lateHeadersMs: options.lateHeadersMs ?? 30_000,
    slowMs: options.slowMs ?? 100,
    hugeBytes: options.hugeBytes ?? 50_000_000,
    chunkIntervalMs: options.chunkIntervalMs ?? 20,
    rateLimitedTimes: options.rateLimitedTimes ?? 2,
    retryAfter: options.retryAfter === undefined ? "1" : options.retryAfter,
    rateLimitedStatus: options.rateLimitedStatus ?? 429,
    bombBytes: options.bombBytes ?? 100_000_000,
    deepJsonLevels: options.deepJsonLevels ?? 100_000,
    invalidItems: options.invalidItems ?? 1_000_000,
  };
}

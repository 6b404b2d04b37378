/**
 * The options of an HTTP client checked once and resolved to the values it runs with: its limits and
 * the run's deadline. An invalid option throws a RangeError naming the value.
 */
import type { HttpClientOptions } from "./types.js";

/** Defaults of HttpClientOptions. */
export const HTTP_CLIENT_DEFAULTS = {
  timeoutMs: 10_000,
  maxResponseBytes: 5 * 1024 * 1024,
  max429Retries: 5,
  maxRetryWaitMs: 30_000,
  maxConsecutiveTransportFailures: 5,
} as const;

/** The client's options with their defaults applied, checked. */
export interface ClientSettings {
  readonly base: URL;
  readonly timeoutMs: number;
  readonly maxResponseBytes: number;
  readonly max429Retries: number;
  readonly maxRetryWaitMs: number;
  /** Consecutive transport failures that stop the target, or one path. */
  readonly breakerLimit: number;
  /** When the run's time is up (performance.now() milliseconds), if it has a limit. */
  readonly deadline: number | undefined;
}

function positive(name: string, value: number): number {
  if (!(value > 0) || !Number.isFinite(value))
    throw new RangeError(`${name} must be a positive number, received ${String(value)}`);
  return value;
}

function nonNegativeInteger(name: string, value: number): number {
  if (!Number.isInteger(value) || value < 0)
    throw new RangeError(`${name} must be a whole number ≥ 0, received ${String(value)}`);
  return value;
}

/** The settings of `options`; throws a RangeError for the first invalid one. */
export function clientSettings(options: HttpClientOptions): ClientSettings {
  const base = new URL(options.baseUrl);
  if (base.protocol !== "http:" && base.protocol !== "https:") {
    throw new RangeError(`baseUrl must be an http(s) URL, received ${base.protocol}`);
  }
  const timeoutMs = positive("timeoutMs", options.timeoutMs ?? HTTP_CLIENT_DEFAULTS.timeoutMs);
  const maxResponseBytes = positive(
    "maxResponseBytes",
    options.maxResponseBytes ?? HTTP_CLIENT_DEFAULTS.maxResponseBytes,
  );
  const max429Retries = nonNegativeInteger(
    "max429Retries",
    options.max429Retries ?? HTTP_CLIENT_DEFAULTS.max429Retries,
  );
  const maxRetryWaitMs = nonNegativeInteger(
    "maxRetryWaitMs",
    options.maxRetryWaitMs ?? HTTP_CLIENT_DEFAULTS.maxRetryWaitMs,
  );
  const breakerLimit = positive(
    "maxConsecutiveTransportFailures",
    options.maxConsecutiveTransportFailures ?? HTTP_CLIENT_DEFAULTS.maxConsecutiveTransportFailures,
  );
  // The run's clock starts when the run does (its preflight included), not when this client is made.
  const startedAt =
    options.runStartedAt === undefined ? performance.now() : options.runStartedAt - performance.timeOrigin;
  const deadline =
    options.maxRunTimeMs === undefined ? undefined : startedAt + positive("maxRunTimeMs", options.maxRunTimeMs);
  return { base, timeoutMs, maxResponseBytes, max429Retries, maxRetryWaitMs, breakerLimit, deadline };
}

/** A duration as a person reads it: "1.5 s". */
export const seconds = (ms: number): string => `${Math.round(ms / 100) / 10} s`;

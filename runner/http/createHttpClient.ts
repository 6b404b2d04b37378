/**
 * The HTTP client the runner uses: undici with one dedicated Pool per target, hardened so that
 * nothing a target does can crash, hang or leak — every outcome is an Exchange (types.ts).
 */
import { Pool } from "undici";
import { buildExchange, type SentRequest } from "./buildExchange.js";
import { createRateLimiter } from "./createRateLimiter.js";
import { createSemaphore } from "./createSemaphore.js";
import { parseRetryAfter } from "./parseRetryAfter.js";
import { redactSecrets } from "./redactSecrets.js";
import { sendOnce, type AttemptResult } from "./sendOnce.js";
import type { Exchange, HttpClient, HttpClientOptions, HttpClientStats, OutgoingRequest } from "./types.js";

/** Defaults of HttpClientOptions. */
export const HTTP_CLIENT_DEFAULTS = {
  timeoutMs: 10_000,
  maxResponseBytes: 5 * 1024 * 1024,
  concurrency: 4,
  max429Retries: 2,
  maxRetryAfterMs: 2_000,
} as const;

/** Wait after a 429 without a readable Retry-After (then capped by maxRetryAfterMs). */
const DEFAULT_429_WAIT_MS = 1_000;

const sleep = (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms));

function positive(name: string, value: number): number {
  if (!(value > 0) || !Number.isFinite(value)) throw new RangeError(`${name} must be a positive number, received ${String(value)}`);
  return value;
}

function nonNegativeInteger(name: string, value: number): number {
  if (!Number.isInteger(value) || value < 0) throw new RangeError(`${name} must be a whole number ≥ 0, received ${String(value)}`);
  return value;
}

/** The URL of a path below the base URL ("http://h/api" + "/x" → "http://h/api/x"). */
function resolveUrl(baseUrl: string, path: string): URL {
  return new URL(baseUrl.replace(/\/+$/, "") + (path.startsWith("/") ? path : `/${path}`));
}

/** Creates a client bound to one target. Invalid options throw a RangeError naming the value. */
export function createHttpClient(options: HttpClientOptions): HttpClient {
  const base = new URL(options.baseUrl);
  if (base.protocol !== "http:" && base.protocol !== "https:") {
    throw new RangeError(`baseUrl must be an http(s) URL, received ${base.protocol}`);
  }
  const timeoutMs = positive("timeoutMs", options.timeoutMs ?? HTTP_CLIENT_DEFAULTS.timeoutMs);
  const maxResponseBytes = positive("maxResponseBytes", options.maxResponseBytes ?? HTTP_CLIENT_DEFAULTS.maxResponseBytes);
  const concurrency = options.concurrency ?? HTTP_CLIENT_DEFAULTS.concurrency;
  const max429Retries = nonNegativeInteger("max429Retries", options.max429Retries ?? HTTP_CLIENT_DEFAULTS.max429Retries);
  const maxRetryAfterMs = nonNegativeInteger("maxRetryAfterMs", options.maxRetryAfterMs ?? HTTP_CLIENT_DEFAULTS.maxRetryAfterMs);
  const secrets = options.secrets;
  const semaphore = createSemaphore(concurrency);
  const limiter = createRateLimiter(options.rateLimitPerSecond);
  const pool = new Pool(base.origin, {
    connections: concurrency,
    connect: { timeout: timeoutMs },
    headersTimeout: timeoutMs,
    bodyTimeout: timeoutMs,
  });

  let closed = false;
  let requests = 0;
  let retries429 = 0;
  let transportFailures = 0;
  const durations = new Map<string, number[]>();

  /** One attempt, inside the concurrency and rate limits. */
  const attempt = async (sent: SentRequest, url: URL, requestTimeoutMs: number): Promise<AttemptResult> => {
    const release = await semaphore.acquire();
    try {
      await limiter.take();
      if (closed) return closedAttempt();
      requests += 1;
      return await sendOnce(pool, {
        origin: url.origin,
        pathAndQuery: url.pathname + url.search,
        method: sent.method,
        headers: sent.headers,
        body: sent.body,
        timeoutMs: requestTimeoutMs,
        maxResponseBytes,
      });
    } finally {
      release();
    }
  };

  const send = async (request: OutgoingRequest): Promise<Exchange> => {
    const method = (request.method ?? "POST").toUpperCase();
    const requestTimeoutMs = request.timeoutMs ?? timeoutMs;
    let url: URL;
    let body: string | undefined;
    try {
      url = resolveUrl(options.baseUrl, request.path);
      if (url.origin !== base.origin) throw new Error(`the path leaves the target's origin`);
      body = request.body === undefined ? undefined : "raw" in request.body ? request.body.raw : JSON.stringify(request.body.json);
      if (request.body !== undefined && body === undefined) throw new Error("the JSON body serialises to nothing");
    } catch (error) {
      const reason = error instanceof Error ? error.message : String(error);
      const sent = { method, url: `${options.baseUrl}${request.path}`, headers: request.headers };
      return record(sent, request.path, failedAttempt(`the request could not be built: ${reason}.`), requestTimeoutMs, 0);
    }
    const sent: SentRequest = { method, url: url.href, headers: request.headers, ...(body === undefined ? {} : { body }) };

    let retries = 0;
    for (;;) {
      const result = await attempt(sent, url, requestTimeoutMs);
      if (result.response?.status !== 429 || retries >= max429Retries || closed) {
        return record(sent, request.path, result, requestTimeoutMs, retries);
      }
      if (options.onExchange) options.onExchange(buildExchange(sent, result, { secrets, timeoutMs: requestTimeoutMs, maxResponseBytes, retriesAfter429: retries }));
      const asked = parseRetryAfter(result.response.headers["retry-after"]) ?? DEFAULT_429_WAIT_MS;
      retries += 1;
      retries429 += 1;
      await sleep(Math.min(asked, maxRetryAfterMs));
    }
  };

  const record = (sent: SentRequest, path: string, result: AttemptResult, requestTimeoutMs: number, retries: number): Exchange => {
    const exchange = buildExchange(sent, result, {
      secrets,
      timeoutMs: requestTimeoutMs,
      maxResponseBytes,
      retriesAfter429: retries,
    });
    if (exchange.failure !== undefined) transportFailures += 1;
    options.onExchange?.(exchange);
    if (exchange.response !== undefined) {
      const key = path.split("?")[0] ?? path;
      const list = durations.get(key) ?? [];
      list.push(exchange.durationMs);
      durations.set(key, list);
    }
    return exchange;
  };

  return {
    async send(request) {
      try {
        return await send(request);
      } catch (error) {
        // Last resort: a bug of ours must still not surface as a rejection with a secret in it.
        const reason = redactSecrets(error instanceof Error ? error.message : String(error), secrets);
        const sent = { method: request.method ?? "POST", url: `${options.baseUrl}${request.path}`, headers: request.headers };
        return record(sent, request.path, failedAttempt(`internal error of the HTTP client: ${reason}`), timeoutMs, 0);
      }
    },
    stats: (): HttpClientStats => ({ requests, retries429, transportFailures }),
    durationsByPath: () => new Map([...durations].map(([path, list]) => [path, [...list]])),
    async close() {
      if (closed) return;
      closed = true;
      await pool.close();
    },
  };
}

function failedAttempt(message: string): AttemptResult {
  return { failure: { kind: "other", message }, startedAt: new Date().toISOString(), durationMs: 0 };
}

function closedAttempt(): AttemptResult {
  return failedAttempt("the HTTP client is closed.");
}

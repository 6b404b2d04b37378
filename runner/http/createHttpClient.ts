/**
 * The HTTP client the runner uses: undici, hardened so that nothing a target does can crash,
 * hang or leak — every outcome is an Exchange (types.ts). It paces itself to the target's rate
 * limit (announced in RateLimit fields, or learned from 429 answers: createRateLimiter.ts), stops
 * sending when the target stops answering (a circuit breaker) or when the run passes its time
 * limit, and says why in every exchange it did not send.
 *
 * Its parts, each a module: the settings (clientSettings.ts), the connection (clientConnection.ts),
 * the pacing (pacedAttempt.ts), the retries of 429, 502, 503 and 504 (retryNotNow.ts), the renewable tokens
 * (clientTokens.ts), the stops (sendingStops.ts) and the record of exchanges (exchangeRecorder.ts).
 */
import { afterPendingWrites } from "./afterPendingWrites.js";
import { createConnection, type Connection } from "./clientConnection.js";
import { clientSettings } from "./clientSettings.js";
import { createClientTokens, type ClientTokens } from "./clientTokens.js";
import { createRateLimiter, type RateLimiter } from "./createRateLimiter.js";
import { createAdaptiveSemaphore } from "./adaptiveSemaphore.js";
import { createExchangeRecorder, type ExchangeRecorder } from "./exchangeRecorder.js";
import { failedAttempt } from "./failedAttempt.js";
import { createPacedAttempt } from "./pacedAttempt.js";
import { createSendingStops } from "./sendingStops.js";
import { createRetries, type Retries } from "./retryNotNow.js";
import type { Exchange } from "../model/Exchange.js";
import type { HttpClient, HttpClientOptions, HttpClientStats, OutgoingRequest } from "./types.js";

export { HTTP_CLIENT_DEFAULTS } from "./clientSettings.js";

/** The counters of a client, read from its parts. */
function clientStats(parts: {
  readonly limiter: RateLimiter;
  readonly connection: Connection;
  readonly retries: Retries;
  readonly recorder: ExchangeRecorder;
  readonly tokens: ClientTokens;
}): HttpClientStats {
  const slowest = parts.limiter.slowest();
  const pacing = parts.limiter.pacing();
  const tokenRenewals = parts.tokens.renewals();
  const unavailable = parts.retries.unavailable();
  return {
    requests: parts.connection.requests(),
    retries429: parts.retries.retries(),
    transportFailures: parts.recorder.transportFailures(),
    ...(slowest === undefined ? {} : { slowestRatePerSecond: slowest }),
    ...(pacing === undefined ? {} : { pacing }),
    ...(tokenRenewals === undefined ? {} : { tokenRenewals }),
    ...(unavailable === undefined ? {} : { retriesUnavailable: unavailable }),
  };
}

/** Creates a client bound to one target. Invalid options throw a RangeError naming the value. */
export function createHttpClient(options: HttpClientOptions): HttpClient {
  const settings = clientSettings(options);
  const stops = createSendingStops(settings, options.maxRunTimeMs);
  const tokens = createClientTokens(options, (stop) => stops.stopFor(stop));
  // Fixed with --concurrency, else the level the target takes (issue 42.1, adaptiveSemaphore.ts).
  const semaphore = createAdaptiveSemaphore({ fixed: options.concurrency, cap: options.maxConcurrency });
  const limiter = createRateLimiter(options.rateLimitPerSecond);
  const connection = createConnection(options, settings, semaphore.cap);
  let closed = false;
  const isClosed = (): boolean => closed;
  const recorder = createExchangeRecorder({
    maxResponseBytes: settings.maxResponseBytes,
    redactor: tokens.redactor,
    pathOf: connection.pathOf,
    watch: stops.watch,
    ...(options.onExchange ? { onExchange: options.onExchange } : {}),
  });
  const attempt = createPacedAttempt({ semaphore, limiter, connection, stops, isClosed });
  const retries = createRetries({ ...settings, attempt, limiter, recorder, isClosed });

  const sendBuilt = (request: OutgoingRequest): Promise<Exchange> => {
    const timeoutMs = request.timeoutMs ?? settings.timeoutMs;
    const built = connection.build(request);
    if ("unbuildable" in built) {
      const failed = failedAttempt("other", `the request could not be built: ${built.unbuildable}.`);
      return Promise.resolve(recorder.record(built.sent, request.path, failed, timeoutMs, 0));
    }
    return retries.send(built.sent, built.url, request.path, timeoutMs, request.priority);
  };

  return {
    async send(request) {
      try {
        const exchange = await tokens.send(request, sendBuilt);
        await afterPendingWrites();
        return exchange;
      } catch (error) {
        // Last resort: a bug of ours must still not surface as a rejection.
        const reason = error instanceof Error ? error.message : String(error);
        const sent = {
          method: request.method ?? "POST",
          url: `${options.baseUrl}${request.path}`,
          headers: request.headers,
        };
        const failed = failedAttempt("other", `internal error of the HTTP client: ${reason}`);
        return recorder.record(sent, request.path, failed, settings.timeoutMs, 0);
      }
    },
    stats: () => clientStats({ limiter, connection, retries, recorder, tokens }),
    durationsByPath: () => recorder.durationsByPath(),
    stopped: () => stops.stopped(),
    async close() {
      if (closed) return;
      closed = true;
      await connection.close();
    },
  };
}

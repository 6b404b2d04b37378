/**
 * The HTTP client the runner uses: undici, hardened so that nothing a target does can crash,
 * hang or leak — every outcome is an Exchange (types.ts). It paces itself to the target's rate
 * limit (announced in RateLimit fields, or learned from 429 answers: createRateLimiter.ts), stops
 * sending when the target stops answering (a circuit breaker) or when the run passes its time
 * limit, and says why in every exchange it did not send.
 *
 * Its parts, each a module: the settings (clientSettings.ts), the connection (clientConnection.ts), the
 * flow control with its one state — pace, window of requests in flight, stops, retries of 429, 502, 503 and
 * 504 (flowControl/flowControl.ts) —, the renewable tokens (clientTokens.ts) and the record of exchanges
 * (exchangeRecorder.ts).
 */
import { afterPendingWrites } from "./afterPendingWrites.js";
import { createConnection, type Connection } from "./clientConnection.js";
import { clientSettings } from "./clientSettings.js";
import { createClientTokens, type ClientTokens } from "./clientTokens.js";
import { createExchangeRecorder, type ExchangeRecorder } from "./exchangeRecorder.js";
import { failedAttempt } from "./failedAttempt.js";
import { createFlowControl, flowStats } from "./flowControl/flowControl.js";
import { createFlowState, type FlowState } from "./flowControl/flowState.js";
import type { Exchange } from "../model/Exchange.js";
import type { HttpClient, HttpClientOptions, HttpClientStats, OutgoingRequest } from "./types.js";

export { HTTP_CLIENT_DEFAULTS } from "./clientSettings.js";

/** The counters of a client, read from its parts. */
function clientStats(parts: {
  readonly flow: FlowState;
  readonly connection: Connection;
  readonly recorder: ExchangeRecorder;
  readonly tokens: ClientTokens;
}): HttpClientStats {
  const { retries429, slowestRatePerSecond, pacing, retriesUnavailable } = flowStats(parts.flow);
  const tokenRenewals = parts.tokens.renewals();
  return {
    requests: parts.connection.requests(),
    retries429,
    transportFailures: parts.recorder.transportFailures(),
    ...(slowestRatePerSecond === undefined ? {} : { slowestRatePerSecond }),
    ...(pacing === undefined ? {} : { pacing }),
    ...(tokenRenewals === undefined ? {} : { tokenRenewals }),
    ...(retriesUnavailable === undefined ? {} : { retriesUnavailable }),
  };
}

/** Creates a client bound to one target. Invalid options throw a RangeError naming the value. */
export function createHttpClient(options: HttpClientOptions): HttpClient {
  const settings = clientSettings(options);
  const flow = createFlowState(options, settings);
  const { stops } = flow;
  const tokens = createClientTokens(options, (stop) => stops.stopFor(stop));
  const connection = createConnection(options, settings, flow.window.cap);
  const recorder = createExchangeRecorder({
    maxResponseBytes: settings.maxResponseBytes,
    redactor: tokens.redactor,
    pathOf: connection.pathOf,
    watch: stops.watch,
    ...(options.onExchange ? { onExchange: options.onExchange } : {}),
  });
  const flowControl = createFlowControl(flow, connection, recorder);

  const sendBuilt = (request: OutgoingRequest): Promise<Exchange> => {
    const timeoutMs = request.timeoutMs ?? settings.timeoutMs;
    const built = connection.build(request);
    if ("unbuildable" in built) {
      const failed = failedAttempt("other", `the request could not be built: ${built.unbuildable}.`);
      return Promise.resolve(recorder.record(built.sent, request.path, failed, timeoutMs, 0));
    }
    return flowControl.send({ ...built, path: request.path, timeoutMs, priority: request.priority });
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
    stats: () => clientStats({ flow, connection, recorder, tokens }),
    durationsByPath: () => recorder.durationsByPath(),
    stopped: () => stops.stopped(),
    async close() {
      if (flow.closed) return;
      flow.closed = true;
      await connection.close();
    },
  };
}

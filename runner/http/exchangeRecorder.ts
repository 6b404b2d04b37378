/**
 * The client's record of what it sent and got: each attempt becomes a redacted Exchange
 * (buildExchange.ts), counted by the stops (sendingStops.ts), heard by onExchange (the run's HAR log),
 * and its duration kept by path for the report's timing chart.
 */
import { buildExchange, type SentRequest } from "./buildExchange.js";
import type { Redactor } from "./redactSecrets.js";
import type { AttemptResult } from "./sendOnce.js";
import type { Exchange } from "../model/Exchange.js";

/** What the recorder needs to know. */
export interface RecorderParts {
  readonly maxResponseBytes: number;
  /** The redactor of the secrets known now (a renewed token is one more). */
  readonly redactor: () => Redactor;
  /** The path a sent URL counts under. */
  readonly pathOf: (url: string) => string;
  readonly watch: (exchange: Exchange, path: string) => void;
  readonly onExchange?: (exchange: Exchange) => void;
}

/** The record of one client. */
export interface ExchangeRecorder {
  /** The exchange of an attempt at `path` (as the check asked it): counted, watched, heard and timed. */
  record(sent: SentRequest, path: string, result: AttemptResult, timeoutMs: number, retries: number): Exchange;
  /** A 429 waited out: part of the run's traffic (the HAR log records it) though no check sees it. */
  recordWaited(sent: SentRequest, result: AttemptResult, timeoutMs: number, retries: number): void;
  /** Transport failures so far (requests not sent because the client stopped left out). */
  transportFailures(): number;
  /** Every response duration so far, by path. */
  durationsByPath(): Map<string, number[]>;
}

/** A recorder with `parts`. */
export function createExchangeRecorder(parts: RecorderParts): ExchangeRecorder {
  let transportFailures = 0;
  const durations = new Map<string, number[]>();
  const exchangeOf = (sent: SentRequest, result: AttemptResult, timeoutMs: number, retries: number): Exchange =>
    buildExchange(sent, result, {
      redactor: parts.redactor(),
      timeoutMs,
      maxResponseBytes: parts.maxResponseBytes,
      retriesAfter429: retries,
    });
  return {
    record(sent, path, result, timeoutMs, retries) {
      const exchange = exchangeOf(sent, result, timeoutMs, retries);
      if (exchange.failure !== undefined && exchange.failure.kind !== "stopped") transportFailures += 1;
      parts.watch(exchange, parts.pathOf(sent.url));
      parts.onExchange?.(exchange);
      if (exchange.response !== undefined) {
        const key = path.split("?")[0] ?? path;
        const list = durations.get(key) ?? [];
        list.push(exchange.durationMs);
        durations.set(key, list);
      }
      return exchange;
    },
    recordWaited(sent, result, timeoutMs, retries) {
      if (parts.onExchange) parts.onExchange(exchangeOf(sent, result, timeoutMs, retries));
    },
    transportFailures: () => transportFailures,
    durationsByPath: () => new Map([...durations].map(([path, list]) => [path, [...list]])),
  };
}

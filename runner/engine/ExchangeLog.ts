/**
 * Every exchange of a run, for the HAR file (--format har), in bounded memory: the last `limit`
 * exchanges, bodies cut at `maxBodyChars`, and older entries dropped while the kept body text
 * exceeds `maxTotalChars`. What was dropped is counted, so the HAR can say so.
 */
import { exchangeRedactor } from "../http/exchangeRedactor.js";
import { redactExchange } from "../http/redactExchange.js";
import { copiedPrefix } from "../http/copiedPrefix.js";
import type { Exchange } from "../model/Exchange.js";
import type { ExchangeLogSnapshot, LoggedExchange } from "../model/ExchangeLogSnapshot.js";

/** Default bounds: the last 20,000 exchanges, 64 KiB per body, 128 Mi characters of bodies in all. */
export const EXCHANGE_LOG_DEFAULTS = {
  limit: 20_000,
  maxBodyChars: 64 * 1024,
  maxTotalChars: 128 * 1024 * 1024,
} as const;

function cut(text: string, max: number): [string, number] {
  return text.length <= max ? [text, 0] : [copiedPrefix(text, max), text.length - max];
}

function sizeOf(entry: LoggedExchange): number {
  return (entry.request.body?.length ?? 0) + (entry.response?.bodyText.length ?? 0);
}

/** A ring buffer of the run's last exchanges. */
export class ExchangeLog {
  private readonly ring: (LoggedExchange | undefined)[];
  private start = 0;
  private count = 0;
  private totalChars = 0;
  private seen = 0;
  private dropped = 0;

  constructor(
    private readonly limit: number = EXCHANGE_LOG_DEFAULTS.limit,
    private readonly maxBodyChars: number = EXCHANGE_LOG_DEFAULTS.maxBodyChars,
    private readonly maxTotalChars: number = EXCHANGE_LOG_DEFAULTS.maxTotalChars,
  ) {
    if (!Number.isInteger(limit) || limit < 1)
      throw new RangeError(`limit must be a whole number ≥ 1, received ${String(limit)}`);
    // Stryker disable next-line ArrayDeclaration: sized up front only to avoid growing (proof: exchangeLogRing.equivalence.test.ts)
    this.ring = new Array<LoggedExchange | undefined>(limit);
  }

  /** Keeps an exchange, dropping the oldest when a bound is reached; returns the entry kept (redacted, cut). */
  add(judged: Exchange): LoggedExchange {
    // Exchanges hold what was sent and received as it was; the log is written, so secrets go here, before the cut.
    const exchange = redactExchange(judged, exchangeRedactor(judged));
    const [requestBody, requestCut] =
      exchange.request.body === undefined ? [undefined, 0] : cut(exchange.request.body, this.maxBodyChars);
    const [responseBody, responseCut] =
      exchange.response === undefined ? [undefined, 0] : cut(exchange.response.bodyText, this.maxBodyChars);
    const entry: LoggedExchange = {
      request: { ...exchange.request, ...(requestBody === undefined ? {} : { body: requestBody }) },
      ...(exchange.response && responseBody !== undefined
        ? { response: { ...exchange.response, bodyText: responseBody } }
        : {}),
      ...(exchange.failure ? { failure: exchange.failure } : {}),
      startedAt: exchange.startedAt,
      durationMs: exchange.durationMs,
      ...(exchange.timeToHeadersMs === undefined ? {} : { timeToHeadersMs: exchange.timeToHeadersMs }),
      bodyCharsCut: requestCut + responseCut,
    };
    this.keep(entry);
    return entry;
  }

  /** Keeps an entry made by another log (the worker's, mirrored to the CLI's thread), within this log's bounds. */
  keep(entry: LoggedExchange): void {
    this.seen += 1;
    if (this.count === this.limit) this.dropOldest();
    this.ring[(this.start + this.count) % this.limit] = entry;
    this.count += 1;
    this.totalChars += sizeOf(entry);
    while (this.totalChars > this.maxTotalChars && this.count > 1) this.dropOldest();
  }

  /** The kept exchanges and the counts. */
  snapshot(): ExchangeLogSnapshot {
    const entries: LoggedExchange[] = [];
    for (let index = 0; index < this.count; index += 1)
      entries.push(this.ring[(this.start + index) % this.limit] as LoggedExchange);
    return { entries, seen: this.seen, dropped: this.dropped, limit: this.limit, maxBodyChars: this.maxBodyChars };
  }

  private dropOldest(): void {
    const oldest = this.ring[this.start] as LoggedExchange;
    this.ring[this.start] = undefined;
    this.totalChars -= sizeOf(oldest);
    this.start = (this.start + 1) % this.limit;
    this.count -= 1;
    this.dropped += 1;
  }
}

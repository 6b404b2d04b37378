/** The exchanges a run kept for the HAR file, as plain data that can cross to the CLI process. */
import type { RecordedRequest, RecordedResponse, TransportFailure } from "./Exchange.js";

/** One exchange as the log keeps it: plain data (no curl, no parsed JSON), secrets already redacted. */
export interface LoggedExchange {
  readonly request: RecordedRequest;
  readonly response?: RecordedResponse;
  readonly failure?: TransportFailure;
  readonly startedAt: string;
  readonly durationMs: number;
  readonly timeToHeadersMs?: number;
  /** Characters of the request and response bodies left out by the log's cut. */
  readonly bodyCharsCut: number;
}

/** What the log holds at the end of a run; crosses from the vitest worker to the CLI. */
export interface ExchangeLogSnapshot {
  /** Kept exchanges, oldest first (by completion). */
  readonly entries: readonly LoggedExchange[];
  /** Exchanges the run made in all. */
  readonly seen: number;
  /** Exchanges dropped to stay within the bounds (the oldest). */
  readonly dropped: number;
  readonly limit: number;
  readonly maxBodyChars: number;
}

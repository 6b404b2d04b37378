/**
 * The HTTP layer's contract: what a check sends, and the exchange it gets back as evidence.
 * Implemented by createHttpClient.ts (undici). Nothing here throws for an odd answer from
 * the target: every outcome, including timeouts and resets, is data in an Exchange.
 */

/** A request a check wants sent. `path` is below the target's base URL, e.g. "/platform/cms/getWidget". */
export interface OutgoingRequest {
  readonly path: string;
  /** Defaults to POST. */
  readonly method?: string;
  /** Headers to send; the client adds nothing a check did not ask for except Content-Length. */
  readonly headers: Readonly<Record<string, string>>;
  /** A JSON value to serialise, or raw text sent as is (malformed JSON, an empty body). */
  readonly body?: { readonly json: unknown } | { readonly raw: string };
  /** Overrides the client's default timeout for this request (milliseconds). */
  readonly timeoutMs?: number;
}

/** The request as recorded in evidence: secrets already redacted. */
export interface RecordedRequest {
  readonly method: string;
  readonly url: string;
  readonly headers: Readonly<Record<string, string>>;
  readonly body?: string;
}

/** The response as recorded in evidence: secrets already redacted. */
export interface RecordedResponse {
  readonly status: number;
  readonly headers: Readonly<Record<string, string>>;
  /** Body text (UTF-8, possibly cut at the size cap). */
  readonly bodyText: string;
  /** True when the body was cut at maxResponseBytes. */
  readonly truncated: boolean;
  readonly bodyBytes: number;
}

/** Why no usable response came back. */
export type TransportFailureKind =
  | "timeout" // no complete response within the timeout
  | "connection-refused" // nothing listens
  | "connection-reset" // the target closed or reset mid-exchange
  | "too-large" // the body exceeded maxResponseBytes (response is kept, cut)
  | "redirect" // a 3xx: not followed, credentials never sent elsewhere
  | "protocol" // malformed HTTP, truncated body, bad chunking
  | "dns"
  | "other";

/** A transport-level failure, as data. */
export interface TransportFailure {
  readonly kind: TransportFailureKind;
  /** One sentence, secrets redacted, e.g. "no response headers within 5000 ms". */
  readonly message: string;
}

/** One request and what came of it: the unit of evidence. */
export interface Exchange {
  readonly request: RecordedRequest;
  /** Present when a status line and headers arrived (even if the body then failed). */
  readonly response?: RecordedResponse;
  /**
   * The body parsed as JSON, when it is JSON; `undefined` otherwise. Not redacted (checks need it),
   * except that a configured secret inside a string or key is replaced by its placeholder.
   */
  readonly json?: unknown;
  /** True when bodyText parsed as JSON (distinguishes a JSON null from no JSON). */
  readonly isJson: boolean;
  readonly failure?: TransportFailure;
  readonly startedAt: string;
  readonly durationMs: number;
  /** Milliseconds from the start to the response headers, when they came (the HAR's wait; the rest is receive). */
  readonly timeToHeadersMs?: number;
  /** A curl command that reproduces the request, with secrets as placeholders ($CMS_TOKEN …). */
  readonly curl: string;
  /** How many 429 answers were waited out before this exchange. */
  readonly retriesAfter429: number;
}

/** Options of an HTTP client bound to one target. */
export interface HttpClientOptions {
  readonly baseUrl: string;
  /** Per-request timeout covering headers and body (default 10000). */
  readonly timeoutMs?: number;
  /** Bodies above this are cut and reported as too-large (default 5 MiB). */
  readonly maxResponseBytes?: number;
  /** Requests in flight at once (default 4). */
  readonly concurrency?: number;
  /** Requests started per second at most; undefined = unlimited. */
  readonly rateLimitPerSecond?: number;
  /** 429 answers waited out per request, honouring Retry-After within maxRetryAfterMs (default 2). */
  readonly max429Retries?: number;
  readonly maxRetryAfterMs?: number;
  /** Values to redact wherever they appear, with the placeholder to show, e.g. { value: token, placeholder: "$CMS_TOKEN" }. */
  readonly secrets: readonly { readonly value: string; readonly placeholder: string }[];
  /** Called with every exchange, redacted, including the 429 answers waited out (the run's HAR log). */
  readonly onExchange?: (exchange: Exchange) => void;
}

/** Counters a run reports. */
export interface HttpClientStats {
  readonly requests: number;
  readonly retries429: number;
  readonly transportFailures: number;
}

/** A client bound to one target. */
export interface HttpClient {
  send(request: OutgoingRequest): Promise<Exchange>;
  stats(): HttpClientStats;
  /** Every response duration so far, by path (for the report's timing chart). */
  durationsByPath(): ReadonlyMap<string, readonly number[]>;
  close(): Promise<void>;
}

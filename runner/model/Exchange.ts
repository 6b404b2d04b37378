/** One request and what came of it, as data: the unit of evidence every verdict, report and HAR carries. */

/** The request as sent, secrets in it: redacted when written (redactExchange.ts), never before. */
export interface RecordedRequest {
  readonly method: string;
  readonly url: string;
  readonly headers: Readonly<Record<string, string>>;
  readonly body?: string;
}

/** The response as it came (secrets the target echoes included): redacted when written, never before. */
export interface RecordedResponse {
  readonly status: number;
  readonly headers: Readonly<Record<string, string>>;
  /** Body text (UTF-8, decoded when the target used a Content-Encoding, possibly cut at the size cap). */
  readonly bodyText: string;
  /** True when the body was cut at maxResponseBytes. */
  readonly truncated: boolean;
  /** Bytes received on the wire. */
  readonly bodyBytes: number;
  /** The Content-Encoding the suite decoded (gzip, deflate, br), when the target used one unasked. */
  readonly decodedFrom?: string;
  /** What is odd about the body's text (another charset, a byte order mark, invalid UTF-8), in one sentence. */
  readonly textNote?: string;
  /** Where the body's bytes stop being UTF-8 (the first such byte and the bytes from it, in hex); absent when they are UTF-8. */
  readonly invalidUtf8?: { readonly offset: number; readonly bytes: string };
}

/** Why no usable response came back: every kind, so that the report schema can be checked against it. */
export const TRANSPORT_FAILURE_KINDS = [
  "timeout", // no complete response within the timeout
  "connection-refused", // nothing listens
  "connection-reset", // the target closed or reset mid-exchange
  "too-large", // the body exceeded maxResponseBytes (response is kept, cut)
  "too-deep", // the body nests JSON deeper than the suite judges (response kept, not parsed)
  "redirect", // a 3xx: not followed, credentials never sent elsewhere (a complete answer, judged by the checks)
  "protocol", // malformed HTTP, truncated body, bad chunking, a Content-Encoding that does not decode
  "tls", // certificate not trusted, expired or for another host; handshake failed
  "proxy", // the HTTP(S)_PROXY refused or failed the connection
  "rate-limited", // 429 beyond --max-retry-wait (the 429 response is kept)
  "stopped", // not sent: the target stopped answering, or the run passed --max-run-time
  "gateway", // a 502/503/504 with a body that is not JSON: a gateway or load balancer's, not the implementation's answer
  "unavailable", // 502/503/504 beyond --max-retry-wait (the last answer is kept): the target was not available, not wrong
  "dns",
  "other",
] as const;

/** Why no usable response came back. */
export type TransportFailureKind = (typeof TRANSPORT_FAILURE_KINDS)[number];

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
  /** The body parsed as JSON, when it is JSON; `undefined` otherwise. As the target sent it: checks judge it. */
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
  /** How many answers that said "not now" (429, 502, 503, 504) were waited out before this exchange. */
  readonly retriesAfter429: number;
}

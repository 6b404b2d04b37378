/**
 * The HTTP layer's contract: what a check sends, and the exchange it gets back as evidence.
 * Implemented by createHttpClient.ts (undici). Nothing here throws for an odd answer from
 * the target: every outcome, including timeouts and resets, is data in an Exchange.
 */
import type { Exchange } from "../model/Exchange.js";
import type { Pacing } from "../model/Pacing.js";
import type { TokenRenewals } from "../model/RunStatistics.js";
import type { RenewableToken } from "./renewableTokens.js";

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
  /**
   * The request carries wrong credentials on purpose (an auth check's probe, e.g. the valid token with a
   * client_id the target never issued): its 401 is the answer asked for, never an expired token to renew.
   */
  readonly probesCredentials?: boolean;
  /** A request sent ahead of its turn waits while others are queued, until its turn comes (issue 42.2). */
  readonly priority?: RequestPriority;
}

/** Whether a request yields its place in the queue: true while it is sent ahead of its turn; set false when its turn comes. */
export interface RequestPriority {
  background: boolean;
}

/** Proxy settings (the HTTP_PROXY, HTTPS_PROXY and NO_PROXY environment variables). */
export interface ProxySettings {
  readonly httpProxy?: string;
  readonly httpsProxy?: string;
  /** Hosts reached directly: comma- or space-separated names, ".domain" suffixes, "*" for all. */
  readonly noProxy?: string;
}

/** Why the client sends nothing more. */
export interface ClientStop {
  /** When it stopped (ISO 8601). */
  readonly at: string;
  /** One sentence, e.g. "the target stopped answering at … after 5 consecutive transport failures (…)". */
  readonly message: string;
  /** The suite's own trouble, not the target's (a token command that failed, a proxy's 407): the run exits 2. */
  readonly ownTrouble?: boolean;
}

/** Options of an HTTP client bound to one target. */
export interface HttpClientOptions {
  readonly baseUrl: string;
  /** Per-request timeout covering headers and body (default 10000). */
  readonly timeoutMs?: number;
  /** Bodies above this are cut and reported as too-large (default 5 MiB). */
  readonly maxResponseBytes?: number;
  /** Requests in flight at once, fixed; when absent the client finds the target's level (adaptiveConcurrency.ts), from 4 up to maxConcurrency. */
  readonly concurrency?: number;
  /** The most requests in flight the adaptive limit reaches (default 32); ignored when concurrency is given. */
  readonly maxConcurrency?: number;
  /** Requests started per second at most; undefined = unlimited. */
  readonly rateLimitPerSecond?: number;
  /** 429, 502, 503 and 504 answers waited out per request (default 5), while their waits stay within maxRetryWaitMs. */
  readonly max429Retries?: number;
  /**
   * Longest a request waits out 429, 502, 503 and 504 answers in all (default 30 000): Retry-After is honoured
   * up to it; an answer that would outlast it becomes a "rate-limited" (429) or "unavailable" failure.
   */
  readonly maxRetryWaitMs?: number;
  /** Consecutive transport failures after which the client stops sending (default 5). */
  readonly maxConsecutiveTransportFailures?: number;
  /** Time after which the client stops sending, counted from its creation (milliseconds; default none). */
  readonly maxRunTimeMs?: number;
  /** When the run began (epoch milliseconds, Date.now()); maxRunTimeMs counts from it. Defaults to the client's creation. */
  readonly runStartedAt?: number;
  /** PEM certificates to trust besides the system's (--ca-file). */
  readonly ca?: readonly string[];
  /** Skip TLS certificate verification (--insecure). */
  readonly insecure?: boolean;
  /** A client certificate and its private key, PEM texts, for targets that ask for one (mTLS; --cert, --key). */
  readonly clientCertificate?: ClientCertificate;
  /** Proxies; default: none (createTargetSession reads them from the environment). */
  readonly proxy?: ProxySettings;
  /** Values never to write, with the placeholder to show, e.g. { value: token, placeholder: "$CMS_TOKEN" }. */
  readonly secrets: readonly { readonly value: string; readonly placeholder: string }[];
  /** Tokens obtained anew after a 401 (--token-command); default none. */
  readonly renewableTokens?: readonly RenewableToken[];
  /** Hears each secret learned during the run (a renewed token), before any request carries it. */
  readonly onSecret?: (secret: { readonly value: string; readonly placeholder: string }) => void;
  /** Called with every exchange, redacted, including the 429 answers waited out (the run's HAR log). */
  readonly onExchange?: (exchange: Exchange) => void;
}

/** Counters a run reports. */
export interface HttpClientStats {
  readonly requests: number;
  readonly retries429: number;
  /** 502, 503 and 504 answers waited out, by status; absent when none was. */
  readonly retriesUnavailable?: Readonly<Record<string, number>>;
  readonly transportFailures: number;
  /** The lowest request rate the client paced itself down to after 429 answers (requests per second); absent when never. */
  readonly slowestRatePerSecond?: number;
  /** The pace the client settled on, when the target announced a rate limit or answered 429 above the pace. */
  readonly pacing?: Pacing;
  /** Tokens obtained anew after a 401, and why a renewal failed; absent when none was tried. */
  readonly tokenRenewals?: TokenRenewals;
}

/** A client bound to one target. */
export interface HttpClient {
  send(request: OutgoingRequest): Promise<Exchange>;
  stats(): HttpClientStats;
  /** Every response duration so far, by path (for the report's timing chart). */
  durationsByPath(): ReadonlyMap<string, readonly number[]>;
  /** Why the client stopped sending (the target stopped answering, or the run deadline passed); undefined while it sends. */
  stopped(): ClientStop | undefined;
  close(): Promise<void>;
}

/** A TLS client certificate (PEM) and its private key (PEM, a secret). */
export interface ClientCertificate {
  readonly cert: string;
  readonly key: string;
}

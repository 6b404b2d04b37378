/** The hooks a named variant of the reference server may set over the correct server: faults and legitimate variants both use them. */
import type { IncomingHttpHeaders } from "node:http";
import type { OperationName } from "../contract/operations.js";
import type { ReferenceBehaviour } from "./behaviour/ReferenceBehaviour.js";
import type { ReferenceData, ReferenceSizes, ReferenceUserName } from "./data/referenceData.js";
import type { ReferenceResponse } from "./http/ReferenceResponse.js";
import type { ReferenceCredentials } from "./referenceCredentials.js";

/** What a response hook may look at. */
export interface HookExchange {
  readonly operation: OperationName;
  /** The parsed request body, when it was JSON. */
  readonly body: unknown;
  readonly user: ReferenceUserName | undefined;
  readonly data: ReferenceData;
  /** The request headers authentication read (after the requestHeaders hook). */
  readonly headers: IncomingHttpHeaders;
  /** The request's query parameters. */
  readonly query: URLSearchParams;
}

/** What the intercept hook sees of a request. */
export interface InterceptedRequest {
  /** This variant's request count on this server, from 1. */
  readonly number: number;
  /** Path, credentials and body: equal for a request sent again (a retry). */
  readonly fingerprint: string;
  /** Fingerprints the hook keeps between requests, one set per variant and server (the hook bounds it). */
  readonly remembered: Set<string>;
  /** The Retry-After a rate-limiting hook asks for, in seconds (ReferenceServerOptions.retryAfterSeconds). */
  readonly retryAfterSeconds: number;
  /** The request's header names and values as they came on the wire, alternating (Node's rawHeaders). */
  readonly rawHeaders: readonly string[];
}

/** Builds a fresh data set from the server's seed with other sizes (a data hook that needs more or fewer items). */
export type RebuildData = (sizes: Partial<ReferenceSizes>) => ReferenceData;

/** Rewrites over the correct server; each is optional. */
export interface ReferenceHooks {
  /** Tweaks the data set once, at start (a copy: the server's own data stays untouched). */
  readonly data?: (data: ReferenceData, rebuild: RebuildData) => ReferenceData;
  /** Answers a request before authentication and parsing; undefined lets it through. */
  readonly intercept?: (request: InterceptedRequest) => ReferenceResponse | undefined;
  /** Rewrites request headers before authentication; `query` is the request's query string, which §5 gives no credential. */
  readonly requestHeaders?: (
    headers: IncomingHttpHeaders,
    credentials: ReferenceCredentials,
    query: URLSearchParams,
  ) => IncomingHttpHeaders;
  /** Reads the request body's text before it is parsed: a rewritten text, or an answer to give instead (a refusal). */
  readonly requestText?: (text: string, operation: OperationName) => string | ReferenceResponse;
  /** Rewrites the parsed JSON body before validation. */
  readonly requestBody?: (body: unknown, operation: OperationName) => unknown;
  /** Replaces some of the rules. */
  readonly behaviour?: (correct: ReferenceBehaviour) => Partial<ReferenceBehaviour>;
  /** Rewrites the response (every response of an operation, errors included). */
  readonly respond?: (response: ReferenceResponse, exchange: HookExchange) => ReferenceResponse;
}

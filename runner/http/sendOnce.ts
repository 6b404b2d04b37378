/**
 * One HTTP attempt through undici, bounded in time and memory: a deadline over connect,
 * headers and body, and a body collected as it arrives and cut at the size cap. Never throws.
 *
 * It uses undici's dispatch handler rather than request(): the chunks come to this module as they
 * are parsed, with no body stream, async iteration or abort signal per request, which cost about a
 * fifth of the suite's CPU per request (BENCHMARKS.md, issue 28.2).
 */
import type { Dispatcher } from "undici";
import { answerHandler, newArrival, type Arrival } from "./answerHandler.js";
import { decodingFailure } from "./bodyDecoding.js";
import { classifyTransportError } from "./classifyTransportError.js";
import type { ProxyHop } from "./proxyForOrigin.js";
import type { TransportFailure } from "../model/Exchange.js";

/** What to send, already resolved against the base URL. Secrets are still in it. */
export interface AttemptRequest {
  readonly origin: string;
  /** pathname + search. */
  readonly pathAndQuery: string;
  readonly method: string;
  readonly headers: Readonly<Record<string, string>>;
  readonly body: string | undefined;
  readonly timeoutMs: number;
  readonly maxResponseBytes: number;
  /** The proxy the request goes through, when one does (named by the failure of a connection to it). */
  readonly proxy?: ProxyHop;
}

/** What came back, unredacted: the caller redacts before anything is recorded. */
export interface AttemptResult {
  /** Present when a status line and headers arrived. */
  readonly response?: {
    readonly status: number;
    readonly headers: Readonly<Record<string, string>>;
    /** At most maxResponseBytes, decoded when the target used a Content-Encoding the suite reads. */
    readonly body: Buffer;
    /** Bytes read from the wire (more than body.length when cut). */
    readonly bytesReceived: number;
    readonly truncated: boolean;
    /** The Content-Encoding decoded, if any. */
    readonly decodedFrom?: string;
  };
  /** A transport failure (timeout, reset …); too-large and redirect are judged by the caller. */
  readonly failure?: TransportFailure;
  readonly startedAt: string;
  readonly durationMs: number;
  /** Milliseconds until the status line and headers arrived. */
  readonly timeToHeadersMs?: number;
}

function contentLengthOf(headers: Readonly<Record<string, string>>): number | undefined {
  const value = headers["content-length"];
  return value !== undefined && /^\d+$/.test(value.trim()) ? Number(value) : undefined;
}

const tenths = (ms: number): number => Math.round(ms * 10) / 10;

/** The result of an attempt whose answer came as far as `arrival`. */
function resultOf(
  arrival: Arrival,
  failure: TransportFailure | undefined,
  startedAt: string,
  durationMs: number,
): AttemptResult {
  const { status, decoding, timeToHeadersMs } = arrival;
  return {
    ...(status === undefined
      ? {}
      : {
          response: {
            status,
            headers: arrival.headers,
            body: Buffer.concat(arrival.chunks, arrival.kept),
            bytesReceived: arrival.bytesReceived,
            truncated: arrival.truncated,
            ...(decoding?.kind === "decode" ? { decodedFrom: decoding.encoding } : {}),
          },
        }),
    ...(failure === undefined ? {} : { failure }),
    startedAt,
    durationMs,
    ...(timeToHeadersMs === undefined ? {} : { timeToHeadersMs }),
  };
}

/** undici's options of the request. */
function dispatchOptions(request: AttemptRequest): Dispatcher.DispatchOptions {
  return {
    origin: request.origin,
    path: request.pathAndQuery,
    method: request.method as Dispatcher.HttpMethod,
    headers: { ...request.headers },
    body: request.body ?? null,
    // undici's own timers as a second line; sendOnce's deadline bounds the whole exchange.
    headersTimeout: request.timeoutMs,
    bodyTimeout: request.timeoutMs,
  };
}

/** Sends one request and reads its answer; every outcome is data. */
export function sendOnce(dispatcher: Dispatcher, request: AttemptRequest): Promise<AttemptResult> {
  return new Promise((resolve) => {
    const startedAt = new Date().toISOString();
    const started = performance.now();
    /** undici's handle on the request, once it has a connection. */
    let controller: Dispatcher.DispatchController | undefined;
    /** Our deadline's reason, when it fired before the request had a connection to abort. */
    let abortBeforeStart: Error | undefined;
    let timedOut = false;
    let settled = false;
    const arrival = newArrival();

    const finish = (failure: TransportFailure | undefined): void => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      if (arrival.decoding?.kind === "decode") arrival.decoding.stream.destroy();
      resolve(resultOf(arrival, failure, startedAt, tenths(performance.now() - started)));
    };
    const fail = (error: unknown): void => {
      if (settled) return;
      const { decoding } = arrival;
      const decodingError = decoding?.kind === "decode" ? decodingFailure(error, decoding.encoding) : undefined;
      finish(
        decodingError ??
          classifyTransportError(error, {
            timedOut,
            timeoutMs: request.timeoutMs,
            headersReceived: arrival.status !== undefined,
            bytesReceived: arrival.bytesReceived,
            contentLength: contentLengthOf(arrival.headers),
            origin: request.origin,
            ...(request.proxy === undefined ? {} : { proxy: request.proxy }),
          }),
      );
    };

    const timer = setTimeout(() => {
      timedOut = true;
      const reason = new Error(`no complete response within ${request.timeoutMs} ms`);
      if (controller === undefined) {
        abortBeforeStart = reason;
        return;
      }
      controller.abort(reason);
      // undici ignores an abort once the answer has come whole: a decoder still at work is not waited for.
      fail(reason);
    }, request.timeoutMs);

    const handler = answerHandler(arrival, {
      cap: request.maxResponseBytes,
      sinceStart: () => tenths(performance.now() - started),
      isSettled: () => settled,
      finish,
      fail,
      controller: () => controller,
      onRequestStart(handle) {
        controller = handle;
        if (abortBeforeStart !== undefined) handle.abort(abortBeforeStart);
      },
    });
    try {
      dispatcher.dispatch(dispatchOptions(request), handler);
    } catch (error) {
      fail(error);
    }
  });
}

/**
 * One HTTP attempt through undici, bounded in time and memory: a deadline over connect,
 * headers and body, and a body collected as it arrives and cut at the size cap. Never throws.
 *
 * It uses undici's dispatch handler rather than request(): the chunks come to this module as they
 * are parsed, with no body stream, async iteration or abort signal per request, which cost about a
 * fifth of the suite's CPU per request (BENCHMARKS.md, issue 28.2).
 */
import type { Transform } from "node:stream";
import type { Dispatcher } from "undici";
import { bodyDecoding, decodingFailure, type BodyDecoding } from "./bodyDecoding.js";
import { classifyTransportError } from "./classifyTransportError.js";
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

type Headers = Record<string, string | string[] | undefined>;

function flattenHeaders(headers: Headers): Record<string, string> {
  const out: Record<string, string> = {};
  for (const name in headers) {
    const value = headers[name];
    if (value !== undefined) out[name] = Array.isArray(value) ? value.join(", ") : value;
  }
  return out;
}

function contentLengthOf(headers: Readonly<Record<string, string>>): number | undefined {
  const value = headers["content-length"];
  return value !== undefined && /^\d+$/.test(value.trim()) ? Number(value) : undefined;
}

const tenths = (ms: number): number => Math.round(ms * 10) / 10;

/** Sends one request and reads its answer; every outcome is data. */
export function sendOnce(dispatcher: Dispatcher, request: AttemptRequest): Promise<AttemptResult> {
  return new Promise((resolve) => {
    const startedAt = new Date().toISOString();
    const started = performance.now();
    const cap = request.maxResponseBytes;
    /** undici's handle on the request, once it has a connection. */
    let controller: Dispatcher.DispatchController | undefined;
    /** Our deadline's reason, when it fired before the request had a connection to abort. */
    let abortBeforeStart: Error | undefined;
    let timedOut = false;
    let settled = false;

    let status: number | undefined;
    let headers: Record<string, string> = {};
    const chunks: Buffer[] = [];
    let kept = 0;
    let bytesReceived = 0;
    let truncated = false;
    let timeToHeadersMs: number | undefined;
    let decoding: BodyDecoding | undefined;

    const finish = (failure: TransportFailure | undefined): void => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      if (decoding?.kind === "decode") decoding.stream.destroy();
      const durationMs = tenths(performance.now() - started);
      resolve({
        ...(status === undefined
          ? {}
          : {
              response: {
                status,
                headers,
                body: Buffer.concat(chunks, kept),
                bytesReceived,
                truncated,
                ...(decoding?.kind === "decode" ? { decodedFrom: decoding.encoding } : {}),
              },
            }),
        ...(failure === undefined ? {} : { failure }),
        startedAt,
        durationMs,
        ...(timeToHeadersMs === undefined ? {} : { timeToHeadersMs }),
      });
    };
    const fail = (error: unknown): void => {
      if (settled) return;
      const decodingError = decoding?.kind === "decode" ? decodingFailure(error, decoding.encoding) : undefined;
      finish(
        decodingError ??
          classifyTransportError(error, {
            timedOut,
            timeoutMs: request.timeoutMs,
            headersReceived: status !== undefined,
            bytesReceived,
            contentLength: contentLengthOf(headers),
            origin: request.origin,
          }),
      );
    };
    /** Keeps a (decoded) chunk, or what fits of it: at the cap the answer is settled and the rest never read. */
    const keep = (chunk: Buffer): void => {
      if (settled) return;
      const room = cap - kept;
      if (chunk.length > room || bytesReceived > cap) {
        if (room > 0) chunks.push(chunk.subarray(0, room));
        kept += Math.max(0, Math.min(room, chunk.length));
        truncated = true;
        finish(undefined);
        // Stops reading and frees the socket; the error this raises comes after the answer is settled.
        controller?.abort(new Error(`response cut at ${cap} bytes`));
        return;
      }
      chunks.push(chunk);
      kept += chunk.length;
    };
    /** The decoder's output goes through the cap too, so a gzip bomb stops at the cap. */
    const decodeThrough = (stream: Transform): void => {
      stream.on("data", keep);
      stream.on("error", fail);
      stream.on("end", () => finish(undefined));
      // The wire is paused while the decoder is behind, as a pipeline would.
      stream.on("drain", () => controller?.resume());
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

    const handler: Dispatcher.DispatchHandler = {
      onRequestStart(handle) {
        controller = handle;
        if (abortBeforeStart !== undefined) handle.abort(abortBeforeStart);
      },
      onResponseStart(_controller, statusCode, responseHeaders) {
        if (statusCode < 200) return; // an interim answer (undici passes 1xx other than 100 on): the real one follows
        status = statusCode;
        timeToHeadersMs = tenths(performance.now() - started);
        headers = flattenHeaders(responseHeaders as Headers);
        decoding = bodyDecoding(headers["content-encoding"]);
        if (decoding.kind === "decode") decodeThrough(decoding.stream);
      },
      onResponseData(active, chunk) {
        bytesReceived += chunk.length;
        if (decoding?.kind === "decode") {
          if (!settled && !decoding.stream.write(chunk)) active.pause();
        } else keep(chunk);
      },
      onResponseEnd() {
        if (decoding?.kind === "decode") {
          if (!settled) decoding.stream.end();
        } else finish(decoding?.kind === "unsupported" ? decoding.failure : undefined);
      },
      onResponseError(_controller, error) {
        fail(error);
      },
    };
    try {
      dispatcher.dispatch(
        {
          origin: request.origin,
          path: request.pathAndQuery,
          method: request.method as Dispatcher.HttpMethod,
          headers: { ...request.headers },
          body: request.body ?? null,
          // undici's own timers as a second line; the deadline above bounds the whole exchange.
          headersTimeout: request.timeoutMs,
          bodyTimeout: request.timeoutMs,
        },
        handler,
      );
    } catch (error) {
      fail(error);
    }
  });
}

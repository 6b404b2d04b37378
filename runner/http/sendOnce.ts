/**
 * One HTTP attempt through undici, bounded in time and memory: a deadline over connect,
 * headers and body, and a body read as a stream and cut at the size cap. Never throws.
 */
import { pipeline } from "node:stream";
import type { Dispatcher } from "undici";
import { bodyDecoding, decodingFailure } from "./bodyDecoding.js";
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

function flattenHeaders(headers: Record<string, string | string[] | undefined>): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [name, value] of Object.entries(headers)) {
    if (value !== undefined) out[name] = Array.isArray(value) ? value.join(", ") : value;
  }
  return out;
}

function contentLengthOf(headers: Readonly<Record<string, string>>): number | undefined {
  const value = headers["content-length"];
  return value !== undefined && /^\d+$/.test(value.trim()) ? Number(value) : undefined;
}

/** Sends one request and reads its answer; every outcome is data. */
export async function sendOnce(dispatcher: Dispatcher, request: AttemptRequest): Promise<AttemptResult> {
  const startedAt = new Date().toISOString();
  const started = performance.now();
  const controller = new AbortController();
  let timedOut = false;
  const timer = setTimeout(() => {
    timedOut = true;
    controller.abort(new Error(`no complete response within ${request.timeoutMs} ms`));
  }, request.timeoutMs);

  let status: number | undefined;
  let headers: Record<string, string> = {};
  let body: Dispatcher.ResponseData["body"] | undefined;
  const chunks: Buffer[] = [];
  let kept = 0;
  let bytesReceived = 0;
  let truncated = false;
  let failure: TransportFailure | undefined;
  let timeToHeadersMs: number | undefined;
  let decoding: ReturnType<typeof bodyDecoding> | undefined;
  try {
    const answer = await dispatcher.request({
      origin: request.origin,
      path: request.pathAndQuery,
      method: request.method as Dispatcher.HttpMethod,
      headers: { ...request.headers },
      body: request.body ?? null,
      signal: controller.signal,
      // undici's own timers as a second line; the deadline above bounds the whole exchange.
      headersTimeout: request.timeoutMs,
      bodyTimeout: request.timeoutMs,
    });
    status = answer.statusCode;
    timeToHeadersMs = Math.round((performance.now() - started) * 10) / 10;
    headers = flattenHeaders(answer.headers);
    body = answer.body;
    const raw = body;
    raw.on("data", (chunk: Buffer) => (bytesReceived += chunk.length));
    decoding = bodyDecoding(headers["content-encoding"]);
    // The decoded bytes count against the cap too, so a gzip bomb stops at the cap.
    const source: AsyncIterable<Buffer> =
      decoding.kind === "decode" ? pipeline(raw, decoding.stream, () => undefined) : raw;
    for await (const data of source) {
      const chunk = data as Buffer;
      const room = request.maxResponseBytes - kept;
      if (chunk.length > room || bytesReceived > request.maxResponseBytes) {
        // Keep what fits and stop reading: memory never grows past the cap.
        if (room > 0) chunks.push(chunk.subarray(0, room));
        kept += Math.max(0, Math.min(room, chunk.length));
        truncated = true;
        break;
      }
      chunks.push(chunk);
      kept += chunk.length;
    }
    if (decoding.kind === "unsupported") failure = decoding.failure;
  } catch (error) {
    const decodingError = decoding?.kind === "decode" ? decodingFailure(error, decoding.encoding) : undefined;
    failure =
      decodingError ??
      classifyTransportError(error, {
        timedOut,
        timeoutMs: request.timeoutMs,
        headersReceived: status !== undefined,
        bytesReceived,
        contentLength: contentLengthOf(headers),
        origin: request.origin,
      });
  } finally {
    clearTimeout(timer);
    if (decoding?.kind === "decode") decoding.stream.destroy();
    body?.destroy(); // frees the socket when the body was cut or failed; a no-op after a clean end
  }
  const durationMs = Math.round((performance.now() - started) * 10) / 10;
  const response =
    status === undefined
      ? undefined
      : {
          status,
          headers,
          body: Buffer.concat(chunks, kept),
          bytesReceived,
          truncated,
          ...(decoding?.kind === "decode" ? { decodedFrom: decoding.encoding } : {}),
        };
  return {
    ...(response === undefined ? {} : { response }),
    ...(failure === undefined ? {} : { failure }),
    startedAt,
    durationMs,
    ...(timeToHeadersMs === undefined ? {} : { timeToHeadersMs }),
  };
}

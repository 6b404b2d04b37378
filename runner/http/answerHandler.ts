/**
 * How one attempt's answer is read as undici parses it (sendOnce.ts): status and headers, then the body
 * kept chunk by chunk up to the size cap, through a decoder when the target used a Content-Encoding the
 * suite reads, so that a gzip bomb stops at the cap too.
 */
import type { Transform } from "node:stream";
import type { Dispatcher } from "undici";
import { bodyDecoding, type BodyDecoding } from "./bodyDecoding.js";
import type { TransportFailure } from "../model/Exchange.js";

/** What has arrived of an answer so far. */
export interface Arrival {
  status: number | undefined;
  headers: Record<string, string>;
  readonly chunks: Buffer[];
  /** Bytes kept (at most the cap). */
  kept: number;
  /** Bytes read from the wire. */
  bytesReceived: number;
  truncated: boolean;
  timeToHeadersMs: number | undefined;
  decoding: BodyDecoding | undefined;
}

/** Nothing arrived yet. */
export function newArrival(): Arrival {
  return {
    status: undefined,
    headers: {},
    chunks: [],
    kept: 0,
    bytesReceived: 0,
    truncated: false,
    timeToHeadersMs: undefined,
    decoding: undefined,
  };
}

/** What the handler tells the attempt, and asks of it. */
export interface AttemptHooks {
  readonly cap: number;
  /** Milliseconds since the attempt started. */
  readonly sinceStart: () => number;
  readonly isSettled: () => boolean;
  /** The answer is complete (or cut at the cap), or failed as `failure` says. */
  readonly finish: (failure: TransportFailure | undefined) => void;
  readonly fail: (error: unknown) => void;
  /** undici's handle on the request, once it has a connection. */
  readonly controller: () => Dispatcher.DispatchController | undefined;
  readonly onRequestStart: (handle: Dispatcher.DispatchController) => void;
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

/** undici's handler of one attempt, filling `arrival`. */
export function answerHandler(arrival: Arrival, hooks: AttemptHooks): Dispatcher.DispatchHandler {
  const { cap, finish, fail } = hooks;
  /** Keeps a (decoded) chunk, or what fits of it: at the cap the answer is settled and the rest never read. */
  const keep = (chunk: Buffer): void => {
    if (hooks.isSettled()) return;
    const room = cap - arrival.kept;
    if (chunk.length > room || arrival.bytesReceived > cap) {
      if (room > 0) arrival.chunks.push(chunk.subarray(0, room));
      arrival.kept += Math.max(0, Math.min(room, chunk.length));
      arrival.truncated = true;
      finish(undefined);
      // Stops reading and frees the socket; the error this raises comes after the answer is settled.
      hooks.controller()?.abort(new Error(`response cut at ${cap} bytes`));
      return;
    }
    arrival.chunks.push(chunk);
    arrival.kept += chunk.length;
  };
  /** The decoder's output goes through the cap too, so a gzip bomb stops at the cap. */
  const decodeThrough = (stream: Transform): void => {
    stream.on("data", keep);
    stream.on("error", fail);
    stream.on("end", () => finish(undefined));
    // The wire is paused while the decoder is behind, as a pipeline would.
    stream.on("drain", () => hooks.controller()?.resume());
  };
  return {
    onRequestStart: hooks.onRequestStart,
    onResponseStart(_controller, statusCode, responseHeaders) {
      if (statusCode < 200) return; // an interim answer (undici passes 1xx other than 100 on): the real one follows
      arrival.status = statusCode;
      arrival.timeToHeadersMs = hooks.sinceStart();
      arrival.headers = flattenHeaders(responseHeaders as Headers);
      arrival.decoding = bodyDecoding(arrival.headers["content-encoding"]);
      if (arrival.decoding.kind === "decode") decodeThrough(arrival.decoding.stream);
    },
    onResponseData(active, chunk) {
      arrival.bytesReceived += chunk.length;
      const { decoding } = arrival;
      if (decoding?.kind === "decode") {
        if (!hooks.isSettled() && !decoding.stream.write(chunk)) active.pause();
      } else keep(chunk);
    },
    onResponseEnd() {
      const { decoding } = arrival;
      if (decoding?.kind === "decode") {
        if (!hooks.isSettled()) decoding.stream.end();
      } else finish(decoding?.kind === "unsupported" ? decoding.failure : undefined);
    },
    onResponseError(_controller, error) {
      fail(error);
    },
  };
}

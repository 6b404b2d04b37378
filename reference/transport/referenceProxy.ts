/**
 * A reverse proxy in front of a target (the reference server) that changes how it answers
 * without changing what it answers, for suite-level tests: rewrite request headers (a client id
 * the reference does not know), gzip every body unasked, send "100 Continue" before every
 * answer, die after a number of requests (a server killed mid-run), or shed load: 503 with Retry-After
 * whenever more than a number of requests are in flight (issue 48.4).
 */
import { createServer, type IncomingHttpHeaders, type IncomingMessage, type ServerResponse } from "node:http";
import { credentialHeaders } from "../http/credentialHeaders.js";
import { forwardBuffered, type BufferedAnswer } from "./forwardBuffered.js";
import type { AddressInfo, Socket } from "node:net";
import { gzipSync } from "node:zlib";

/** How the proxy changes the exchange. */
export interface ReferenceProxyOptions {
  /** Rewrites the headers of each request before it is forwarded. */
  readonly requestHeaders?: (headers: IncomingHttpHeaders) => IncomingHttpHeaders;
  /** Gzips every answer's body with Content-Encoding: gzip. */
  readonly gzip?: boolean;
  /** Sends "HTTP/1.1 100 Continue" before every answer. */
  readonly interim100?: boolean;
  /** Re-encodes every answer's body; may change its headers (a charset, say). `path` is the request's. */
  readonly rewriteBody?: (payload: Buffer, headers: Record<string, string>, path: string) => Buffer;
  /** Requests to a path ending with this are cut off: the connection is reset before any answer. */
  readonly resetPath?: string;
  /** Requests to a path ending with `path` are all answered `status` with Retry-After (a 429 storm on one operation). */
  readonly storm?: { readonly path: string; readonly status: 429 | 503; readonly retryAfter: string };
  /**
   * Every this-many-th request is answered by a "bad node": 502 with an HTML page, as a load balancer does. A
   * request it already answered (the same path, length and credentials: a retry) goes to a good node, as a
   * balancer's retry to the next upstream does, so that a request never meets the bad node twice.
   */
  readonly badNodeEvery?: number;
  /** The bad node's status (default 502; 504 for a node that did not answer in time). */
  readonly badNodeStatus?: 502 | 504;
  /** Load shedding: a request that arrives while more than this many are in flight is answered 503 with Retry-After. */
  readonly shedAbove?: number;
  /** The shed answers' Retry-After (default "1"); null sends none. */
  readonly shedRetryAfter?: string | null;
  /** Each forwarded request is held this long first (milliseconds), as a busy server takes time: requests pile up. */
  readonly holdMs?: number;
  /** After this many requests the proxy stops listening and drops every connection. */
  readonly dieAfter?: number;
}

/** A running proxy. */
export interface ReferenceProxy {
  readonly baseUrl: string;
  /** Requests received. */
  requests(): number;
  /** Requests the proxy answered 503 itself (shedAbove, or a storm of 503s). */
  shed(): number;
  /** True once it died (dieAfter). */
  dead(): boolean;
  close(): Promise<void>;
}

/** The target's answer as the proxy re-sends it: body rewritten, gzipped, its length set; 100 Continue first if asked. */
function reshapeAnswer(
  options: ReferenceProxyOptions,
  answer: BufferedAnswer,
  path: string,
  response: ServerResponse,
): void {
  let payload = answer.payload;
  const out = answer.headers;
  if (options.rewriteBody && payload.length > 0) payload = options.rewriteBody(payload, out, path);
  if (options.gzip && payload.length > 0) {
    payload = gzipSync(payload);
    out["content-encoding"] = "gzip";
  }
  out["content-length"] = String(payload.length);
  if (options.interim100) response.writeContinue();
  response.writeHead(answer.status, out).end(payload);
}

/** An answer the proxy gives itself. */
interface OwnAnswer {
  readonly status: number;
  readonly headers: Record<string, string>;
  readonly body: string;
}

/** The proxy's own answer to the `count`th request, to `url`, with `inFlight` forwarded ones unanswered; undefined forwards it. */
function ownAnswer(
  options: ReferenceProxyOptions,
  url: string,
  count: number,
  inFlight: number,
  badNodeMet: (() => boolean) | undefined,
): OwnAnswer | undefined {
  const json = { "content-type": "application/json" };
  if (options.storm !== undefined && url.endsWith(options.storm.path)) {
    const { status, retryAfter } = options.storm;
    const body = JSON.stringify({ message: "Too many requests to this operation." });
    return { status, headers: { ...json, "retry-after": retryAfter }, body };
  }
  if (options.badNodeEvery !== undefined && count % options.badNodeEvery === 0 && badNodeMet?.() !== true) {
    const status = options.badNodeStatus ?? 502;
    const title = `${status} ${status === 502 ? "Bad Gateway" : "Gateway Time-out"}`;
    return {
      status,
      headers: { "content-type": "text/html" },
      body: `<html><body><h1>${title}</h1><hr>nginx</body></html>`,
    };
  }
  if (options.shedAbove !== undefined && inFlight >= options.shedAbove) {
    const retryAfter = options.shedRetryAfter === undefined ? "1" : options.shedRetryAfter;
    const body = JSON.stringify({ message: "Service unavailable: too many requests in progress; retry later." });
    return { status: 503, headers: { ...json, ...(retryAfter === null ? {} : { "retry-after": retryAfter }) }, body };
  }
  return undefined;
}

/** Starts a proxy to `targetBaseUrl` on 127.0.0.1. */
export async function startReferenceProxy(
  targetBaseUrl: string,
  options: ReferenceProxyOptions = {},
): Promise<ReferenceProxy> {
  const target = new URL(targetBaseUrl);
  const sockets = new Set<Socket>();
  let count = 0;
  let died = false;
  let inFlight = 0;
  let shed = 0;
  const sentToBadNode = new Set<string>();
  /** True when the bad node already answered this request (path, length, credentials); records it otherwise. */
  const metBadNode = (request: IncomingMessage): boolean => {
    const { authorization, client_id: clientId } = request.headers;
    const key = JSON.stringify([request.url, request.headers["content-length"], authorization, clientId]);
    if (sentToBadNode.has(key)) return true;
    if (sentToBadNode.size > 100_000) sentToBadNode.clear();
    sentToBadNode.add(key);
    return false;
  };
  const server = createServer((request, response) => {
    count += 1;
    if (options.dieAfter !== undefined && count > options.dieAfter) {
      if (!died) die();
      request.socket.destroy();
      return;
    }
    if (options.resetPath !== undefined && (request.url ?? "").endsWith(options.resetPath)) {
      request.socket.destroy();
      return;
    }
    const own = ownAnswer(options, request.url ?? "", count, inFlight, () => metBadNode(request));
    if (own !== undefined) {
      if (own.status === 503) shed += 1;
      request.resume();
      response.writeHead(own.status, own.headers).end(own.body);
      return;
    }
    inFlight += 1;
    response.once("close", () => (inFlight -= 1));
    setTimeout(() => forward(request, response), options.holdMs ?? 0);
  });
  /** Sends `request` on to the target and its answer back, reshaped. */
  const forward = (request: IncomingMessage, response: ServerResponse): void => {
    // Repeated Authorization lines go on combined: Node's request.headers keeps only the first.
    const received = credentialHeaders(request);
    const headers = options.requestHeaders ? options.requestHeaders({ ...received }) : { ...received };
    forwardBuffered(
      request,
      { target, headers: { ...headers, host: target.host } },
      (answer) => reshapeAnswer(options, answer, request.url ?? "", response),
      () => response.writeHead(502).end(),
    );
  };
  server.on("connection", (socket: Socket) => {
    sockets.add(socket);
    socket.on("close", () => sockets.delete(socket));
  });
  const die = (): void => {
    died = true;
    server.close();
    for (const socket of sockets) socket.destroy();
  };
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return {
    baseUrl: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    requests: () => count,
    shed: () => shed,
    dead: () => died,
    close: async () => {
      for (const socket of sockets) socket.destroy();
      if (!died) await new Promise((resolve) => server.close(resolve));
    },
  };
}

/**
 * A reverse proxy in front of a target (the reference server) that changes how it answers
 * without changing what it answers, for suite-level tests: rewrite request headers (a client id
 * the reference does not know), gzip every body unasked, send "100 Continue" before every
 * answer, or die after a number of requests (a server killed mid-run).
 */
import { createServer, type IncomingHttpHeaders, type ServerResponse } from "node:http";
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
  /** Every this-many-th request is answered by a "bad node": 502 with an HTML page, as a load balancer does. */
  readonly badNodeEvery?: number;
  /** After this many requests the proxy stops listening and drops every connection. */
  readonly dieAfter?: number;
}

/** A running proxy. */
export interface ReferenceProxy {
  readonly baseUrl: string;
  /** Requests received. */
  requests(): number;
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

/** Starts a proxy to `targetBaseUrl` on 127.0.0.1. */
export async function startReferenceProxy(
  targetBaseUrl: string,
  options: ReferenceProxyOptions = {},
): Promise<ReferenceProxy> {
  const target = new URL(targetBaseUrl);
  const sockets = new Set<Socket>();
  let count = 0;
  let died = false;
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
    if (options.badNodeEvery !== undefined && count % options.badNodeEvery === 0) {
      request.resume();
      response
        .writeHead(502, { "content-type": "text/html" })
        .end("<html><body><h1>502 Bad Gateway</h1><hr>nginx</body></html>");
      return;
    }
    // Repeated Authorization lines go on combined: Node's request.headers keeps only the first.
    const received = credentialHeaders(request);
    const headers = options.requestHeaders ? options.requestHeaders({ ...received }) : { ...received };
    forwardBuffered(
      request,
      { target, headers: { ...headers, host: target.host } },
      (answer) => reshapeAnswer(options, answer, request.url ?? "", response),
      () => response.writeHead(502).end(),
    );
  });
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
    dead: () => died,
    close: async () => {
      for (const socket of sockets) socket.destroy();
      if (!died) await new Promise((resolve) => server.close(resolve));
    },
  };
}

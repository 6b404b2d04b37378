/**
 * A rate-limiting gateway in front of a target (the reference server, or any HTTP server), as API
 * gateways put one in front of a real deployment: it admits requests by a sliding window, a fixed
 * window or a token bucket, forwards those it admits and answers the others 429 — with Retry-After
 * and the RateLimit-Limit / RateLimit-Remaining / RateLimit-Reset fields of the IETF draft
 * (draft-ietf-httpapi-ratelimit-headers-06), with Retry-After alone, or bare. Issue 23.1.
 */
import { Agent, createServer, type IncomingMessage, type ServerResponse } from "node:http";
import { credentialHeaders } from "../http/credentialHeaders.js";
import { forwardBuffered } from "./forwardBuffered.js";
import type { AddressInfo, Socket } from "node:net";

/** How the gateway counts. */
export type RateLimitAlgorithm =
  | "sliding-window" // at most `limit` admitted in any window (a log of admission times)
  | "fixed-window" // at most `limit` admitted per window, windows aligned on the clock
  | "token-bucket"; // a bucket of `burst` tokens refilled at limit ÷ window, one token per request

/** What a 429 (and every admitted answer) says about the limit. */
export type RateLimitSignals =
  | "ratelimit-headers" // RateLimit-Limit/Remaining/Reset on every answer, and Retry-After on 429s
  | "retry-after" // Retry-After on 429s only
  | "bare"; // a 429, nothing else

/** Options of startRateLimitingGateway. */
export interface RateLimitingGatewayOptions {
  readonly algorithm: RateLimitAlgorithm;
  /** Requests admitted per window (per second with the default window). */
  readonly limit: number;
  /** The window, in milliseconds (default 1000). */
  readonly windowMs?: number;
  /** Token bucket: its capacity (default `limit`, a window's worth). */
  readonly burst?: number;
  /** Sliding window: refused requests count against the window too, as limiters that log every attempt do. */
  readonly countRefused?: boolean;
  readonly signals: RateLimitSignals;
}

/** A running gateway. */
export interface RateLimitingGateway {
  readonly baseUrl: string;
  /** Requests forwarded to the target. */
  admitted(): number;
  /** Requests answered 429. */
  refused(): number;
  close(): Promise<void>;
}

/** The state of the limit at one request: admitted or not, and what the headers say. */
interface Decision {
  readonly admitted: boolean;
  /** Requests still admitted now (after this one). */
  readonly remaining: number;
  /** Seconds until the quota is whole again (RateLimit-Reset), rounded up. */
  readonly resetSeconds: number;
  /** Seconds until a refused request may be sent again (Retry-After), rounded up, at least 1. */
  readonly retryAfterSeconds: number;
}

const upSeconds = (ms: number): number => Math.max(0, Math.ceil(ms / 1000 - 1e-9));

function limiter(options: RateLimitingGatewayOptions): (now: number) => Decision {
  const windowMs = options.windowMs ?? 1000;
  const limit = options.limit;
  switch (options.algorithm) {
    case "sliding-window": {
      const admittedAt: number[] = [];
      return (now) => {
        while ((admittedAt[0] ?? Infinity) <= now - windowMs) admittedAt.shift();
        const admitted = admittedAt.length < limit;
        if (admitted || options.countRefused === true) admittedAt.push(now);
        const untilOldestLeaves = (admittedAt[0] ?? now - windowMs) + windowMs - now;
        return {
          admitted,
          remaining: Math.max(0, limit - admittedAt.length),
          resetSeconds: upSeconds(admittedAt.length === 0 ? 0 : (admittedAt.at(-1) ?? now) + windowMs - now),
          retryAfterSeconds: Math.max(1, upSeconds(untilOldestLeaves)),
        };
      };
    }
    case "fixed-window": {
      let windowStart = -Infinity;
      let count = 0;
      return (now) => {
        const start = Math.floor(now / windowMs) * windowMs;
        if (start !== windowStart) {
          windowStart = start;
          count = 0;
        }
        const admitted = count < limit;
        if (admitted) count += 1;
        const untilNext = windowStart + windowMs - now;
        return {
          admitted,
          remaining: limit - count,
          resetSeconds: upSeconds(untilNext),
          retryAfterSeconds: Math.max(1, upSeconds(untilNext)),
        };
      };
    }
    case "token-bucket": {
      const capacity = options.burst ?? limit;
      const perMs = limit / windowMs;
      let tokens = capacity;
      let last = -Infinity;
      return (now) => {
        tokens = Math.min(capacity, tokens + (now - (Number.isFinite(last) ? last : now)) * perMs);
        last = now;
        const admitted = tokens >= 1;
        if (admitted) tokens -= 1;
        return {
          admitted,
          remaining: Math.floor(tokens),
          resetSeconds: upSeconds((capacity - tokens) / perMs),
          retryAfterSeconds: Math.max(1, upSeconds((1 - tokens) / perMs)),
        };
      };
    }
  }
}

/** The RateLimit-* fields every answer carries with the "ratelimit-headers" signals; none otherwise. */
function quotaHeaders(options: RateLimitingGatewayOptions, decision: Decision): Record<string, string> {
  if (options.signals !== "ratelimit-headers") return {};
  return {
    "ratelimit-limit": String(options.algorithm === "token-bucket" ? (options.burst ?? options.limit) : options.limit),
    "ratelimit-remaining": String(decision.remaining),
    "ratelimit-reset": String(decision.resetSeconds),
  };
}

/** Answers a refused request 429, with Retry-After unless the signals are bare. */
function refuse(
  request: IncomingMessage,
  response: ServerResponse,
  options: RateLimitingGatewayOptions,
  decision: Decision,
): void {
  request.resume();
  const retryAfter: Record<string, string> =
    options.signals === "bare" ? {} : { "retry-after": String(decision.retryAfterSeconds) };
  response
    .writeHead(429, { "content-type": "application/json", ...retryAfter, ...quotaHeaders(options, decision) })
    .end(JSON.stringify({ message: "Too many requests" }));
}

/** Starts a gateway to `targetBaseUrl` on 127.0.0.1. */
export async function startRateLimitingGateway(
  targetBaseUrl: string,
  options: RateLimitingGatewayOptions,
): Promise<RateLimitingGateway> {
  if (!(options.limit >= 1)) throw new RangeError(`limit must be at least 1, received ${String(options.limit)}`);
  const target = new URL(targetBaseUrl);
  const decide = limiter(options);
  const agent = new Agent({ keepAlive: true, maxSockets: 64 });
  const sockets = new Set<Socket>();
  let admittedCount = 0;
  let refusedCount = 0;
  const server = createServer((request, response) => {
    const decision = decide(performance.now());
    if (!decision.admitted) {
      refusedCount += 1;
      refuse(request, response, options, decision);
      return;
    }
    admittedCount += 1;
    const headers = { ...credentialHeaders(request), host: target.host, connection: "keep-alive" };
    forwardBuffered(
      request,
      { target, headers, agent },
      (answer) => {
        answer.headers["content-length"] = String(answer.payload.length);
        response
          .writeHead(answer.status, { ...answer.headers, ...quotaHeaders(options, decision) })
          .end(answer.payload);
      },
      () => response.writeHead(502, { "content-type": "text/plain" }).end("upstream failed"),
    );
  });
  server.on("connection", (socket: Socket) => {
    sockets.add(socket);
    socket.on("close", () => sockets.delete(socket));
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const path = target.pathname.replace(/\/+$/, "");
  return {
    baseUrl: `http://127.0.0.1:${(server.address() as AddressInfo).port}${path}`,
    admitted: () => admittedCount,
    refused: () => refusedCount,
    close: async () => {
      for (const socket of sockets) socket.destroy();
      agent.destroy();
      await new Promise((resolve) => server.close(resolve));
    },
  };
}

/**
 * A reverse proxy in front of a target (the reference server) that breaks one operation only, as a
 * deployment does when the service behind one route is sick (issue 23.2): the requests whose path
 * ends with `path` get a truncated body, a reset connection, a body that drips a byte at a time, or
 * 64 KB of headers; every other request is forwarded as it is.
 */
import { Agent, createServer, request as httpRequest } from "node:http";
import { credentialHeaders } from "../../../reference/http/credentialHeaders.js";
import type { AddressInfo, Socket } from "node:net";

/** How the broken operation answers. */
export type OperationBreakage =
  | "truncated" // the status line, headers announcing the whole body, half of it, then the connection closes
  | "reset" // the connection is destroyed before any answer
  | "drip" // the headers, then one byte of the body every 200 ms, for ever
  | "huge-headers"; // a 200 whose headers weigh 64 KB (more than an HTTP client accepts)

/** A running proxy. */
export interface BrokenOperationProxy {
  readonly baseUrl: string;
  /** Requests to the broken operation. */
  broken(): number;
  close(): Promise<void>;
}

/** Starts a proxy to `targetBaseUrl` that breaks the requests to paths ending with `path`. */
export async function startBrokenOperationProxy(
  targetBaseUrl: string,
  path: string,
  breakage: OperationBreakage,
): Promise<BrokenOperationProxy> {
  const target = new URL(targetBaseUrl);
  const agent = new Agent({ keepAlive: true });
  const sockets = new Set<Socket>();
  const timers = new Set<NodeJS.Timeout>();
  let brokenCount = 0;
  const server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on("data", (chunk: Buffer) => chunks.push(chunk));
    request.on("end", () => {
      const broken = (request.url ?? "").split("?")[0]?.endsWith(path) === true;
      if (broken) brokenCount += 1;
      if (broken && breakage === "reset") {
        request.socket.destroy();
        return;
      }
      if (broken && breakage === "huge-headers") {
        response.writeHead(200, { "content-type": "application/json", "x-padding": "x".repeat(64 * 1024) }).end("{}");
        return;
      }
      if (broken && breakage === "drip") {
        response.writeHead(200, { "content-type": "application/json", "content-length": "100000" });
        const timer = setInterval(() => response.write(" "), 200);
        timers.add(timer);
        response.on("close", () => {
          clearInterval(timer);
          timers.delete(timer);
        });
        return;
      }
      const upstream = httpRequest(
        {
          agent,
          host: target.hostname,
          port: target.port,
          path: request.url,
          method: request.method,
          headers: { ...credentialHeaders(request), host: target.host },
        },
        (answer) => {
          const body: Buffer[] = [];
          answer.on("data", (chunk: Buffer) => body.push(chunk));
          answer.on("end", () => {
            const payload = Buffer.concat(body);
            const out: Record<string, string> = {};
            for (const [name, value] of Object.entries(answer.headers))
              if (value !== undefined && name !== "transfer-encoding" && name !== "connection" && name !== "keep-alive")
                out[name] = Array.isArray(value) ? value.join(", ") : value;
            out["content-length"] = String(payload.length);
            if (broken && breakage === "truncated") {
              response.writeHead(answer.statusCode ?? 200, out);
              response.write(payload.subarray(0, Math.floor(payload.length / 2)));
              response.socket?.destroySoon();
              return;
            }
            response.writeHead(answer.statusCode ?? 502, out).end(payload);
          });
        },
      );
      upstream.on("error", () => response.writeHead(502).end());
      upstream.end(Buffer.concat(chunks));
    });
  });
  server.on("connection", (socket: Socket) => {
    sockets.add(socket);
    socket.on("close", () => sockets.delete(socket));
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return {
    baseUrl: `http://127.0.0.1:${(server.address() as AddressInfo).port}${target.pathname.replace(/\/+$/, "")}`,
    broken: () => brokenCount,
    close: async () => {
      for (const timer of timers) clearInterval(timer);
      for (const socket of sockets) socket.destroy();
      agent.destroy();
      await new Promise((resolve) => server.close(resolve));
    },
  };
}

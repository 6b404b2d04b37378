/** The decoy a "redirect" answer points to: another host that records who follows. */
import { createServer } from "node:http";
import type { HostileRequestRecord } from "./HostileRequestRecord.js";
import { listenOnLoopback } from "./listenOnLoopback.js";
import { flatHeaders } from "./requestHeaders.js";

/** A running decoy. */
export interface DecoyServer {
  readonly origin: string;
  /** Every request it received, in arrival order (the array it keeps filling). */
  readonly requests: HostileRequestRecord[];
  close(): Promise<void>;
}

/** A server that records every request and answers 200; the decoy a redirect points to. */
export async function startDecoy(): Promise<DecoyServer> {
  const requests: HostileRequestRecord[] = [];
  const server = createServer((request, response) => {
    const arrivedAt = performance.now();
    const chunks: Buffer[] = [];
    request.on("data", (chunk: Buffer) => chunks.push(chunk));
    request.on("end", () => {
      requests.push({
        method: request.method ?? "",
        path: (request.url ?? "").split("?")[0] ?? "",
        headers: flatHeaders(request),
        body: Buffer.concat(chunks).toString("utf8"),
        arrivedAt,
        endedAt: performance.now(),
      });
      response.writeHead(200, { "content-type": "application/json" }).end(JSON.stringify({ decoy: true }));
    });
  });
  const port = await listenOnLoopback(server);
  return {
    origin: `http://localhost:${port}`, // another host name as well as another port
    requests,
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

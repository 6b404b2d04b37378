/**
 * A reverse proxy in front of the reference server that forwards the first `after` requests, then answers
 * every later one with trouble that is not the target's (issue 41.2): a proxy's 407, or response headers
 * over the 16 KiB the suite's HTTP client reads.
 */
import { Agent, createServer, request as httpRequest } from "node:http";
import type { AddressInfo } from "node:net";

/** What the proxy answers once the forwarded requests are used up. */
export type Trouble = "proxy-407" | "huge-headers";

/** A running proxy. */
export interface TroubleAfterProxy {
  readonly baseUrl: string;
  /** Requests forwarded to the reference. */
  forwarded(): number;
  close(): Promise<void>;
}

/** Starts the proxy in front of `targetBaseUrl`. */
export async function startTroubleAfterProxy(
  targetBaseUrl: string,
  trouble: Trouble,
  after: number,
): Promise<TroubleAfterProxy> {
  const target = new URL(targetBaseUrl);
  const agent = new Agent({ keepAlive: true });
  let forwarded = 0;
  const server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on("data", (chunk: Buffer) => chunks.push(chunk));
    request.on("end", () => {
      if (forwarded >= after) {
        if (trouble === "proxy-407")
          response.writeHead(407, { "proxy-authenticate": 'Basic realm="corporate"', "content-length": "0" }).end();
        else response.writeHead(200, { "content-type": "application/json", "x-padding": "p".repeat(20_000) }).end("{}");
        return;
      }
      forwarded += 1;
      const onward = httpRequest(
        {
          host: target.hostname,
          port: target.port,
          path: request.url,
          method: request.method,
          // As sent, duplicates included: request.headers keeps one Authorization of two, and the auth
          // checks' duplicated-credential probes would reach the target with the valid one alone.
          headers: request.rawHeaders,
          agent,
        },
        (answer) => {
          response.writeHead(answer.statusCode ?? 502, answer.headers);
          answer.pipe(response);
        },
      );
      onward.on("error", () => response.destroy());
      onward.end(Buffer.concat(chunks));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    baseUrl: `http://127.0.0.1:${port}`,
    forwarded: () => forwarded,
    close: async () => {
      agent.destroy();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

/**
 * A kept-alive connection the target closed while the suite was busy resets before any answer: the
 * client sends the request once more on a new connection (every operation is a read, §1), and
 * reports the first reset when the second send gets no answer either.
 */
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterEach, describe, expect, it } from "vitest";
import { createHttpClient } from "../../../../runner/http/createHttpClient.js";
import { postRequest, SECRETS } from "./httpTestKit.js";

let server: Server | undefined;
afterEach(() => new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve())));

/** A target that drops the connection of the requests `drop` names (by their order), answering the others. */
async function droppingTarget(drop: (index: number) => boolean): Promise<{ origin: string; seen: () => number }> {
  let seen = 0;
  server = createServer((request, response) => {
    const index = seen++;
    request.resume();
    if (drop(index)) request.socket.destroy();
    else response.writeHead(200, { "content-type": "application/json" }).end("{}");
  });
  await new Promise<void>((resolve) => server?.listen(0, "127.0.0.1", resolve));
  return { origin: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, seen: () => seen };
}

describe("a connection reset before any answer", () => {
  it("is sent once more, and the answer of the second send is the exchange", async () => {
    const target = await droppingTarget((index) => index === 0);
    const client = createHttpClient({ baseUrl: target.origin, timeoutMs: 2_000, secrets: SECRETS });
    try {
      const exchange = await client.send(postRequest("/platform/cms/getWidget"));
      expect(exchange.failure).toBeUndefined();
      expect(exchange.response?.status).toBe(200);
      expect(target.seen()).toBe(2);
      expect(client.stats().requests).toBe(2);
    } finally {
      await client.close();
    }
  });

  it("is sent once more only: a target that resets every time gets two sends and the reset is reported", async () => {
    const target = await droppingTarget(() => true);
    const client = createHttpClient({ baseUrl: target.origin, timeoutMs: 2_000, secrets: SECRETS });
    try {
      const exchange = await client.send(postRequest("/platform/cms/getWidget"));
      expect(exchange.failure?.kind).toBe("connection-reset");
      expect(target.seen()).toBe(2);
    } finally {
      await client.close();
    }
  });
});

/** --max-run-time counts from the start of the run (its preflight included), not from the client's creation. */
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { describe, expect, it } from "vitest";
import { createHttpClient } from "../../../../runner/http/createHttpClient.js";
import { SECRETS } from "./httpTestKit.js";

describe("the run's clock", () => {
  it("stops a client made after the run's time was spent, and names the limit as given", async () => {
    const client = createHttpClient({
      baseUrl: "http://127.0.0.1:9",
      maxRunTimeMs: 60_000,
      runStartedAt: Date.now() - 61_000,
      secrets: SECRETS,
    });
    try {
      expect(client.stopped()?.message).toMatch(/^the run passed its time limit \(--max-run-time 60 s\)/);
    } finally {
      await client.close();
    }
  });

  it("lets a client made inside the run's time send", async () => {
    const client = createHttpClient({
      baseUrl: "http://127.0.0.1:9",
      maxRunTimeMs: 60_000,
      runStartedAt: Date.now() - 1_000,
      secrets: SECRETS,
    });
    try {
      expect(client.stopped()).toBeUndefined();
    } finally {
      await client.close();
    }
  });

  it("cuts a request short at the run's deadline, however few (and fractional) milliseconds are left", async () => {
    // A target slower than the time left: the request's timeout is what is left of the run, seldom a whole number.
    const server = createServer((request, response) => {
      request.resume();
      setTimeout(() => response.end("{}"), 2_000);
    });
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    const client = createHttpClient({
      baseUrl: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
      maxRunTimeMs: 60_000,
      runStartedAt: Date.now() - 60_000 + 300.5,
      secrets: SECRETS,
    });
    try {
      const exchange = await client.send({ path: "/x", headers: {}, body: { json: {} } });
      expect(exchange.failure?.kind).toBe("stopped");
      expect(exchange.failure?.message).toMatch(
        /^stopped: the run passed its time limit \(--max-run-time 60 s\) at .*; the request was cut short\.$/,
      );
    } finally {
      await client.close();
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    }
  });
});

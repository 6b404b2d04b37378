/** A target that answers late, stalls, trickles forever or never answers yields "timeout" within the bound. */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createHttpClient, HTTP_CLIENT_DEFAULTS } from "../../../../runner/http/createHttpClient.js";
import type { HttpClient } from "../../../../runner/http/types.js";
import { startHostileTarget, type HostileTarget } from "../../../../reference/transport/hostileTarget.js";
import { expectNoSecrets, postRequest, postRequestCurl, SECRETS, writtenCopy } from "./httpTestKit.js";

const TIMEOUT_MS = 500;

let target: HostileTarget;
let client: HttpClient;

beforeAll(async () => {
  target = await startHostileTarget({ lateHeadersMs: 20_000, chunkIntervalMs: 20 });
  // Every test here times out on purpose: the circuit breaker (circuitBreaker.test.ts) must not stop the client.
  client = createHttpClient({
    baseUrl: target.origin,
    timeoutMs: TIMEOUT_MS,
    maxConsecutiveTransportFailures: 1_000,
    secrets: SECRETS,
  });
});
afterAll(async () => {
  await client.close();
  await target.close();
});

describe("timeouts", () => {
  it("defaults to 10 000 ms", () => {
    expect(HTTP_CLIENT_DEFAULTS.timeoutMs).toBe(10_000);
  });

  it("headers later than the timeout: timeout, no response", async () => {
    const exchange = await client.send(postRequest("/late-headers/platform/cms/getWidget"));
    expect(exchange.failure).toEqual({ kind: "timeout", message: `no response headers within ${TIMEOUT_MS} ms.` });
    expect(exchange.response).toBeUndefined();
    expect(exchange.isJson).toBe(false);
    expectNoSecrets(writtenCopy(exchange));
  });

  it("a body that stalls midway: timeout, the partial response kept", async () => {
    const exchange = await client.send(postRequest("/stall-mid-body/x"));
    expect(exchange.failure?.kind).toBe("timeout");
    expect(exchange.failure?.message).toMatch(/^response body not complete within 500 ms \(\d+ bytes received\)\.$/);
    expect(exchange.response?.status).toBe(200);
    expect(exchange.response?.bodyText).toBe('{"stalled":"...');
    expect(exchange.response?.truncated).toBe(false);
    expect(exchange.isJson).toBe(false);
  });

  it("chunks forever (each within undici's body timeout): the overall deadline still ends it", async () => {
    const exchange = await client.send(postRequest("/endless/x"));
    expect(exchange.failure?.kind).toBe("timeout");
    expect(exchange.response?.status).toBe(200);
    expect(exchange.response?.bodyBytes).toBeGreaterThan(10);
  });

  it("a connection taken and never answered: timeout", async () => {
    const exchange = await client.send(postRequest("/never-answer/x"));
    expect(exchange.failure?.kind).toBe("timeout");
    expect(exchange.response).toBeUndefined();
    expect(target.hits("/never-answer/x")).toBe(1);
  });

  it("a per-request timeout overrides the client's and appears in curl's --max-time", async () => {
    const exchange = await client.send(postRequest("/never-answer/y", { timeoutMs: 150 }));
    expect(exchange.failure).toEqual({ kind: "timeout", message: "no response headers within 150 ms." });
    expect(exchange.curl).toBe(postRequestCurl(`${target.origin}/never-answer/y`, "0.15"));
  });

  it("four hung requests at once all reach the target and time out on their own (no queueing past the deadline)", async () => {
    const exchanges = await Promise.all(
      ["a", "b", "c", "d"].map((name) => client.send(postRequest(`/never-answer/${name}`))),
    );
    expect(exchanges.map((exchange) => exchange.failure?.message)).toEqual(
      Array.from({ length: 4 }, () => `no response headers within ${TIMEOUT_MS} ms.`),
    );
    for (const name of ["a", "b", "c", "d"]) expect(target.hits(`/never-answer/${name}`)).toBe(1);
  });
});

/** 429 is waited out per Retry-After, within maxRetryAfterMs and max429Retries, and counted. */
import { afterEach, describe, expect, it } from "vitest";
import { createHttpClient, HTTP_CLIENT_DEFAULTS } from "../../../runner/http/createHttpClient.js";
import { parseRetryAfter } from "../../../runner/http/parseRetryAfter.js";
import type { HttpClient } from "../../../runner/http/types.js";
import { startHostileTarget, type HostileTarget, type HostileTargetOptions } from "../support/hostileTarget.js";
import { postRequest, SECRETS, timedSend } from "./httpTestKit.js";

let target: HostileTarget | undefined;
let client: HttpClient | undefined;
afterEach(async () => {
  await client?.close();
  await target?.close();
});

async function setUp(targetOptions: HostileTargetOptions, maxRetryAfterMs: number, max429Retries?: number): Promise<{ target: HostileTarget; client: HttpClient }> {
  target = await startHostileTarget(targetOptions);
  client = createHttpClient({
    baseUrl: target.baseUrlFor("rate-limited"),
    timeoutMs: 2_000,
    maxRetryAfterMs,
    ...(max429Retries === undefined ? {} : { max429Retries }),
    secrets: SECRETS,
  });
  return { target, client };
}

describe("429 back-off", () => {
  it("defaults: 2 retries, waits capped at 2000 ms", () => {
    expect(HTTP_CLIENT_DEFAULTS.max429Retries).toBe(2);
    expect(HTTP_CLIENT_DEFAULTS.maxRetryAfterMs).toBe(2_000);
  });

  it("two 429s with Retry-After: 1, then 200: waits honoured up to the cap and counted", async () => {
    const { target, client } = await setUp({ rateLimitedTimes: 2, retryAfter: "1" }, 300);
    const { exchange, elapsedMs } = await timedSend(client, postRequest("/a"));
    expect(exchange.response?.status).toBe(200);
    expect(exchange.failure).toBeUndefined();
    expect(exchange.retriesAfter429).toBe(2);
    expect(client.stats()).toEqual({ requests: 3, retries429: 2, transportFailures: 0 });
    expect(target.hits("/rate-limited/a")).toBe(3);
    expect(elapsedMs).toBeGreaterThanOrEqual(2 * 300 - 5); // 1 s asked, capped at 300 ms, twice
    expect(elapsedMs).toBeLessThan(3_000);
    // Server side: the retries came no sooner than the capped wait.
    const arrivals = target.requests().map((request) => request.arrivedAt);
    expect((arrivals[1] ?? 0) - (arrivals[0] ?? 0)).toBeGreaterThanOrEqual(295);
  });

  it("more 429s than max429Retries: the 429 exchange is returned after the allowed waits", async () => {
    const { target, client } = await setUp({ rateLimitedTimes: 10, retryAfter: "3600" }, 100);
    const { exchange, elapsedMs } = await timedSend(client, postRequest("/b"));
    expect(exchange.response?.status).toBe(429);
    expect(exchange.failure).toBeUndefined();
    expect(exchange.isJson).toBe(true);
    expect(exchange.retriesAfter429).toBe(2);
    expect(target.hits("/rate-limited/b")).toBe(3);
    expect(elapsedMs).toBeLessThan(2_000); // an hour asked, 2 × 100 ms waited
  });

  it("max429Retries 0 returns the first 429 at once", async () => {
    const { target, client } = await setUp({ rateLimitedTimes: 1 }, 1_000, 0);
    const { exchange, elapsedMs } = await timedSend(client, postRequest("/c"));
    expect(exchange.response?.status).toBe(429);
    expect(exchange.retriesAfter429).toBe(0);
    expect(client.stats().retries429).toBe(0);
    expect(target.hits("/rate-limited/c")).toBe(1);
    expect(elapsedMs).toBeLessThan(1_000);
  });

  it("an HTTP-date Retry-After and a missing one are both bounded by the cap", async () => {
    const date = new Date(Date.now() + 60_000).toUTCString();
    const { client } = await setUp({ rateLimitedTimes: 1, retryAfter: date }, 150);
    const first = await timedSend(client, postRequest("/d"));
    expect(first.exchange.response?.status).toBe(200);
    expect(first.exchange.retriesAfter429).toBe(1);
    expect(first.elapsedMs).toBeGreaterThanOrEqual(145);
    expect(first.elapsedMs).toBeLessThan(2_000);
    await client.close();
    await target?.close();

    const second = await setUp({ rateLimitedTimes: 1, retryAfter: null }, 150);
    const { exchange, elapsedMs } = await timedSend(second.client, postRequest("/e"));
    expect(exchange.response?.status).toBe(200);
    expect(elapsedMs).toBeLessThan(2_000);
  });
});

describe("parseRetryAfter", () => {
  const now = Date.parse("2026-01-01T00:00:00Z");
  it("reads seconds and HTTP dates", () => {
    expect(parseRetryAfter("2", now)).toBe(2_000);
    expect(parseRetryAfter(" 0 ", now)).toBe(0);
    expect(parseRetryAfter("Thu, 01 Jan 2026 00:00:03 GMT", now)).toBe(3_000);
  });
  it("a date in the past is 0; junk, negatives and fractions are undefined", () => {
    expect(parseRetryAfter("Wed, 31 Dec 2025 23:59:00 GMT", now)).toBe(0);
    for (const junk of [undefined, "", "-1", "1.5", "soon", "1 2"]) expect(parseRetryAfter(junk, now)).toBeUndefined();
  });
});

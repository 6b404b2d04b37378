/** concurrency and rateLimitPerSecond hold as the target sees them (measured on the server side). */
import { afterEach, describe, expect, it } from "vitest";
import { createHttpClient, HTTP_CLIENT_DEFAULTS } from "../../../runner/http/createHttpClient.js";
import { createSemaphore } from "../../../runner/http/createSemaphore.js";
import type { HttpClient } from "../../../runner/http/types.js";
import { startHostileTarget, type HostileTarget } from "../support/hostileTarget.js";
import { postRequest, SECRETS } from "./httpTestKit.js";

let target: HostileTarget | undefined;
let client: HttpClient | undefined;
afterEach(async () => {
  await client?.close();
  await target?.close();
});

/** The most arrivals that fall in any window of `windowMs` (half-open). */
function maxInWindow(arrivals: readonly number[], windowMs: number): number {
  const sorted = [...arrivals].sort((a, b) => a - b);
  let best = 0;
  for (let i = 0; i < sorted.length; i += 1) {
    const start = sorted[i] ?? 0;
    best = Math.max(best, sorted.filter((t) => t >= start && t < start + windowMs).length);
  }
  return best;
}

describe("concurrency", () => {
  it("defaults to 4", () => {
    expect(HTTP_CLIENT_DEFAULTS.concurrency).toBe(4);
  });

  it("12 slow requests with concurrency 3: the target never sees more than 3 at once", async () => {
    target = await startHostileTarget({ slowMs: 80 });
    client = createHttpClient({ baseUrl: target.baseUrlFor("slow"), concurrency: 3, timeoutMs: 5_000, secrets: SECRETS });
    const started = performance.now();
    const exchanges = await Promise.all(Array.from({ length: 12 }, (_, i) => client!.send(postRequest(`/r${i}`))));
    const elapsed = performance.now() - started;
    expect(exchanges.every((exchange) => exchange.response?.status === 200)).toBe(true);
    expect(target.maxConcurrent()).toBe(3);
    expect(elapsed).toBeGreaterThanOrEqual(4 * 80 - 10); // 12 / 3 rounds of 80 ms
    expect(elapsed).toBeLessThan(5_000);
  });

  it("concurrency 1 serialises everything", async () => {
    target = await startHostileTarget({ slowMs: 30 });
    client = createHttpClient({ baseUrl: target.baseUrlFor("slow"), concurrency: 1, secrets: SECRETS });
    await Promise.all(Array.from({ length: 5 }, (_, i) => client!.send(postRequest(`/s${i}`))));
    expect(target.maxConcurrent()).toBe(1);
  });

  it("the semaphore rejects a nonsense permit count with the value received", () => {
    expect(() => createSemaphore(0)).toThrow("concurrency must be a whole number of at least 1, received 0");
  });
});

describe("rate limit", () => {
  it("10 requests at 20/s: starts spaced ≥ 50 ms apart at the target, at most 20 in any second", async () => {
    target = await startHostileTarget();
    client = createHttpClient({ baseUrl: target.baseUrlFor("ok"), concurrency: 8, rateLimitPerSecond: 20, secrets: SECRETS });
    const started = performance.now();
    await Promise.all(Array.from({ length: 10 }, (_, i) => client!.send(postRequest(`/q${i}`))));
    const elapsed = performance.now() - started;
    const arrivals = target.requests().map((request) => request.arrivedAt).sort((a, b) => a - b);
    const gaps = arrivals.slice(1).map((t, i) => t - (arrivals[i] ?? 0));
    expect(arrivals).toHaveLength(10);
    // 50 ms spacing at the client; on a loaded two-core machine one arrival can be seen late and the next on
    // time, so a single gap may shrink by the delay: the mean and the 1-second window keep the bound strict.
    expect(Math.min(...gaps)).toBeGreaterThanOrEqual(25);
    expect(gaps.reduce((sum, gap) => sum + gap, 0) / gaps.length).toBeGreaterThanOrEqual(48);
    expect(maxInWindow(arrivals, 1000 - 10)).toBeLessThanOrEqual(20);
    expect(elapsed).toBeGreaterThanOrEqual(9 * 50 - 5);
    expect(elapsed).toBeLessThan(5_000);
  });

  it("5/s over 1.4 s: no 1-second window at the target holds more than 5 starts", async () => {
    target = await startHostileTarget();
    client = createHttpClient({ baseUrl: target.baseUrlFor("ok"), concurrency: 4, rateLimitPerSecond: 5, secrets: SECRETS });
    await Promise.all(Array.from({ length: 8 }, (_, i) => client!.send(postRequest(`/w${i}`))));
    const arrivals = target.requests().map((request) => request.arrivedAt);
    expect(maxInWindow(arrivals, 1000 - 10)).toBeLessThanOrEqual(5);
  });

  it("429 retries also pass through the rate limit", async () => {
    target = await startHostileTarget({ rateLimitedTimes: 2, retryAfter: "0" });
    client = createHttpClient({ baseUrl: target.baseUrlFor("rate-limited"), rateLimitPerSecond: 10, secrets: SECRETS });
    const exchange = await client.send(postRequest("/z"));
    expect(exchange.response?.status).toBe(200);
    const arrivals = target.requests().map((request) => request.arrivedAt);
    expect((arrivals[1] ?? 0) - (arrivals[0] ?? 0)).toBeGreaterThanOrEqual(90);
    expect((arrivals[2] ?? 0) - (arrivals[1] ?? 0)).toBeGreaterThanOrEqual(90);
  });

  it("options out of range throw a RangeError naming the value", () => {
    expect(() => createHttpClient({ baseUrl: "http://127.0.0.1:1", rateLimitPerSecond: 0, secrets: [] })).toThrow(/received 0/);
    expect(() => createHttpClient({ baseUrl: "http://127.0.0.1:1", timeoutMs: -1, secrets: [] })).toThrow(/timeoutMs.*received -1/);
    expect(() => createHttpClient({ baseUrl: "ftp://127.0.0.1:1", secrets: [] })).toThrow(/received ftp:/);
  });
});

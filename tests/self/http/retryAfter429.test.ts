/**
 * Rate limits are not failures: 429 is waited out per Retry-After within --max-retry-wait, the
 * run paces itself down while 429s come, and a 429 that outlasts the bound is a "rate-limited"
 * failure (an error outcome) naming the cause and --rate-limit.
 */
import { afterEach, describe, expect, it, vi } from "vitest";
import { createHttpClient, HTTP_CLIENT_DEFAULTS } from "../../../runner/http/createHttpClient.js";
import { createRateLimiter } from "../../../runner/http/createRateLimiter.js";
import { parseRetryAfter } from "../../../runner/http/parseRetryAfter.js";
import type { HttpClient, HttpClientOptions } from "../../../runner/http/types.js";
import { startHostileTarget, type HostileTarget, type HostileTargetOptions } from "../support/hostileTarget.js";
import { postRequest, SECRETS, timedSend } from "./httpTestKit.js";

let target: HostileTarget | undefined;
let client: HttpClient | undefined;
afterEach(async () => {
  await client?.close();
  await target?.close();
  client = undefined;
  target = undefined;
});

async function setUp(
  targetOptions: HostileTargetOptions,
  clientOptions: Partial<HttpClientOptions>,
): Promise<{ target: HostileTarget; client: HttpClient }> {
  target = await startHostileTarget(targetOptions);
  client = createHttpClient({
    baseUrl: target.baseUrlFor("rate-limited"),
    timeoutMs: 2_000,
    secrets: SECRETS,
    ...clientOptions,
  });
  return { target, client };
}

describe("429 back-off", () => {
  it("defaults: Retry-After honoured up to 30 s in all, at most 5 retries", () => {
    expect(HTTP_CLIENT_DEFAULTS.maxRetryWaitMs).toBe(30_000);
    expect(HTTP_CLIENT_DEFAULTS.max429Retries).toBe(5);
  });

  it("a 429 with Retry-After: 1, then 200: the whole second is waited, the retry counted", async () => {
    const { target, client } = await setUp({ rateLimitedTimes: 1, retryAfter: "1" }, { maxRetryWaitMs: 5_000 });
    const { exchange, elapsedMs } = await timedSend(client, postRequest("/a"));
    expect(exchange.response?.status).toBe(200);
    expect(exchange.failure).toBeUndefined();
    expect(exchange.retriesAfter429).toBe(1);
    expect(client.stats()).toMatchObject({ requests: 2, retries429: 1, transportFailures: 0 });
    const arrivals = target.requests().map((request) => request.arrivedAt);
    expect((arrivals[1] ?? 0) - (arrivals[0] ?? 0)).toBeGreaterThanOrEqual(990);
    expect(elapsedMs).toBeLessThan(4_000);
  });

  it("a Retry-After longer than --max-retry-wait: rate-limited at once, the 429 kept, the cause and --rate-limit named", async () => {
    const { target, client } = await setUp({ rateLimitedTimes: 10, retryAfter: "3600" }, { maxRetryWaitMs: 30_000 });
    const { exchange, elapsedMs } = await timedSend(client, postRequest("/b"));
    expect(exchange.response?.status).toBe(429);
    expect(exchange.failure?.kind).toBe("rate-limited");
    expect(exchange.failure?.message).toMatch(
      /^the target answered 429 \(rate limited\) and asked to wait 3600 s, longer than --max-retry-wait 30 s; lower the request rate with --rate-limit/,
    );
    expect(exchange.retriesAfter429).toBe(0);
    expect(target.hits("/rate-limited/b")).toBe(1);
    expect(elapsedMs).toBeLessThan(1_000);
  });

  it("429s that keep coming: rate-limited once the waits would outlast the bound", async () => {
    const { target, client } = await setUp({ rateLimitedTimes: 10, retryAfter: "1" }, { maxRetryWaitMs: 1_500 });
    const { exchange, elapsedMs } = await timedSend(client, postRequest("/c"));
    expect(exchange.failure?.kind).toBe("rate-limited");
    expect(exchange.failure?.message).toMatch(
      /^the target still answered 429 \(rate limited\) after 1 retry over 1 s \(--max-retry-wait 1\.5 s\)/,
    );
    expect(target.hits("/rate-limited/c")).toBe(2);
    expect(elapsedMs).toBeGreaterThanOrEqual(990);
    expect(elapsedMs).toBeLessThan(3_000);
  });

  it("more 429s than max429Retries: rate-limited after the allowed retries", async () => {
    const { target, client } = await setUp(
      { rateLimitedTimes: 10, retryAfter: "0" },
      { max429Retries: 2, rateLimitPerSecond: 50 },
    );
    const { exchange } = await timedSend(client, postRequest("/d"));
    expect(exchange.failure?.kind).toBe("rate-limited");
    expect(exchange.retriesAfter429).toBe(2);
    expect(target.hits("/rate-limited/d")).toBe(3);
  });

  it("an HTTP-date Retry-After is honoured; one past the bound is not waited for", async () => {
    const soon = new Date(Date.now() + 1_000).toUTCString();
    const first = await setUp({ rateLimitedTimes: 1, retryAfter: soon }, { maxRetryWaitMs: 5_000 });
    const honoured = await timedSend(first.client, postRequest("/e"));
    expect(honoured.exchange.response?.status).toBe(200);
    expect(honoured.elapsedMs).toBeGreaterThanOrEqual(1); // the date has a 1 s resolution: any wait up to 1 s is right
    await first.client.close();
    await first.target.close();

    const later = new Date(Date.now() + 60_000).toUTCString();
    const second = await setUp({ rateLimitedTimes: 1, retryAfter: later }, { maxRetryWaitMs: 2_000 });
    const refused = await timedSend(second.client, postRequest("/f"));
    expect(refused.exchange.failure?.kind).toBe("rate-limited");
    expect(refused.elapsedMs).toBeLessThan(1_000);
  });

  it("no Retry-After: a default wait of 1 s, then the answer", async () => {
    const { client } = await setUp({ rateLimitedTimes: 1, retryAfter: null }, {});
    const { exchange, elapsedMs } = await timedSend(client, postRequest("/g"));
    expect(exchange.response?.status).toBe(200);
    expect(elapsedMs).toBeGreaterThanOrEqual(990);
  });

  it("while 429s come the run paces itself down: later starts are spaced at the halved rate", async () => {
    const { target, client } = await setUp(
      { rateLimitedTimes: 2, retryAfter: "0" },
      { rateLimitPerSecond: 40, concurrency: 4 },
    );
    await Promise.all(Array.from({ length: 4 }, (_, i) => client.send(postRequest(`/p${i}`))));
    expect(client.stats().slowestRatePerSecond).toBe(20); // one burst of second 429s: halved once
    const arrivals = target
      .requests()
      .map((request) => request.arrivedAt)
      .sort((a, b) => a - b);
    const lastGaps = arrivals
      .slice(-4)
      .map((at, i, all) => at - (all[i - 1] ?? at))
      .slice(1);
    // At 40/s the gap would be 25 ms; after the 429s the limiter allows 20/s (up to 20.3/s after three answers).
    expect(Math.min(...lastGaps)).toBeGreaterThanOrEqual(1000 / 20 - 5);
  });
});

describe("a 429 its wait cures", () => {
  it("slows nobody down: one 429 per request, each served after its Retry-After, leaves the rate alone", async () => {
    const { client } = await setUp({ rateLimitedTimes: 1, retryAfter: "0" }, { rateLimitPerSecond: 40 });
    const answers = await Promise.all(Array.from({ length: 4 }, (_, i) => client.send(postRequest(`/q${i}`))));
    expect(answers.map((exchange) => exchange.response?.status)).toEqual([200, 200, 200, 200]);
    expect(client.stats().slowestRatePerSecond).toBeUndefined();
  });
});

describe("a target that only rate-limits", () => {
  it("stops the run after 5 requests in a row still got 429 after their waits, saying so", async () => {
    const { client } = await setUp(
      { rateLimitedTimes: 1_000, retryAfter: "0" },
      { max429Retries: 1, rateLimitPerSecond: 100 },
    );
    for (let i = 0; i < 5; i += 1)
      expect((await client.send(postRequest(`/r${i}`))).failure?.kind).toBe("rate-limited");
    expect(client.stopped()?.message).toMatch(
      /^the target kept rate-limiting from .+: 5 consecutive requests still got 429 after their waits \(last: the target still answered 429 \(rate limited\) after 1 retry/,
    );
    expect((await client.send(postRequest("/r5"))).failure?.kind).toBe("stopped");
  });
});

describe("the adaptive rate", () => {
  it("halves once per burst of 429s, down to 1/s, and wins back 3% per answer up to the configured rate", () => {
    vi.useFakeTimers({ toFake: ["performance"] });
    const limiter = createRateLimiter(8);
    limiter.rateLimited();
    limiter.rateLimited(); // the same burst
    expect(limiter.current()).toBe(4);
    for (let i = 0; i < 10; i += 1) {
      vi.advanceTimersByTime(1_000);
      limiter.rateLimited();
    }
    vi.useRealTimers();
    expect(limiter.current()).toBe(1);
    for (let i = 0; i < 24; i += 1) limiter.answered();
    expect(limiter.current()).toBeCloseTo(1.03 ** 24, 5); // about doubled
    for (let i = 0; i < 1000; i += 1) limiter.answered();
    expect(limiter.current()).toBe(8);
    expect(limiter.slowest()).toBe(1);
  });

  it("an unlimited run is limited at its first 429 to half the rate it went at, and unlimited again once recovered", async () => {
    vi.useFakeTimers({ toFake: ["performance"] });
    const limiter = createRateLimiter(undefined);
    for (let i = 0; i < 10; i += 1) {
      await limiter.take();
      vi.advanceTimersByTime(100);
    }
    limiter.rateLimited();
    vi.useRealTimers();
    expect(limiter.current()).toBeCloseTo(5, 5); // 10 starts over the last second, halved
    for (let i = 0; i < 200; i += 1) limiter.answered();
    expect(limiter.current()).toBeUndefined();
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

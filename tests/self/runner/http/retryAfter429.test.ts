/**
 * Rate limits are not failures: 429 is waited out per Retry-After within --max-retry-wait, the
 * run paces itself to the limit (createRateLimiter.ts; through real gateways: rateLimitConvergence.test.ts),
 * and a 429 that outlasts the bound is a "rate-limited" failure (an error outcome) naming the cause and --rate-limit.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { createHttpClient, HTTP_CLIENT_DEFAULTS } from "../../../../runner/http/createHttpClient.js";
import { createRateLimiter, type RateLimiter } from "../../../../runner/http/flowControl/createRateLimiter.js";
import { parseRetryAfter } from "../../../../runner/http/parseRetryAfter.js";
import type { HttpClient, HttpClientOptions, OutgoingRequest } from "../../../../runner/http/types.js";
import {
  startHostileTarget,
  type HostileTarget,
  type HostileTargetOptions,
} from "../../../../reference/transport/hostileTarget.js";
import { postRequest, SECRETS, timedSend } from "./httpTestKit.js";
import { onEventClock } from "./onEventClock.js";

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

/** Sends `request` on the event clock (onEventClock.ts): the waits are the client's, timed on a clock only they move. */
function sendOnClock(client: HttpClient, request: OutgoingRequest, now?: number) {
  return onEventClock(() => timedSend(client, request), now === undefined ? {} : { now });
}

/** When each request reached the target, on the event clock. */
const arrivals = (target: HostileTarget): number[] => target.requests().map((request) => request.arrivedAt);

describe("429 back-off", () => {
  it("defaults: Retry-After honoured up to 30 s in all, at most 5 retries", () => {
    expect(HTTP_CLIENT_DEFAULTS.maxRetryWaitMs).toBe(30_000);
    expect(HTTP_CLIENT_DEFAULTS.max429Retries).toBe(5);
  });

  it("a 429 with Retry-After: 3, then 200: the whole wait is waited, the retry counted", async () => {
    const { target, client } = await setUp({ rateLimitedTimes: 1, retryAfter: "3" }, { maxRetryWaitMs: 5_000 });
    const { exchange, elapsedMs } = await sendOnClock(client, postRequest("/a"));
    expect(exchange.response?.status).toBe(200);
    expect(exchange.failure).toBeUndefined();
    expect(exchange.retriesAfter429).toBe(1);
    expect(client.stats()).toMatchObject({ requests: 2, retries429: 1, transportFailures: 0 });
    // Not before the Retry-After, and not later: the clock moves only for the client's own waits. (3 s, not 1 s:
    // the pace learned from one 429 alone spaces starts 1 s apart.)
    const [first = NaN, second = NaN] = arrivals(target);
    expect(second - first).toBe(3_000);
    expect(elapsedMs).toBe(3_000);
  });

  it("a Retry-After longer than --max-retry-wait: rate-limited at once, the 429 kept, the cause and --rate-limit named", async () => {
    const { target, client } = await setUp({ rateLimitedTimes: 10, retryAfter: "3600" }, { maxRetryWaitMs: 30_000 });
    const { exchange, elapsedMs } = await sendOnClock(client, postRequest("/b"));
    expect(exchange.response?.status).toBe(429);
    expect(exchange.failure?.kind).toBe("rate-limited");
    expect(exchange.failure?.message).toMatch(
      /^the target answered 429 \(rate limited\) and asked to wait 3600 s, longer than --max-retry-wait 30 s; lower the request rate with --rate-limit/,
    );
    expect(exchange.retriesAfter429).toBe(0);
    expect(target.hits("/rate-limited/b")).toBe(1);
    expect(elapsedMs).toBe(0); // nothing waited
  });

  it("429s that keep coming: rate-limited once the waits would outlast the bound", async () => {
    const { target, client } = await setUp({ rateLimitedTimes: 10, retryAfter: "1" }, { maxRetryWaitMs: 1_500 });
    const { exchange, elapsedMs } = await sendOnClock(client, postRequest("/c"));
    expect(exchange.failure?.kind).toBe("rate-limited");
    expect(exchange.failure?.message).toMatch(
      /^the target still answered 429 \(rate limited\) after 1 retry over 1 s \(--max-retry-wait 1\.5 s\)/,
    );
    expect(target.hits("/rate-limited/c")).toBe(2);
    // One wait of 1 s; a second would pass the bound, so the client gives up at the second 429 without waiting.
    expect(elapsedMs).toBe(1_000);
  });

  it("more 429s than max429Retries: rate-limited after the allowed retries", async () => {
    const { target, client } = await setUp(
      { rateLimitedTimes: 10, retryAfter: "0" },
      { max429Retries: 2, rateLimitPerSecond: 50 },
    );
    const exchange = await client.send(postRequest("/d"));
    expect(exchange.failure?.kind).toBe("rate-limited");
    expect(exchange.retriesAfter429).toBe(2);
    expect(target.hits("/rate-limited/d")).toBe(3);
  });

  it("an HTTP-date Retry-After is honoured; one past the bound is not waited for", async () => {
    // The clock starts on a whole second, so a date 3 s ahead (a date has a 1 s resolution) asks for exactly 3 s.
    const start = Date.UTC(2026, 0, 1, 12);
    const soon = new Date(start + 3_000).toUTCString();
    const first = await setUp({ rateLimitedTimes: 1, retryAfter: soon }, { maxRetryWaitMs: 5_000 });
    const honoured = await sendOnClock(first.client, postRequest("/e"), start);
    expect(honoured.exchange.response?.status).toBe(200);
    const [asked = NaN, retried = NaN] = arrivals(first.target);
    expect(retried - asked).toBe(3_000);
    await first.client.close();
    await first.target.close();

    const later = new Date(start + 60_000).toUTCString();
    const second = await setUp({ rateLimitedTimes: 1, retryAfter: later }, { maxRetryWaitMs: 2_000 });
    const refused = await sendOnClock(second.client, postRequest("/f"), start);
    expect(refused.exchange.failure?.kind).toBe("rate-limited");
    expect(second.target.hits("/rate-limited/f")).toBe(1);
    expect(refused.elapsedMs).toBe(0);
  });

  it("no Retry-After: a default wait of 1 s, doubled at each 429 that follows, then the answer", async () => {
    const { target, client } = await setUp({ rateLimitedTimes: 2, retryAfter: null }, {});
    const { exchange, elapsedMs } = await sendOnClock(client, postRequest("/g"));
    expect(exchange.response?.status).toBe(200);
    const [first = NaN, second = NaN, third = NaN] = arrivals(target);
    expect([second - first, third - second]).toEqual([1_000, 2_000]);
    expect(elapsedMs).toBe(3_000);
  });
});

describe("a target that rate-limits one operation for ever (issue 48.4)", () => {
  it("stops that operation after 5 requests in a row still got 429 after their waits; the others go on", async () => {
    target = await startHostileTarget({ rateLimitedTimes: 1_000, retryAfter: "0" });
    client = createHttpClient({
      baseUrl: target.baseUrl,
      timeoutMs: 2_000,
      secrets: SECRETS,
      max429Retries: 0,
      rateLimitPerSecond: 100,
    });
    expect((await client.send(postRequest("/ok/other"))).response?.status).toBe(200);
    for (let i = 0; i < 5; i += 1)
      expect((await client.send(postRequest("/rate-limited/r"))).failure?.kind).toBe("rate-limited");
    // That operation is held; the run is not (a quota per route is not the whole target's).
    expect(client.stopped()).toBeUndefined();
    const held = await client.send(postRequest("/rate-limited/r"));
    expect(held.failure?.kind).toBe("stopped");
    expect(held.failure?.message).toMatch(
      /^stopped: the target at \/rate-limited\/r kept rate-limiting from .+: 5 consecutive requests still got 429 after their waits \(last: the target still answered 429 \(rate limited\) after 0 retries/,
    );
    expect((await client.send(postRequest("/ok/other"))).response?.status).toBe(200);
    expect(client.stopped()).toBeUndefined();
  });
});

/** Lets the limiter's timers run until `take` resolves; its ticket. */
async function started(limiter: RateLimiter): Promise<number> {
  let ticket: number | undefined;
  void limiter.take().then((value) => (ticket = value));
  while (ticket === undefined) await vi.advanceTimersByTimeAsync(1);
  return ticket;
}

describe("the pace learned from 429s (issue 23.1)", () => {
  beforeEach(() => vi.useFakeTimers({ toFake: ["performance", "setTimeout"] }));
  afterEach(() => vi.useRealTimers());

  it("drops at a 429 to 90 % of what the target admitted in the second before, and grows back with time, never with answers", async () => {
    const limiter = createRateLimiter(undefined);
    for (let i = 0; i < 40; i += 1) {
      limiter.answered(await started(limiter));
      await vi.advanceTimersByTimeAsync(10);
    }
    limiter.rateLimited(await started(limiter), 1_000);
    expect(limiter.current()).toBeCloseTo(36, 5);
    // The old limiter won back 3 % per answer: 40 answers a second outran a halving a second.
    for (let i = 0; i < 10_000; i += 1) limiter.answered(0);
    expect(limiter.current()).toBeCloseTo(36, 5);
    await vi.advanceTimersByTimeAsync(1_000 + 7_900);
    expect(limiter.current()).toBeCloseTo(40, 0); // back at the ceiling after the hold and about 8 s
    await vi.advanceTimersByTimeAsync(10_000);
    expect(limiter.current()).toBeGreaterThan(45); // then probing above it
    expect(limiter.pacing()).toEqual({ source: "learned", settledPerSecond: 36, slowestPerSecond: 36, slowDowns: 1 });
  });

  it("slows down once per round: a 429 to a request sent before the pace dropped teaches nothing", async () => {
    const limiter = createRateLimiter(undefined);
    for (let i = 0; i < 20; i += 1) {
      limiter.answered(await started(limiter));
      await vi.advanceTimersByTimeAsync(20);
    }
    const inFlight = [await started(limiter), await started(limiter), await started(limiter)];
    for (const ticket of inFlight) limiter.rateLimited(ticket, 0);
    expect(limiter.current()).toBeCloseTo(18, 5);
    expect(limiter.pacing()?.slowDowns).toBe(1);
  });

  it("the announced limit paces at 90 % of it: the policy's window, or the longest reset seen", () => {
    const perSecond = createRateLimiter(undefined);
    perSecond.answered(0, { limit: 40, remaining: 12, resetMs: 1_000 });
    expect(perSecond.current()).toBeCloseTo(36, 5);
    const policy = createRateLimiter(undefined);
    policy.answered(0, { limit: 1_000, remaining: 999, resetMs: 3_000, policy: { limit: 100, windowMs: 60_000 } });
    expect(policy.current()).toBeCloseTo(1.5, 5);
    const hourly = createRateLimiter(10);
    hourly.answered(0, { limit: 3_600, remaining: 3_000, resetMs: 2_000_000 });
    expect(hourly.current()).toBeCloseTo(1.62, 5);
    hourly.answered(0, { limit: 3_600, remaining: 2_999, resetMs: 3_600_000 });
    expect(hourly.current()).toBeCloseTo(0.9, 5);
    expect(hourly.pacing()).toMatchObject({ source: "announced", announced: { limit: 3_600, windowSeconds: 3_600 } });
  });

  it("a target that refuses every 7th request at any pace is not paced: each 429 is waited out by its request", async () => {
    const limiter = createRateLimiter(undefined);
    for (let i = 1; i <= 70; i += 1) {
      const ticket = await started(limiter);
      if (i % 7 === 0) limiter.rateLimited(ticket, 1_000);
      else limiter.answered(ticket);
      await vi.advanceTimersByTimeAsync(20);
    }
    expect(limiter.current()).toBeUndefined();
    expect(limiter.pacing()).toMatchObject({ source: "waited" });
    expect(limiter.pacing()?.refusedShare).toBeGreaterThan(0.1);
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

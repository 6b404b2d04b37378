/**
 * concurrency and rateLimitPerSecond hold as the target sees them (measured on the server side): concurrency
 * by the requests open at once, the rate on the event clock (onEventClock.ts), where the time is the client's
 * schedule and not the machine's speed (issue 45.4).
 */
import { afterEach, describe, expect, it, vi } from "vitest";
import { createHttpClient } from "../../../../runner/http/createHttpClient.js";
import { createRateLimiter } from "../../../../runner/http/flowControl/createRateLimiter.js";
import { createAdaptiveSemaphore } from "../../../../runner/http/flowControl/adaptiveSemaphore.js";
import type { HttpClient } from "../../../../runner/http/types.js";
import { startHostileTarget, type HostileTarget } from "../../../../reference/transport/hostileTarget.js";
import { postRequest, SECRETS } from "./httpTestKit.js";
import { onEventClock } from "./onEventClock.js";

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
  it("12 slow requests with concurrency 3: the target never sees more than 3 at once", async () => {
    target = await startHostileTarget({ slowMs: 80 });
    client = createHttpClient({
      baseUrl: target.baseUrlFor("slow"),
      concurrency: 3,
      timeoutMs: 5_000,
      secrets: SECRETS,
    });
    const exchanges = await Promise.all(Array.from({ length: 12 }, (_, i) => client!.send(postRequest(`/r${i}`))));
    expect(exchanges.every((exchange) => exchange.response?.status === 200)).toBe(true);
    // Counted by the target (requests open at once), not timed: 3 at a time, and never more.
    expect(target.maxConcurrent()).toBe(3);
    expect(target.requests()).toHaveLength(12);
  });

  it("concurrency 1 serialises everything", async () => {
    target = await startHostileTarget({ slowMs: 30 });
    client = createHttpClient({ baseUrl: target.baseUrlFor("slow"), concurrency: 1, secrets: SECRETS });
    await Promise.all(Array.from({ length: 5 }, (_, i) => client!.send(postRequest(`/s${i}`))));
    expect(target.maxConcurrent()).toBe(1);
  });

  it("the semaphore rejects a nonsense permit count with the value received", () => {
    expect(() => createAdaptiveSemaphore({ fixed: 0 })).toThrow(
      "concurrency must be a whole number of at least 1, received 0",
    );
  });
});

describe("rate limit", () => {
  it("10 requests at 20/s: all reach the target, 50 ms apart on the event clock, the first at once", async () => {
    target = await startHostileTarget();
    client = createHttpClient({
      baseUrl: target.baseUrlFor("ok"),
      concurrency: 8,
      rateLimitPerSecond: 20,
      secrets: SECRETS,
    });
    const started = await onEventClock(async () => {
      const origin = performance.now();
      await Promise.all(Array.from({ length: 10 }, (_, i) => client!.send(postRequest(`/q${i}`))));
      return target!.requests().map((request) => request.arrivedAt - origin);
    });
    expect(started).toEqual(Array.from({ length: 10 }, (_, i) => i * 50));
  });

  it("on a fake clock, 10 takers at 20/s start exactly 50 ms apart, the first at once", async () => {
    vi.useFakeTimers({ toFake: ["setTimeout", "performance"] });
    try {
      const limiter = createRateLimiter(20);
      const origin = performance.now();
      const starts: number[] = [];
      const takers = Array.from({ length: 10 }, () =>
        limiter.take().then(() => starts.push(performance.now() - origin)),
      );
      await vi.runAllTimersAsync();
      await Promise.all(takers);
      expect(starts).toEqual(Array.from({ length: 10 }, (_, i) => i * 50));
    } finally {
      vi.useRealTimers();
    }
  });

  it("on a fake clock, a taker arriving after a pause starts at once, the next one 1000/rate ms later", async () => {
    vi.useFakeTimers({ toFake: ["setTimeout", "performance"] });
    try {
      const limiter = createRateLimiter(4);
      const origin = performance.now();
      await limiter.take();
      vi.advanceTimersByTime(1_000);
      const starts: number[] = [];
      const takers = [limiter.take(), limiter.take()].map((taken) =>
        taken.then(() => starts.push(performance.now() - origin)),
      );
      await vi.runAllTimersAsync();
      await Promise.all(takers);
      expect(starts).toEqual([1_000, 1_250]);
    } finally {
      vi.useRealTimers();
    }
  });

  it("5/s over 1.4 s: no 1-second window at the target holds more than 5 starts", async () => {
    target = await startHostileTarget();
    client = createHttpClient({
      baseUrl: target.baseUrlFor("ok"),
      concurrency: 4,
      rateLimitPerSecond: 5,
      secrets: SECRETS,
    });
    await onEventClock(() => Promise.all(Array.from({ length: 8 }, (_, i) => client!.send(postRequest(`/w${i}`)))));
    const arrivals = target.requests().map((request) => request.arrivedAt);
    expect(arrivals).toHaveLength(8);
    expect(maxInWindow(arrivals, 1000)).toBeLessThanOrEqual(5);
  });

  it("429 retries also pass through the rate limit", async () => {
    target = await startHostileTarget({ rateLimitedTimes: 2, retryAfter: "0" });
    client = createHttpClient({ baseUrl: target.baseUrlFor("rate-limited"), rateLimitPerSecond: 10, secrets: SECRETS });
    const exchange = await onEventClock(() => client!.send(postRequest("/z")));
    expect(exchange.response?.status).toBe(200);
    const [first = NaN, second = NaN, third = NaN] = target.requests().map((request) => request.arrivedAt);
    // Retry-After: 0 asks for no wait; the 10/s limit still spaces the retries (on the event clock, exactly).
    expect(second - first).toBeGreaterThanOrEqual(100);
    expect(third - second).toBeGreaterThanOrEqual(100);
  });

  it("options out of range throw a RangeError naming the value", () => {
    expect(() => createHttpClient({ baseUrl: "http://127.0.0.1:1", rateLimitPerSecond: 0, secrets: [] })).toThrow(
      /received 0/,
    );
    expect(() => createHttpClient({ baseUrl: "http://127.0.0.1:1", timeoutMs: -1, secrets: [] })).toThrow(
      /timeoutMs.*received -1/,
    );
    expect(() => createHttpClient({ baseUrl: "ftp://127.0.0.1:1", secrets: [] })).toThrow(/received ftp:/);
  });
});

/**
 * Availability is not conformance (issue 48.4): a 503 (load shedding, maintenance), and a 502 or 504 from a
 * gateway, are waited out as a 429 is — the Retry-After honoured, else a back-off of 1 s doubling — within
 * --max-retry-wait; every attempt is recorded (the HAR log); the retries are counted by status; past the budget
 * the last answer is kept with an "unavailable" failure (an error, never a failure). Timed on the event clock.
 */
import { afterEach, describe, expect, it } from "vitest";
import { createHttpClient } from "../../../../../runner/http/createHttpClient.js";
import type { Exchange } from "../../../../../runner/model/Exchange.js";
import type { HttpClient, HttpClientOptions } from "../../../../../runner/http/types.js";
import {
  startHostileTarget,
  type HostileTarget,
  type HostileTargetOptions,
} from "../../../../../reference/transport/hostileTarget.js";
import { postRequest, SECRETS, timedSend } from "../httpTestKit.js";
import { onEventClock } from "../onEventClock.js";

let target: HostileTarget | undefined;
let client: HttpClient | undefined;
afterEach(async () => {
  await client?.close();
  await target?.close();
  client = undefined;
  target = undefined;
});

/** A target answering `status` to the first `times` requests of each path, then 200; a client, its HAR log. */
async function setUp(targetOptions: HostileTargetOptions, clientOptions: Partial<HttpClientOptions> = {}) {
  target = await startHostileTarget(targetOptions);
  const logged: Exchange[] = [];
  client = createHttpClient({
    baseUrl: target.baseUrlFor("rate-limited"),
    timeoutMs: 2_000,
    secrets: SECRETS,
    onExchange: (exchange) => logged.push(exchange),
    ...clientOptions,
  });
  return { target, client, logged };
}

const arrivals = (target: HostileTarget): number[] => target.requests().map((request) => request.arrivedAt);
const gaps = (times: number[]): number[] => times.slice(1).map((time, index) => time - (times[index] ?? NaN));

describe("502, 503 and 504 are waited out, never judged", () => {
  it.each([502, 503, 504])(
    "a %s with Retry-After: 2, twice, then 200: both waits honoured, every attempt logged",
    async (status) => {
      const { target, client, logged } = await setUp({
        rateLimitedTimes: 2,
        retryAfter: "2",
        rateLimitedStatus: status,
      });
      const { exchange, elapsedMs } = await onEventClock(() => timedSend(client, postRequest("/a")));
      expect(exchange.response?.status).toBe(200);
      expect(exchange.failure).toBeUndefined();
      expect(exchange.retriesAfter429).toBe(2);
      expect(gaps(arrivals(target))).toEqual([2_000, 2_000]);
      expect(elapsedMs).toBe(4_000);
      expect(logged.map((one) => one.response?.status)).toEqual([status, status, 200]);
      expect(client.stats()).toMatchObject({ requests: 3, retries429: 0, retriesUnavailable: { [status]: 2 } });
    },
  );

  it("a 503 without Retry-After: a back-off of 1 s, then 2 s, then 4 s", async () => {
    const { target, client } = await setUp({ rateLimitedTimes: 3, retryAfter: null, rateLimitedStatus: 503 });
    const { exchange, elapsedMs } = await onEventClock(() => timedSend(client, postRequest("/b")));
    expect(exchange.response?.status).toBe(200);
    expect(gaps(arrivals(target))).toEqual([1_000, 2_000, 4_000]);
    expect(elapsedMs).toBe(7_000);
  });

  it("503s that outlast --max-retry-wait: the last 503 kept as an unavailable failure naming the budget", async () => {
    const { target, client, logged } = await setUp(
      { rateLimitedTimes: 100, retryAfter: null, rateLimitedStatus: 503 },
      { maxRetryWaitMs: 5_000 },
    );
    const { exchange, elapsedMs } = await onEventClock(() => timedSend(client, postRequest("/c")));
    expect(exchange.response?.status).toBe(503);
    expect(exchange.failure).toEqual({
      kind: "unavailable",
      message:
        "the target still answered 503 (unavailable) after 2 retries over 3 s (--max-retry-wait 5 s); the target was not available to judge; raise --max-retry-wait, or run when it is.",
    });
    // 1 s and 2 s waited; a third wait of 4 s would pass the 5 s budget: given up at once.
    expect(gaps(arrivals(target))).toEqual([1_000, 2_000]);
    expect(elapsedMs).toBe(3_000);
    expect(logged).toHaveLength(3);
  });

  it("a 504 asking for longer than --max-retry-wait is not waited for", async () => {
    const { target, client } = await setUp(
      { rateLimitedTimes: 100, retryAfter: "600", rateLimitedStatus: 504 },
      { maxRetryWaitMs: 5_000 },
    );
    const exchange = await client.send(postRequest("/d"));
    expect(exchange.failure?.message).toBe(
      "the target answered 504 (gateway) and asked to wait 600 s, longer than --max-retry-wait 5 s; the target was not available to judge; raise --max-retry-wait, or run when it is.",
    );
    expect(target.hits("/rate-limited/d")).toBe(1);
  });

  it("a 500 is an answer: never retried", async () => {
    const { target, client } = await setUp({ rateLimitedTimes: 2, rateLimitedStatus: 500 });
    const exchange = await client.send(postRequest("/e"));
    expect(exchange.response?.status).toBe(500);
    expect(exchange.failure).toBeUndefined();
    expect(target.hits("/rate-limited/e")).toBe(1);
  });

  it("503s past their waits stop their operation after 5 in a row; the others go on", async () => {
    target = await startHostileTarget({ rateLimitedTimes: 1_000, retryAfter: "0", rateLimitedStatus: 503 });
    client = createHttpClient({ baseUrl: target.baseUrl, timeoutMs: 2_000, secrets: SECRETS, max429Retries: 0 });
    expect((await client.send(postRequest("/ok/other"))).response?.status).toBe(200);
    for (let i = 0; i < 5; i += 1)
      expect((await client.send(postRequest("/rate-limited/shed"))).failure?.kind).toBe("unavailable");
    expect((await client.send(postRequest("/ok/other"))).response?.status).toBe(200);
    const held = await client.send(postRequest("/rate-limited/shed"));
    expect(held.failure?.message).toMatch(
      /^stopped: the target at \/rate-limited\/shed was not available from .+: 5 consecutive requests still got 429, 502, 503 or 504 after their waits/,
    );
    expect(client.stopped()).toBeUndefined();
  });
});

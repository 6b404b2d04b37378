/**
 * Rate limits converge (issue 23.1): behind a gateway that admits so many requests per second by a
 * sliding window, a fixed window or a token bucket, the client paces itself before the 429 when the
 * gateway announces its limit (RateLimit fields), and learns it from the 429s when it does not, with a
 * growth that cannot outrun the decrease: every request is answered (no error), and the 429s stay few.
 * Counts and outcomes only; how long such runs take against the time the limit imposes is measured by
 * bench/rateLimitedGateways.ts (BENCHMARKS.md).
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createHttpClient } from "../../../runner/http/createHttpClient.js";
import { startReferenceServer, type RunningReferenceServer } from "../../../reference/startReferenceServer.js";
import { referenceRunConfig } from "../../../reference/referenceRunConfig.js";
import { startHostileTarget, type HostileTarget } from "../../../reference/transport/hostileTarget.js";
import {
  startRateLimitingGateway,
  type RateLimitAlgorithm,
  type RateLimitingGatewayOptions,
  type RateLimitSignals,
} from "../../../reference/transport/rateLimitingGateway.js";
import { runInProcess } from "../suite/runInProcess.js";
import { postRequest, SECRETS } from "./httpTestKit.js";

let target: HostileTarget;
beforeAll(async () => {
  target = await startHostileTarget();
});
afterAll(() => target.close());

/** Sends `requests` requests through a gateway with `options`, `concurrency` at a time; what came of them. */
async function drive(options: RateLimitingGatewayOptions, requests: number, concurrency = 4) {
  const gateway = await startRateLimitingGateway(target.origin, options);
  const client = createHttpClient({ baseUrl: gateway.baseUrl, concurrency, secrets: SECRETS });
  try {
    let next = 0;
    let errors = 0;
    await Promise.all(
      Array.from({ length: concurrency }, async () => {
        while (next < requests) {
          next += 1;
          const exchange = await client.send(postRequest(`/ok/${next}`));
          if (exchange.failure !== undefined || exchange.response?.status !== 200) errors += 1;
        }
      }),
    );
    return { errors, refused: gateway.refused(), admitted: gateway.admitted(), pacing: client.stats().pacing };
  } finally {
    await client.close();
    await gateway.close();
  }
}

const ALGORITHMS: readonly RateLimitAlgorithm[] = ["sliding-window", "fixed-window", "token-bucket"];

/** Each case at 40/s runs beside the others; at 200/s one at a time, so that no other drive's load bunches its requests. */
function announcedCase(algorithm: RateLimitAlgorithm, limit: number) {
  return async () => {
    const { errors, refused, pacing } = await drive({ algorithm, limit, signals: "ratelimit-headers" }, limit * 4);
    expect(errors).toBe(0);
    // Only the first requests, sent before the first answer announced the limit, could run into it;
    // a client that waits out 429s without pacing gets about one per request in flight every second.
    expect(refused).toBeLessThanOrEqual(4);
    expect(pacing).toMatchObject({
      source: "announced",
      settledPerSecond: limit * 0.9,
      announced: { limit, windowSeconds: 1 },
    });
  };
}

describe("a gateway that announces its limit (RateLimit-Limit, -Remaining, -Reset)", () => {
  describe.concurrent("at 40/s", () => {
    it.each(ALGORITHMS)("%s, for 4 s: every request answered, paced at 9/10 of the limit before any 429", (algorithm) =>
      announcedCase(algorithm, 40)(),
    );
  });
  it.each(ALGORITHMS)(
    "%s at 200/s, for 4 s: every request answered, paced at 9/10 of the limit before any 429",
    (algorithm) => announcedCase(algorithm, 200)(),
  );
});

describe("the announced pace", () => {
  it("spaces the starts evenly at 9/10 of the limit: no burst reaches the gateway", async () => {
    const before = target.requests().length;
    const { errors } = await drive({ algorithm: "fixed-window", limit: 20, signals: "ratelimit-headers" }, 24);
    expect(errors).toBe(0);
    const arrivals = target
      .requests()
      .slice(before + 4) // the first answers announce the limit; the requests sent with them are not paced
      .map((request) => request.arrivedAt)
      .sort((a, b) => a - b);
    const gaps = arrivals.slice(1).map((at, i) => at - (arrivals[i] ?? at));
    const spacing = 1000 / 18;
    // A burst puts starts within a millisecond of each other. A start a few ms late keeps its slot (the pace holds on
    // average), so on a loaded machine one gap may be a few ms short of the spacing: half of it is the bound.
    expect(Math.min(...gaps)).toBeGreaterThanOrEqual(spacing / 2);
    // On average no faster than the pace: lateness only widens gaps.
    const last = arrivals[arrivals.length - 1] ?? 0;
    const first = arrivals[0] ?? 0;
    expect((last - first) / (arrivals.length - 1)).toBeGreaterThanOrEqual(spacing - 1);
  });
});

/** A run of `seconds` behind a gateway that does not announce its limit. */
function learnedCase(algorithm: RateLimitAlgorithm, signals: RateLimitSignals, limit: number, seconds: number) {
  return async () => {
    const requests = limit * seconds;
    const { errors, refused, pacing } = await drive({ algorithm, limit, signals }, requests);
    expect(errors).toBe(0);
    // A growth that outruns the decrease refuses a large share (673 of about 1,500 before issue 23.1). A paced
    // run refuses a few while it learns, and more when a loaded machine stalls the gateway long enough to push
    // paced requests into the next fixed window (15 of 1,000 in CI; 20 of 240 beside two busy processes on two
    // cores): a tenth at most. That the pace was learned, not merely waited out, the pacing below shows.
    expect(refused).toBeLessThanOrEqual(Math.ceil(0.1 * requests));
    expect(pacing?.source).toBe("learned");
    expect(pacing?.settledPerSecond).toBeGreaterThanOrEqual(limit * 0.8);
  };
}

describe("a gateway that does not announce its limit", () => {
  describe.concurrent("at 40/s with Retry-After", () => {
    it.each(ALGORITHMS)("%s, for 6 s: every request answered, the limit learned from a few 429s", (algorithm) =>
      learnedCase(algorithm, "retry-after", 40, 6)(),
    );
  });
  it.each(ALGORITHMS)(
    "%s at 200/s with a bare 429, for 5 s: every request answered, the limit learned from a few 429s",
    (algorithm) => learnedCase(algorithm, "bare", 200, 5)(),
  );

  it("converges at 2 requests per second too", async () => {
    const { errors, refused, pacing } = await drive({ algorithm: "sliding-window", limit: 2, signals: "bare" }, 10);
    expect(errors).toBe(0);
    expect(refused).toBeLessThanOrEqual(4);
    expect(pacing).toMatchObject({ source: "learned", settledPerSecond: 1.8 });
  });

  it("16 requests at a time against a window that counts refused requests too (issue 23.1): no request gives up", async () => {
    const { errors, refused } = await drive(
      { algorithm: "sliding-window", limit: 40, signals: "retry-after", countRefused: true },
      160,
      16,
    );
    expect(errors).toBe(0);
    expect(refused).toBeLessThanOrEqual(24);
  });
});

describe("a run behind a rate-limiting gateway", () => {
  let server: RunningReferenceServer;
  beforeAll(async () => {
    server = await startReferenceServer({ seed: 7 });
  });
  afterAll(() => server.close());

  it("passes clean, and its report says the pace it settled on", async () => {
    const gateway = await startRateLimitingGateway(server.baseUrl, {
      algorithm: "sliding-window",
      limit: 50,
      signals: "ratelimit-headers",
    });
    try {
      const report = await runInProcess(referenceRunConfig(server, gateway.baseUrl), {
        checks: ["http.*", "schema.*"],
        maxExamples: 3,
      });
      expect(report.summary.failed + report.summary.errors).toBe(0);
      expect(gateway.refused()).toBeLessThanOrEqual(4);
      const retries = report.meta.retries429;
      const announced = `The target announced a rate limit of 50 requests per 1 s (RateLimit fields); the run settled on a pace of 45 requests per second, 90 % of it (${retries} answer${retries === 1 ? "" : "s"} of 429 (rate limited) waited out).`;
      // The few 429s allowed above (the preflight's requests and the checks' first ones, sent before the
      // announcement, can share the gateway's first second; a loaded machine bunches the starts) may teach the
      // client a pace below the announced one; the note then says so, naming the limit announced.
      const learned = new RegExp(
        `^The target answered 429 \\(rate limited\\) ${retries} times? below the rate limit it announced \\(50 requests per 1 s, RateLimit fields\\); the run settled on a pace of `,
      );
      expect(
        report.meta.notes.some((note) => note === announced || (retries > 0 && learned.test(note))),
        JSON.stringify(report.meta.notes),
      ).toBe(true);
    } finally {
      await gateway.close();
    }
  });
});

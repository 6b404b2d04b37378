/** performance.response-time (issue 27.4): judged only with --max-response-time, a slow answer a warning (strict: a failure). */
import { describe, expect, it } from "vitest";
import { fakeExchange } from "../engine/engineDoubles.js";
import { checkOnScript } from "./checkOnScript.js";

/** A target answering 200 {} in `durations[i]` ms to the i-th request. */
const timedTarget = (durations: readonly number[]) => (_request: unknown, index: number) => ({
  ...fakeExchange({ status: 200, json: { landingPages: [], listInformation: { totalElements: 0, totalPages: 0 } } }),
  durationMs: durations[index] ?? 1,
});

async function run(durations: readonly number[], settings: object) {
  return checkOnScript("performance.response-time", "listLandingPages", timedTarget(durations) as never, settings);
}

describe("performance.response-time", () => {
  it("is skipped without --max-response-time, sending nothing", async () => {
    const { result, client } = await run([1], {});
    expect(result).toMatchObject({
      outcome: "skipped",
      skipReason: "no bound was given: --max-response-time DURATION (e.g. 500ms) judges response times.",
    });
    expect(client.sent).toHaveLength(0);
  });

  it("passes five answers within the bound, giving p50, p95 and max", async () => {
    const { result, client } = await run([10, 40, 20, 30, 50], { maxResponseTimeMs: 50 });
    expect(client.sent).toHaveLength(5);
    expect(result).toMatchObject({
      outcome: "passed",
      message: "5 answers within 50 ms (p50 30 ms, p95 50 ms, max 50 ms).",
      registerRefs: ["response-time"],
    });
  });

  it("warns on an answer slower than the bound, showing the slowest; strict fails it", async () => {
    const slow = await run([10, 400, 20, 30, 40], { maxResponseTimeMs: 100 });
    expect(slow.result).toMatchObject({
      outcome: "warning",
      message: "1 of 5 answers took longer than 100 ms (p50 30 ms, p95 400 ms, max 400 ms). [register: response-time]",
      actual: "slowest 400 ms",
    });
    expect(slow.result.evidence[0]?.label).toBe("the slowest answer, 400 ms");
    const strict = await run([10, 400, 20, 30, 40], { maxResponseTimeMs: 100, profile: "strict" });
    expect(strict.result.outcome).toBe("failed");
  });
});

/** performance.response-time (issue 27.4): judged only with --max-response-time, a slow answer a warning (strict: a failure). */
import { describe, expect, it } from "vitest";
import { fakeExchange } from "../runner/engine/engineDoubles.js";
import { checkOnScript, jsonOf } from "./checkOnScript.js";

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

  it("times the same well-formed request five times, and shows the slowest answer as its witness", async () => {
    const { result, client } = await run([10, 40, 20, 30, 50], { maxResponseTimeMs: 50 });
    // A JSON body each time (the listing's well-formed body may be {}), the same five times.
    expect(
      client.sent.map((request) => (request.body !== undefined && "json" in request.body ? "json" : "none")),
    ).toStrictEqual(["json", "json", "json", "json", "json"]);
    expect(new Set(client.sent.map((request) => JSON.stringify(jsonOf(request)))).size).toBe(1);
    expect(result.evidence.map((item) => item.label)).toStrictEqual(["the slowest answer, 50 ms"]);
  });

  it("sends the operation's well-formed request body each time (getRoleFilters: the configured roles and service)", async () => {
    const { client } = await checkOnScript(
      "performance.response-time",
      "getRoleFilters",
      timedTarget([1, 1, 1, 1, 1]) as never,
      { maxResponseTimeMs: 100 },
    );
    expect(client.sent.map((request) => request.body)).toStrictEqual(
      Array.from({ length: 5 }, () => ({ json: { roles: ["r1", "r2"], domainName: "hcm", serviceName: "payroll" } })),
    );
  });

  it("takes the nearest rank for p50 and p95 of an even count", async () => {
    const { result } = await run([40, 10, 30, 20, 1_000, 1_000], { maxResponseTimeMs: 10_000 });
    // Five samples are sent; the sixth duration is never used.
    expect(result.message).toBe("5 answers within 10000 ms (p50 30 ms, p95 1000 ms, max 1000 ms).");
  });

  it("times only the complete answers: a server error fails, a missing answer is an error, neither is timed", async () => {
    // The two incomplete answers took 500 ms: timed, they would add a slow-answer finding.
    const mixed = await checkOnScript(
      "performance.response-time",
      "listLandingPages",
      ((request: unknown, index: number) =>
        index === 1
          ? { ...fakeExchange({ status: 500, json: { message: "boom" } }), durationMs: 500 }
          : index === 3
            ? {
                ...fakeExchange({ noResponse: true, failure: { kind: "timeout", message: "no answer within 5 ms" } }),
                durationMs: 500,
              }
            : timedTarget([5, 5, 7, 5, 9])(request, index)) as never,
      { maxResponseTimeMs: 100 },
    );
    // The 500 is a proven failure and outranks the error beside it (exit 1: the target is at fault, issue 48.5).
    expect(mixed.result.outcome).toBe("failed");
    expect(mixed.result.message).toBe(
      "valid request 2 of 5 got status 500: a server error is never a conforming answer. (+1 more finding)\n- valid request 4 of 5: no complete answer to judge (timeout: no answer within 5 ms).",
    );
    expect(mixed.result.evidence.map((item) => item.label)).toStrictEqual([
      "valid request 2 of 5",
      "valid request 4 of 5",
    ]);
    const quiet = await checkOnScript(
      "performance.response-time",
      "listLandingPages",
      (() =>
        fakeExchange({ noResponse: true, failure: { kind: "timeout", message: "no answer within 5 ms" } })) as never,
      { maxResponseTimeMs: 100 },
    );
    expect(quiet.result.outcome).toBe("error");
    // Nothing answered: the five errors are the whole verdict, no timing is attempted.
    expect(quiet.result.message).toBe(
      [
        "valid request 1 of 5: no complete answer to judge (timeout: no answer within 5 ms). (+4 more findings)",
        ...[2, 3, 4, 5].map(
          (n) => `- valid request ${n} of 5: no complete answer to judge (timeout: no answer within 5 ms).`,
        ),
      ].join("\n"),
    );
    expect(quiet.result.evidence.map((item) => item.label)).toStrictEqual([
      "valid request 1 of 5",
      "valid request 2 of 5",
      "valid request 3 of 5",
      "valid request 4 of 5",
      "valid request 5 of 5",
    ]);
  });

  it("says what it expected of a slow answer", async () => {
    const { result } = await run([10, 400, 20, 30, 40], { maxResponseTimeMs: 100 });
    expect(result.expected).toBe("every answer within 100 ms (--max-response-time)");
  });
});

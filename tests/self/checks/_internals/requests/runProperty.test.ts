/** runProperty: a fast-check property against the target, whose failure keeps what replays it; forEachRead: the reads a check judges. */
import fc from "fast-check";
import { describe, expect, it, vi } from "vitest";
import { Judgement } from "../../../../../runner/engine/Judgement.js";
import { runProperty, type ExampleVerdict } from "../../../../../checks/_internals/requests/runProperty.js";
import { fakeExchange } from "../../../runner/engine/engineDoubles.js";

const failing = (value: number): ExampleVerdict => ({
  ok: false,
  message: `${value} is too big`,
  expected: "below 10",
  actual: String(value),
  exchange: fakeExchange({ status: 500, json: { value } }),
});

describe("runProperty", () => {
  it("returns how many examples ran and records nothing when every example passes", async () => {
    const judge = new Judgement("default");
    const seen: number[] = [];
    const runs = await runProperty(
      judge,
      "generated",
      fc.integer({ min: 0, max: 9 }),
      async (value) => (seen.push(value), { ok: true }),
      { seed: 1, numRuns: 7 },
    );
    expect(runs).toBe(7);
    expect(seen).toHaveLength(7);
    expect(judge.verdict().outcome).toBe("passed");
  });

  it("fails with the shrunk counterexample's message, expected, actual and exchange, and what replays it", async () => {
    const judge = new Judgement("default");
    let calls = 0;
    const runs = await runProperty(
      judge,
      "generated valid request",
      fc.integer({ min: 0, max: 1000 }),
      async (value) => (calls++, value < 10 ? { ok: true } : failing(value)),
      { seed: 42, numRuns: 50 },
    );
    // The runs up to the failing one, not the shrinking's calls after it.
    expect(runs).toBe(judge.verdict().property?.numRuns);
    expect(runs).toBeLessThan(calls);
    const verdict = judge.verdict();
    expect(verdict.outcome).toBe("failed");
    expect(verdict.message).toMatch(/^generated valid request: 10 is too big \(shrunk \d+ times?; property seed 42\)$/);
    expect(verdict.expected).toBe("below 10");
    expect(verdict.actual).toBe("10");
    expect(verdict.evidence).toHaveLength(1);
    expect(verdict.evidence[0]?.label).toBe("generated valid request: shrunk counterexample");
    expect(verdict.evidence[0]?.exchange.json).toEqual({ value: 10 });
    expect(verdict.property).toMatchObject({ seed: 42, counterexample: 10 });
    expect(verdict.property?.path).toMatch(/^\d+(:\d+)*$/);
    expect(verdict.property?.numRuns).toBeGreaterThan(0);
  });

  it("replays the same counterexample from the same seed", async () => {
    const run = async () => {
      const judge = new Judgement("default");
      await runProperty(
        judge,
        "p",
        fc.array(fc.integer()),
        async (values) => (values.length < 3 ? { ok: true } : failing(values.length)),
        { seed: 9, numRuns: 100 },
      );
      return judge.verdict();
    };
    const [first, second] = [await run(), await run()];
    expect(second.message).toBe(first.message);
    expect(second.property).toEqual(first.property);
  });

  it("reports the predicate throwing as the suite's error, not as the target's failure", async () => {
    const judge = new Judgement("default");
    await expect(
      runProperty(judge, "p", fc.integer(), async () => Promise.reject(new Error("our bug")), { seed: 1, numRuns: 5 }),
    ).rejects.toThrow("our bug");
    expect(judge.hasFailed()).toBe(false);
  });

  it("ends at an example nothing can be judged from: an error naming it and its reason, nothing sent after, the examples before counted", async () => {
    const judge = new Judgement("default");
    const seen: number[] = [];
    const cut = fakeExchange({ status: 429, json: {} });
    const runs = await runProperty(
      judge,
      "p",
      fc.integer({ min: 0, max: 9 }),
      async (value) => (
        seen.push(value),
        seen.length === 3
          ? { ok: "unjudged", reason: "rate limited past --max-retry-wait 1.5 s.", exchange: cut }
          : { ok: true }
      ),
      { seed: 1, numRuns: 10 },
    );
    expect(runs).toBe(2);
    expect(seen).toHaveLength(3);
    const verdict = judge.verdict();
    expect(verdict.outcome).toBe("error");
    expect(verdict.message).toBe(
      "p: ended at example 3 of 10, which got no complete answer (rate-limited: the target still answered 429 (rate limited) after 0 wait(s); lower the request rate with --rate-limit); not shrunk, nothing judged from it.",
    );
    expect(verdict.evidence.map((item) => [item.label, item.exchange])).toEqual([["p: example 3", cut]]);
  });

  it("ends without shrinking at a failing example whose answer was not complete, naming the transport trouble", async () => {
    const judge = new Judgement("default");
    const timedOut = fakeExchange({
      noResponse: true,
      failure: { kind: "timeout", message: "no answer within 2.5 s." },
    });
    const runs = await runProperty(
      judge,
      "p",
      fc.integer(),
      async () => ({ ok: false, message: "m", expected: "e", actual: "a", exchange: timedOut }),
      { seed: 1, numRuns: 10 },
    );
    expect(runs).toBe(0);
    expect(judge.verdict().message).toBe(
      "p: ended at example 1 of 10, which got no complete answer (timeout: no answer within 2.5 s); not shrunk, nothing judged from it.",
    );
    expect(judge.verdict().property).toBeUndefined();
  });

  it("names the reason given for an example left unjudged when its exchange itself is complete", async () => {
    const judge = new Judgement("default");
    await runProperty(
      judge,
      "p",
      fc.integer(),
      async () => ({ ok: "unjudged", reason: "the run stopped.", exchange: fakeExchange({ status: 200, json: {} }) }),
      { seed: 1, numRuns: 10 },
    );
    expect(judge.verdict().message).toBe(
      "p: ended at example 1 of 10, which got no complete answer (unjudged: the run stopped); not shrunk, nothing judged from it.",
    );
  });

  it("stops at its time limit without failing", async () => {
    // On a fake clock: each example takes 30 ms; those starting at 0, 30, 60 and 90 ms are within the 100 ms limit.
    vi.useFakeTimers({ toFake: ["Date", "setTimeout"] });
    try {
      const judge = new Judgement("default");
      let sent = 0;
      let runs: number | undefined;
      void runProperty(
        judge,
        "p",
        fc.integer(),
        async () => {
          sent += 1;
          await new Promise((resolve) => setTimeout(resolve, 30));
          return { ok: true };
        },
        { seed: 1, numRuns: 1000, timeLimitMs: 100 },
      ).then((count) => (runs = count));
      while (runs === undefined) await vi.advanceTimersToNextTimerAsync();
      expect(runs).toBe(4);
      expect(sent).toBe(4); // the examples judged, not those fast-check ran after the limit
      expect(judge.verdict().outcome).toBe("passed");
    } finally {
      vi.useRealTimers();
    }
  });
});

describe("requestBodyOf (issue 27.7: the counterexample is the request body)", () => {
  it("unwraps the suite's request wrappers and leaves anything else as it is", async () => {
    const { requestBodyOf } = await import("../../../../../checks/_internals/requests/runProperty.js");
    expect(requestBodyOf({ rule: "r", description: "d", body: { json: { widgetId: 7 } } })).toEqual({ widgetId: 7 });
    expect(requestBodyOf({ body: { raw: '{"x": ' } })).toBe('{"x": ');
    expect(requestBodyOf(10)).toBe(10);
    expect(requestBodyOf({ body: "text" })).toEqual({ body: "text" });
  });
});

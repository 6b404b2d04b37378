/** runProperty: a fast-check property against the target, whose failure keeps what replays it; forEachRead: the reads a check judges. */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import type { CheckContext } from "../../../runner/engine/CheckDefinition.js";
import { Judgement } from "../../../runner/engine/Judgement.js";
import { forEachRead } from "../../conformance/checks/_internals/judges/forEachRead.js";
import { runProperty, type ExampleVerdict } from "../../conformance/checks/_internals/requests/runProperty.js";
import { fakeExchange, scriptedSession, type FakeAnswer } from "../engine/engineDoubles.js";
import type { OutgoingRequest } from "../../../runner/http/types.js";

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
    await runProperty(
      judge,
      "generated valid request",
      fc.integer({ min: 0, max: 1000 }),
      async (value) => (value < 10 ? { ok: true } : failing(value)),
      { seed: 42, numRuns: 50 },
    );
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
    const judge = new Judgement("default");
    const started = Date.now();
    const runs = await runProperty(
      judge,
      "p",
      fc.integer(),
      async () => (await new Promise((resolve) => setTimeout(resolve, 30)), { ok: true }),
      { seed: 1, numRuns: 1000, timeLimitMs: 100 },
    );
    expect(runs).toBeLessThan(1000);
    expect(Date.now() - started).toBeLessThan(5000);
    expect(judge.verdict().outcome).toBe("passed");
  });
});

describe("forEachRead", () => {
  const target = (answer: (request: OutgoingRequest) => FakeAnswer) =>
    scriptedSession((request) =>
      request.path.endsWith("listFactoryDefaultWidgets")
        ? {
            status: 200,
            json: {
              widgets: Array.from({ length: 12 }, (_, n) => ({ id: `widget://t/w${n}` })),
              listInformation: { totalElements: 12, totalPages: 2 },
            },
          }
        : answer(request),
    );
  const contextOf = (session: CheckContext["target"], operation: CheckContext["operation"]): CheckContext => ({
    operation,
    target: session,
    judge: new Judgement("default"),
    seed: 1,
  });

  it("reads every listed id and hands each 200 JSON answer to the judge, noting how many", async () => {
    const { session, client } = target((request) => ({
      status: 200,
      json: { echoed: request.body && "json" in request.body ? request.body.json : null },
    }));
    const context = contextOf(session, "getWidget");
    const judged: [string, unknown, string][] = [];
    await forEachRead(context, (id, body, label) => judged.push([id, body, label]));
    expect(judged).toHaveLength(12);
    expect(judged[0]).toEqual(["widget://t/w0", { echoed: { widgetId: "widget://t/w0" } }, "getWidget widget://t/w0"]);
    expect(judged[11]?.[0]).toBe("widget://t/w11");
    expect(client.sent.filter((request) => request.path.endsWith("getWidget"))).toHaveLength(12);
    expect(context.judge.verdict().message).toBe("12 read(s) judged.");
  });

  it("passes over answers that are not 200 JSON, and skips when none was", async () => {
    const { session } = target((request) =>
      JSON.stringify(request.body).includes("w0") ? { status: 200, text: "not json" } : { status: 404, json: {} },
    );
    const context = contextOf(session, "getWidget");
    let judged = 0;
    await forEachRead(context, () => (judged += 1));
    expect(judged).toBe(0);
    expect(context.judge.verdict()).toMatchObject({
      outcome: "skipped",
      skipReason:
        "none of the 12 reads answered 200 with JSON (see http.valid-request-ok and consistency.listed-widget-readable).",
    });
  });

  it("fails a read the target did not answer, and judges the others", async () => {
    const { session } = target((request) =>
      JSON.stringify(request.body).includes('w0"') ? { status: 503, json: {} } : { status: 200, json: {} },
    );
    const context = contextOf(session, "getWidget");
    let judged = 0;
    await forEachRead(context, () => (judged += 1));
    expect(judged).toBe(11);
    expect(context.judge.verdict().outcome).toBe("failed");
  });

  it("reads the configured analytic ids with analyticId, and skips without any", async () => {
    const { session, client } = target(() => ({ status: 200, json: {} }));
    await forEachRead(contextOf(session, "getAnalytic"), () => undefined);
    expect(client.jsonBodies().filter((body) => body && typeof body === "object" && "analyticId" in body)).toEqual([
      { analyticId: "analytic://tenant/a1" },
    ]);
    const bare = scriptedSession(() => ({}), { fixtures: { analyticIds: [], roles: [] } }).session;
    const context = contextOf(bare, "getAnalytic");
    await forEachRead(context, () => undefined);
    expect(context.judge.verdict().skipReason).toMatch(/^no analytic ids are configured/);
  });
});

describe("requestBodyOf (issue 27.7: the counterexample is the request body)", () => {
  it("unwraps the suite's request wrappers and leaves anything else as it is", async () => {
    const { requestBodyOf } = await import("../../conformance/checks/_internals/requests/runProperty.js");
    expect(requestBodyOf({ rule: "r", description: "d", body: { json: { widgetId: 7 } } })).toEqual({ widgetId: 7 });
    expect(requestBodyOf({ body: { raw: '{"x": ' } })).toBe('{"x": ');
    expect(requestBodyOf(10)).toBe(10);
    expect(requestBodyOf({ body: "text" })).toEqual({ body: "text" });
  });
});

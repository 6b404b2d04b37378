/** The one loop both executors share: verdicts in plan order, --max-failures, outcomes per pair, statistics once. */
import { describe, expect, it } from "vitest";
import { ExchangeLog } from "../../../../runner/engine/ExchangeLog.js";
import { TargetSession } from "../../../../runner/engine/TargetSession.js";
import { CHECKS_AT_ONCE, runPlannedChecks } from "../../../../runner/execute/runPlannedChecks.js";
import { runStatistics } from "../../../../runner/execute/runStatistics.js";
import { plannedCheck } from "./plannedCheck.js";
import { scriptedSession, StoppingClient, testSettings } from "../engine/engineDoubles.js";

const planned = plannedCheck;

const failing = (id: string) =>
  planned(id, async ({ judge }) => judge.fail(`${id} broke`, { expected: "a", actual: "b" }));
const passing = (id: string) => planned(id, async ({ target }) => void (await target.send("getWidget")));

describe("runPlannedChecks", () => {
  it("gives each pair its verdict, hears each as it comes, and counts the requests once every check ended", async () => {
    const { session } = scriptedSession(() => ({ status: 200, json: {} }));
    const heard: string[] = [];
    const running = runPlannedChecks(session, [passing("one"), failing("two"), passing("three")], (result) =>
      heard.push(`${result.checkId} ${result.outcome}`),
    );
    const second = await running.outcomeOf(1);
    expect(second).toMatchObject({ result: { checkId: "http.two", outcome: "failed", message: "two broke" } });
    const done = await running.done;
    expect(done.results.map((result) => `${result.checkId} ${result.outcome}`).sort()).toEqual(
      ["http.one passed", "http.three passed", "http.two failed"].sort(),
    );
    expect(heard.sort()).toEqual(["http.one passed", "http.three passed", "http.two failed"].sort());
    expect(done.notRun).toEqual([]);
    expect(done.statistics.requests).toBe(2);
  });

  it("starts no pair once --max-failures failed verdicts are in, and says which pairs were not run", async () => {
    const { session } = scriptedSession(() => ({ status: 200, json: {} }), { maxFailures: 1 });
    // CHECKS_AT_ONCE pairs run at once: the two after them start after the first failures are counted.
    const plan = [
      ...Array.from({ length: CHECKS_AT_ONCE }, (_, index) => failing(`f${index}`)),
      passing("late-a"),
      passing("late-b"),
    ];
    const running = runPlannedChecks(session, plan);
    const { results, notRun } = await running.done;
    expect(results).toHaveLength(CHECKS_AT_ONCE);
    expect(notRun).toEqual([
      { checkId: "http.late-a", operation: "getWidget" },
      { checkId: "http.late-b", operation: "getWidget" },
    ]);
    expect(await running.outcomeOf(CHECKS_AT_ONCE + 1)).toEqual({
      notRun: { checkId: "http.late-b", operation: "getWidget" },
    });
  });

  it("keeps a check's evidence compact: a huge request body is cut in the verdict", async () => {
    const { session } = scriptedSession(() => ({ status: 200, json: {} }));
    const huge = "x".repeat(200_000);
    const plan = [
      planned("huge", async ({ target, judge }) => {
        const exchange = await target.send("getWidget", { json: { widgetId: huge } });
        judge.fail("huge", { expected: "a", actual: "b", evidence: [{ label: "huge", exchange }] });
      }),
    ];
    const { results } = await runPlannedChecks(session, plan).done;
    const body = results[0]?.evidence[0]?.exchange.request.body ?? "";
    expect(body.length).toBeLessThan(huge.length);
    expect(body).toMatch(/evidence cut: \d+ characters in all/);
  });
});

describe("runPlannedChecks once the run is interrupted", () => {
  it("starts no pair: each is interrupted, none reports a verdict and no request is sent", async () => {
    const { session, client } = scriptedSession(() => ({ status: 200, json: {} }));
    const controller = new AbortController();
    controller.abort("SIGTERM");
    const heard: string[] = [];
    const running = runPlannedChecks(
      session,
      [passing("one"), failing("two")],
      (result) => heard.push(result.checkId),
      controller.signal,
    );
    const { results, notRun } = await running.done;
    expect([await running.outcomeOf(0), await running.outcomeOf(1)]).toStrictEqual([
      { interrupted: { checkId: "http.one", operation: "getWidget" } },
      { interrupted: { checkId: "http.two", operation: "getWidget" } },
    ]);
    expect({ results, notRun, heard, sent: client.sent.length }).toStrictEqual({
      results: [],
      notRun: [],
      heard: [],
      sent: 0,
    });
  });
});

describe("runStatistics", () => {
  it("copies the client's figures and response times by path, and keeps the exchanges only when the run logs them", async () => {
    const { session } = scriptedSession(() => ({ status: 200, json: {} }));
    await session.send("getWidget");
    expect(runStatistics(session)).toStrictEqual({
      requests: 1,
      retries429: 0,
      transportFailures: 0,
      durationsByPath: { "/x": [1, 2] },
      sampling: [],
      bodyTexts: [],
    });
    const log = new ExchangeLog(5);
    const logged = new TargetSession(testSettings(), new StoppingClient(() => ({})), log);
    expect(runStatistics(logged).exchanges).toStrictEqual(log.snapshot());
  });

  it("says why the run stopped once it did, and nothing while it runs", () => {
    const client = new StoppingClient(() => ({}));
    const session = new TargetSession(testSettings(), client);
    expect(runStatistics(session)).not.toHaveProperty("stopped");
    client.stop = { at: "2030-01-01T00:00:00.000Z", message: "the run passed --max-run-time 15m" };
    expect(runStatistics(session).stopped).toBe("the run passed --max-run-time 15m");
  });
});

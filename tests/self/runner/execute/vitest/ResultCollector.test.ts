/**
 * ResultCollector, the CLI process's vitest reporter, fed test cases and modules shaped as vitest gives them: the
 * verdicts and the pairs not run from each test's meta, the statistics of the first test that carries them, and
 * the run errors (a module's, an unhandled one, a dead worker) in a user's words.
 */
import type { TestCase, TestModule } from "vitest/node";
import { describe, expect, it } from "vitest";
import { ResultCollector } from "../../../../../runner/execute/vitest/ResultCollector.js";
import type { CheckResult } from "../../../../../runner/model/RunReport.js";
import type { RunStatistics } from "../../../../../runner/model/RunStatistics.js";

/** A test case whose meta holds `meta`. */
const testCase = (meta: Record<string, unknown>): TestCase => ({ meta: () => meta }) as unknown as TestCase;

/** A test module that failed with these errors. */
const testModule = (...messages: string[]): TestModule =>
  ({ errors: () => messages.map((message) => ({ message })) }) as unknown as TestModule;

const result = (checkId: string): CheckResult =>
  ({ checkId, operation: "getWidget", outcome: "pass", message: "ok" }) as unknown as CheckResult;

const statistics = (requests: number): RunStatistics => ({ requests }) as unknown as RunStatistics;

describe("ResultCollector", () => {
  it("starts with no result, statistics, run error, pair not run, and no stopped worker", () => {
    const collector = new ResultCollector();
    expect([
      collector.results,
      collector.statistics,
      collector.runErrors,
      collector.notRun,
      collector.workerStopped,
    ]).toStrictEqual([[], undefined, [], [], false]);
  });

  it("collects each verdict as its test ends, passes it on, and keeps the statistics of the first test that has them", () => {
    const passedOn: CheckResult[] = [];
    const collector = new ResultCollector((one) => passedOn.push(one));
    const first = result("a");
    const second = result("b");
    collector.onTestCaseResult(testCase({ cmsConformanceResult: first }));
    collector.onTestCaseResult(testCase({ cmsConformanceStatistics: statistics(7) }));
    collector.onTestCaseResult(testCase({ cmsConformanceResult: second, cmsConformanceStatistics: statistics(9) }));
    collector.onTestCaseResult(testCase({ cmsConformanceNotRun: { checkId: "c", operation: "getWidget" } }));
    expect(collector.results).toStrictEqual([first, second]);
    expect(passedOn).toStrictEqual([first, second]);
    expect(collector.statistics).toStrictEqual(statistics(7));
    expect(collector.notRun).toStrictEqual([{ checkId: "c", operation: "getWidget" }]);
  });

  it("keeps the errors of modules and the unhandled ones, and notes a worker that stopped", () => {
    const collector = new ResultCollector();
    collector.onTestRunEnd(
      [testModule("Failed to load url ./a.js", "second"), testModule()],
      [
        { message: "unhandled rejection" },
        { message: "[vitest-pool]: Worker threads emitted error.", cause: { message: "Worker exited unexpectedly" } },
      ],
    );
    expect(collector.runErrors).toStrictEqual([
      "Failed to load url ./a.js",
      "second",
      "unhandled rejection",
      "the worker thread running the checks stopped: Worker exited unexpectedly",
    ]);
    expect(collector.workerStopped).toBe(true);
  });

  it("notes no stopped worker when every unhandled error is another kind", () => {
    const collector = new ResultCollector();
    collector.onTestRunEnd([], [{ message: "unhandled rejection" }]);
    expect([collector.runErrors, collector.workerStopped]).toStrictEqual([["unhandled rejection"], false]);
  });
});

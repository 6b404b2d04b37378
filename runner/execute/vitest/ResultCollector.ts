/** A vitest reporter in the CLI process that collects verdicts from the tests' meta (STYLE: vitest reporters). */
import type { Reporter, TestCase, TestModule } from "vitest/node";
import type { SerializedError } from "vitest";
import type { CheckResult } from "../../model/RunReport.js";
import { describeRunError, isWorkerStop } from "./describeRunError.js";
import type { VerdictKey } from "../../model/RunSettings.js";
import type { RunStatistics } from "../../model/RunStatistics.js";
import "./vitestBridge.js";

/** Collects results as tests finish and statistics when the run ends. */
export class ResultCollector implements Reporter {
  readonly results: CheckResult[] = [];
  statistics: RunStatistics | undefined;
  /** Errors vitest reported outside any test (a module that failed to load, an unhandled rejection). */
  readonly runErrors: string[] = [];
  /** True once vitest said the worker thread running the checks stopped (it died: a heap that ran out …). */
  workerStopped = false;
  /** Pairs never started because --max-failures was reached. */
  readonly notRun: VerdictKey[] = [];

  constructor(private readonly onResult: (result: CheckResult) => void = () => undefined) {}

  onTestCaseResult(testCase: TestCase): void {
    this.statistics ??= testCase.meta().cmsConformanceStatistics;
    const result = testCase.meta().cmsConformanceResult;
    const notRun = testCase.meta().cmsConformanceNotRun;
    if (notRun) this.notRun.push(notRun);
    if (!result) return;
    this.results.push(result);
    this.onResult(result);
  }

  onTestRunEnd(testModules: ReadonlyArray<TestModule>, unhandledErrors: ReadonlyArray<SerializedError>): void {
    for (const module of testModules) {
      for (const error of module.errors()) this.runErrors.push(error.message);
    }
    for (const error of unhandledErrors) {
      if (isWorkerStop(error)) this.workerStopped = true;
      this.runErrors.push(describeRunError(error));
    }
  }
}

/**
 * What crosses between the CLI process and the vitest worker that runs the checks:
 * the run (settings and the verdicts selected once, in the CLI process) goes in through
 * provide/inject under one key; each verdict comes back in its test's meta, and the run's
 * HTTP statistics and sampling notes in the meta of a last, sequential test.
 */
import type { OperationName } from "../../../contract/operations.js";
import type { CheckResult } from "../../model/RunReport.js";
import type { RunSettings, VerdictKey } from "../../model/RunSettings.js";
import type { RunStatistics } from "../../model/RunStatistics.js";

/** Key of the provided run. */
export const RUN_KEY = "cmsConformanceRun";

/** One selected verdict, by check id: the check itself (with its functions) cannot cross to the worker. */
export interface SelectedVerdict {
  readonly checkId: string;
  readonly operation: OperationName;
}

/** Everything the worker needs to run the checks: the settings and what to run. */
export interface ProvidedRun {
  readonly settings: RunSettings;
  /** The check × operation pairs to run, in report order, selected once by the CLI process. */
  readonly verdicts: readonly SelectedVerdict[];
}

/**
 * What the CLI provides: the run comes later, through the hand-over channel named (runHandOver.ts), so that
 * the worker loads the checks meanwhile. `vitest --project conformance` alone gets a ProvidedRun (globalSetup.ts).
 */
export interface RunToHandOver {
  readonly handOver: string;
  /**
   * The compiled tests (the path of dist/checks/registerConformanceTests.js), when the CLI runs
   * compiled: the worker imports them natively instead of the sources through vitest's module runner.
   */
  readonly compiledTests?: string;
}

declare module "vitest" {
  interface ProvidedContext {
    cmsConformanceRun: ProvidedRun | RunToHandOver;
  }
}

declare module "@vitest/runner" {
  interface TaskMeta {
    /** The verdict of one check on one operation. */
    cmsConformanceResult?: CheckResult;
    /** The pair of a check never started because --max-failures was reached. */
    cmsConformanceNotRun?: VerdictKey;
    /** The run's HTTP statistics and sampling notes (on the last test, which runs after every check). */
    cmsConformanceStatistics?: RunStatistics;
  }
}

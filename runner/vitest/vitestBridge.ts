/**
 * What crosses between the CLI process and the vitest worker that runs the checks:
 * the run (settings and the verdicts selected once, in the CLI process) goes in through
 * provide/inject under one key; each verdict comes back in its test's meta, and the run's
 * HTTP statistics and sampling notes in the meta of a last, sequential test.
 */
import type { OperationName } from "../../contract/operations.js";
import type { CheckResult } from "../report/model.js";
import type { RunSettings, VerdictKey } from "../settings/RunSettings.js";
import type { ExchangeLogSnapshot } from "../engine/ExchangeLog.js";

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

/** HTTP figures of a run and how its listings were sampled, measured in the worker. */
export interface RunStatistics {
  readonly requests: number;
  readonly retries429: number;
  readonly transportFailures: number;
  /** The lowest request rate the run paced itself down to after 429 answers, when it did. */
  readonly slowestRatePerSecond?: number;
  /** Why the run stopped early (the target stopped answering, or --max-run-time passed), when it did. */
  readonly stopped?: string;
  /** Response times in milliseconds, by operation path. */
  readonly durationsByPath: Record<string, number[]>;
  /** Listing walks cut at their page bound, one line per operation and kind (TargetSession.samplingNotes). */
  readonly sampling: string[];
  /** Every exchange of the run, when it keeps them (--format har). */
  readonly exchanges?: ExchangeLogSnapshot;
}

declare module "vitest" {
  interface ProvidedContext {
    cmsConformanceRun: ProvidedRun;
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

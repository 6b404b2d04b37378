/** How the planned checks get run: through vitest (the CLI) or in this process (self-tests, benchmarks). */
import type { PlannedCheck } from "../engine/CheckCatalogue.js";
import type { CheckResult } from "../model/RunReport.js";
import type { RunSettings, VerdictKey } from "../model/RunSettings.js";
import type { RunStatistics } from "../model/RunStatistics.js";

/** What an execution produced. */
export interface Execution {
  readonly results: readonly CheckResult[];
  readonly statistics?: RunStatistics;
  /** Errors outside any check (a module that failed to load). */
  readonly runErrors: readonly string[];
  /** Pairs never started because --max-failures was reached. */
  readonly notRun?: readonly VerdictKey[];
}

/**
 * Runs planned checks against the target of `settings`, reporting each verdict as it comes. Once
 * `signal` aborts (SIGINT, SIGTERM), it starts no other check and returns soon with what finished.
 */
export type CheckExecutor = (
  settings: RunSettings,
  planned: readonly PlannedCheck[],
  onResult: (result: CheckResult) => void,
  signal?: AbortSignal,
) => Promise<Execution>;

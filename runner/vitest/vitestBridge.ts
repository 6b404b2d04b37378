/**
 * What crosses between the CLI process and the vitest worker that runs the checks:
 * the settings go in through provide/inject; each verdict comes back in its test's meta,
 * and the run's HTTP statistics and sampling notes in the meta of a last, sequential test.
 */
import type { CheckResult } from "../report/model.js";
import type { RunSettings } from "../settings/RunSettings.js";

/** Key of the provided settings. */
export const SETTINGS_KEY = "cmsConformanceSettings";

/** HTTP figures of a run and how its listings were sampled, measured in the worker. */
export interface RunStatistics {
  readonly requests: number;
  readonly retries429: number;
  readonly transportFailures: number;
  /** Response times in milliseconds, by operation path. */
  readonly durationsByPath: Record<string, number[]>;
  /** Listing walks cut at their page bound, one line per operation and kind (TargetSession.samplingNotes). */
  readonly sampling: string[];
}

declare module "vitest" {
  interface ProvidedContext {
    cmsConformanceSettings: RunSettings;
  }
}

declare module "@vitest/runner" {
  interface TaskMeta {
    /** The verdict of one check on one operation. */
    cmsConformanceResult?: CheckResult;
    /** The run's HTTP statistics and sampling notes (on the last test, which runs after every check). */
    cmsConformanceStatistics?: RunStatistics;
  }
}

/** Runs the suite in this process against a reference server (or one of its faults), for verdict tests. */
import { executeInProcess } from "../../../checks/executeInProcess.js";
import type { RunReport } from "../../../runner/model/RunReport.js";
import { runConformance } from "../../../runner/runConformance.js";
import { resolveRunSettings, type RunConfigFile } from "../../../runner/settings/resolveRunSettings.js";
import { CHECK_CATALOGUE } from "../../../checks/checkCatalogue.js";

/** Runs every check (or `overrides.checks`) and returns the report. */
export async function runInProcess(layer: RunConfigFile, overrides: RunConfigFile = {}): Promise<RunReport> {
  const settings = resolveRunSettings([layer, { seed: 1, maxExamples: 10, ...overrides }]);
  return runConformance({ settings, catalogue: CHECK_CATALOGUE, executor: executeInProcess });
}

/** Runs the suite in this process against a reference server (or one of its faults), for verdict tests. */
import { ConsoleReporter } from "../../../reports/console/ConsoleReporter.js";
import { executeInProcess } from "../../../runner/execute/executeInProcess.js";
import type { RunReport } from "../../../runner/report/model.js";
import { runConformance } from "../../../runner/runConformance.js";
import { resolveRunSettings, type RunConfigFile } from "../../../runner/settings/resolveRunSettings.js";

/** Runs every check (or `overrides.checks`) and returns the report, writing no files. */
export async function runInProcess(layer: RunConfigFile, overrides: RunConfigFile = {}): Promise<RunReport> {
  const settings = resolveRunSettings([layer, { seed: 1, maxExamples: 10, ...overrides }]);
  const silent = new ConsoleReporter({ stream: { write: () => true }, color: false });
  const outcome = await runConformance({ settings, outDir: "unused", console: silent, executor: executeInProcess, writeFiles: false });
  return outcome.report;
}

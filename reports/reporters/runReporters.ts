/** The reporters of one run, called as one: each hook goes to every chosen format. */
import type { CheckResult } from "../../runner/model/RunReport.js";
import type { RunStartInfo } from "../console/ConsoleReporter.js";
import type { FinishedRun, Reporter, ReporterContext, WrittenReports } from "./Reporter.js";
import { reporterEntry, type ReporterName } from "./reporterRegistry.js";

/** The chosen formats' reporters, fanned out. */
export interface RunReporters {
  start(start: RunStartInfo): void;
  result(result: CheckResult): void;
  end(run: FinishedRun): void;
  /** Writes the files (in the registry's order), then the terminal's summary; returns the files' paths. */
  write(): Promise<WrittenReports>;
}

/** Creates the reporters of `names` (chosenFormats' order) with one context. */
export function createRunReporters(names: readonly ReporterName[], context: ReporterContext): RunReporters {
  const reporters: [ReporterName, Reporter][] = names.map((name) => [name, reporterEntry(name).create(context)]);
  const byOutput = (output: "terminal" | "file") => reporters.filter(([name]) => reporterEntry(name).output === output);
  return {
    start: (start) => reporters.forEach(([, reporter]) => reporter.start?.(start)),
    result: (result) => reporters.forEach(([, reporter]) => reporter.result?.(result)),
    end: (run) => reporters.forEach(([, reporter]) => reporter.end?.(run)),
    write: async () => {
      const written: Record<string, string> = {};
      for (const [name, reporter] of byOutput("file")) {
        const path = await reporter.write(written);
        if (path !== undefined) written[name] = path;
      }
      for (const [, reporter] of byOutput("terminal")) await reporter.write(written);
      return written;
    },
  };
}

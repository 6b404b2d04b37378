/** The console as a reporter: the progress while the checks run, then the summary and where the reports went. */
import { ConsoleReporter } from "../console/ConsoleReporter.js";
import type { RunReport } from "../../runner/model/RunReport.js";
import type { Reporter, ReporterContext } from "./Reporter.js";

/** The console reporter of a run, printing to the context's stream. */
export function consoleRunReporter(context: ReporterContext): Reporter {
  const console = new ConsoleReporter({ stream: context.stream, secrets: context.secrets() });
  let report: RunReport | undefined;
  return {
    start: (start) => console.onRunStart(start),
    result: (result) => {
      // Tokens obtained anew mid-run (--token-command) are never printed either.
      console.learnSecrets(context.secrets());
      console.onResult(result);
    },
    end: (run) => {
      report = run.report;
    },
    write: (written) => {
      console.learnSecrets(context.secrets());
      if (report) console.onRunEnd(report, written);
      return Promise.resolve(undefined);
    },
  };
}

/**
 * A report format that is one file in --out, rendered from the finished run. Its renderer is loaded when
 * the file is written: the writers are no part of the start-up before the first request.
 */
import { mkdir } from "node:fs/promises";
import { join } from "node:path";
import type { SecretInput } from "../../runner/http/redactSecrets.js";
import { writeReportFile } from "../writeReportFile.js";
import type { FinishedRun, Reporter, ReporterContext } from "./Reporter.js";

/** Renders a finished run as the file's text, every secret redacted; undefined when there is nothing to write. */
export type RenderFile = (run: FinishedRun, secrets: readonly SecretInput[]) => string | undefined;

/** The reporter that writes `fileName` with what `loadRenderer` gives, once the run has ended. */
export function fileReporter(
  fileName: string,
  loadRenderer: () => Promise<RenderFile>,
  context: ReporterContext,
): Reporter {
  let finished: FinishedRun | undefined;
  return {
    end: (run) => {
      finished = run;
    },
    write: async () => {
      if (!finished) return undefined;
      const text = (await loadRenderer())(finished, context.secrets());
      if (text === undefined) return undefined;
      await mkdir(context.outDir, { recursive: true });
      const file = join(context.outDir, fileName);
      await writeReportFile(file, text);
      return file;
    },
  };
}

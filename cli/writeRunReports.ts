/** Writes the report files of a run and, when asked for, its HAR file; a folder that cannot be written is one sentence. */
import type { ReportFormat } from "../reports/reportFileNames.js";
import type { WrittenReports } from "../reports/writeReports.js";
import type { ExchangeLogSnapshot } from "../runner/model/ExchangeLogSnapshot.js";
import type { RunReport } from "../runner/model/RunReport.js";
import type { SecretInput } from "../runner/http/redactSecrets.js";
import { UsageError } from "./io.js";

/** Where the reports go and what they hold. */
export interface ReportTargets {
  readonly outDir: string;
  readonly formats: readonly ReportFormat[];
  /** The exchanges for exchanges.har; none when har was not asked for. */
  readonly exchanges?: ExchangeLogSnapshot;
  readonly secrets: readonly SecretInput[];
}

function errorCode(error: unknown): string {
  return (error as NodeJS.ErrnoException).code ?? (error as Error).message;
}

/** Writes the reports; returns their paths by format. */
export async function writeRunReports(
  report: RunReport,
  targets: ReportTargets,
): Promise<WrittenReports & { har?: string }> {
  const { outDir, formats, exchanges, secrets } = targets;
  // The writers are loaded once the run is over: they are no part of the start-up before the first request.
  const [{ writeReports }, { writeHarFile }] = await Promise.all([
    import("../reports/writeReports.js"),
    import("../reports/har/writeHarFile.js"),
  ]);
  try {
    const meta = {
      creatorVersion: report.meta.suiteVersion,
      seed: report.meta.seed,
      baseUrl: report.meta.target.baseUrl,
    };
    return {
      ...(await writeReports(report, { outDir, formats, secrets })),
      ...(exchanges ? { har: await writeHarFile(exchanges, meta, { outDir, secrets }) } : {}),
    };
  } catch (error) {
    throw new UsageError(
      `cannot write the reports into ${outDir} (${errorCode(error)}); give a folder you can write to with --out`,
    );
  }
}

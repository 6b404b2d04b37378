/**
 * Writes a run's report folder: report.json, junit.xml and index.html. Each reporter redacts the
 * report's data before it renders it (reports/redactReport.ts), every string by its rule.
 */
import { mkdir } from "node:fs/promises";
import { writeReportFile } from "./writeReportFile.js";
import { join } from "node:path";
import type { RunReport } from "../runner/model/RunReport.js";
import { renderJsonReport } from "./writeJsonReport.js";
import { renderJunitReport } from "./writeJunitReport.js";
import { renderHtmlReport } from "./html/renderHtmlReport.js";
import type { SecretInput } from "../runner/http/redactSecrets.js";
import { REPORT_FILE_NAMES, type ReportFormat } from "./reportFileNames.js";

/** Options of writeReports. */
export interface WriteReportsOptions {
  /** The folder to create and write into. */
  readonly outDir: string;
  /** Formats to write (default all three). */
  readonly formats?: readonly ReportFormat[];
  /** Secrets never to write: { value, placeholder } pairs, or bare values shown as [REDACTED]. */
  readonly secrets?: readonly SecretInput[];
}

/** Paths of the files written, by format. */
export interface WrittenReports {
  json?: string;
  junit?: string;
  html?: string;
}

const RENDERERS: Readonly<Record<ReportFormat, (report: RunReport, secrets: readonly SecretInput[]) => string>> = {
  json: (report, secrets) => renderJsonReport(report, secrets),
  junit: (report, secrets) => renderJunitReport(report, { secrets }),
  html: (report, secrets) => renderHtmlReport(report, { secrets }),
};

/** Creates `outDir`, writes each requested format, and returns the paths written. */
export async function writeReports(report: RunReport, options: WriteReportsOptions): Promise<WrittenReports> {
  const formats = [...new Set(options.formats ?? (["json", "junit", "html"] as const))];
  const secrets = options.secrets ?? [];
  await mkdir(options.outDir, { recursive: true });
  const written: WrittenReports = {};
  for (const format of formats) {
    const file = join(options.outDir, REPORT_FILE_NAMES[format]);
    await writeReportFile(file, RENDERERS[format](report, secrets));
    written[format] = file;
  }
  return written;
}

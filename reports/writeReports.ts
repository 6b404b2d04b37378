/**
 * Writes the report files of a finished run (report.json, junit.xml, index.html) through their
 * reporters of the registry; `cms-conformance merge` writes a merged report this way. Each reporter
 * redacts the report's data before it renders it (reports/redactReport.ts), every string by its rule.
 */
import type { RunReport } from "../runner/model/RunReport.js";
import type { SecretInput } from "../runner/http/redactSecrets.js";
import { createRunReporters } from "./reporters/runReporters.js";

/** A format written from the report alone. */
export type ReportFormat = "json" | "junit" | "html";

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
export type WrittenReports = Partial<Record<ReportFormat, string>>;

const EVERY_FORMAT: readonly ReportFormat[] = ["json", "junit", "html"];

/** Creates `outDir`, writes each requested format, and returns the paths written. */
export async function writeReports(report: RunReport, options: WriteReportsOptions): Promise<WrittenReports> {
  const asked = new Set(options.formats ?? EVERY_FORMAT);
  const secrets = options.secrets ?? [];
  const reporters = createRunReporters(
    EVERY_FORMAT.filter((format) => asked.has(format)),
    // No terminal format is among them: nothing is printed.
    { outDir: options.outDir, secrets: () => secrets, stream: { write: () => true } },
  );
  reporters.end({ report });
  return (await reporters.write()) as WrittenReports;
}

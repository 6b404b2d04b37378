/** Writes index.html, the self-contained HTML report. */
import { mkdir, writeFile } from "node:fs/promises";
import { dirname } from "node:path";
import type { RunReport } from "../../runner/report/model.js";
import { renderHtmlReport, type HtmlReportOptions } from "./renderHtmlReport.js";

/** Options of writeHtmlReport: where, plus the rendering options. */
export interface HtmlReportFileOptions extends HtmlReportOptions {
  /** Where to write index.html. */
  readonly file: string;
}

/** Writes index.html (creating its folder) and returns its path. */
export async function writeHtmlReport(report: RunReport, options: HtmlReportFileOptions): Promise<string> {
  await mkdir(dirname(options.file), { recursive: true });
  await writeFile(options.file, renderHtmlReport(report, options), "utf8");
  return options.file;
}

/**
 * The names of the files a run writes into --out: known before the run (to check the folder and clear
 * stale reports) without loading the writers themselves, which are loaded once the run is over.
 */

/** A report format and the file it is written to. */
export type ReportFormat = "json" | "junit" | "html";

/** File name of each format inside the output folder. */
export const REPORT_FILE_NAMES: Readonly<Record<ReportFormat, string>> = {
  json: "report.json",
  junit: "junit.xml",
  html: "index.html",
};

/** The HAR file of every exchange (--format har). */
export const HAR_FILE_NAME = "exchanges.har";

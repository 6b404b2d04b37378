/**
 * Where a run's reports go, learned as the run reads its options (issue 41.3): every exit that writes no new
 * report (a usage error, nothing to re-run, a refused target) removes the reports an earlier run left there,
 * so none is mistaken for this run's.
 */
import { lstatSync } from "node:fs";
import { join, resolve } from "node:path";
import { REPORTER_NAMES, reportFilesOf } from "../reports/reporters/reporterRegistry.js";
import { removeStaleReports } from "./removeStaleReports.js";

/** Every file a run may write into --out. */
export const EVERY_REPORT_FILE: readonly string[] = reportFilesOf(REPORTER_NAMES);

/** The value of the last --out in `argv` (--out DIR or --out=DIR), read without the parser (which may have refused `argv`). */
export function outOfArgv(argv: readonly string[]): string | undefined {
  let out: string | undefined;
  argv.forEach((word, index) => {
    if (word === "--out") out = argv[index + 1] ?? out;
    else if (word.startsWith("--out=")) out = word.slice("--out=".length);
  });
  return out;
}

function isRegularFile(path: string): boolean {
  try {
    return lstatSync(path).isFile();
  } catch {
    return false;
  }
}

/** The report folder as far as it is known, and what removes an earlier run's reports from it. */
export class StaleReportGuard {
  private folder: string;

  constructor(initial: string) {
    this.folder = initial;
  }

  /** The report folder is now known to be `folder` (the config file's, or the merged settings'). */
  learn(folder: string | undefined): void {
    if (folder !== undefined && folder !== "") this.folder = folder;
  }

  /**
   * Removes the earlier run's reports from the folder (a --rerun-failed report among them has been read
   * already); a link at a report's name is the user's, refused by prepareOutFolder, and stays.
   */
  removeStale(): void {
    const folder = resolve(this.folder);
    const files = EVERY_REPORT_FILE.filter((name) => isRegularFile(join(folder, name)));
    removeStaleReports(folder, files);
  }
}

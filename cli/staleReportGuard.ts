/**
 * Where a run's reports go, learned as the run reads its options (issue 41.3): every exit that writes no new
 * report (a usage error, nothing to re-run, a refused target) removes the reports an earlier run left there,
 * so none is mistaken for this run's. Only reports this suite wrote are removed (issue 50.3): a user's file of
 * a report's name stays, and so does a file the run reads (--rerun-failed DIR --out DIR) and every report of a
 * folder another live run holds. While the folder is not known (a config file that may name it is unread or
 * wrong), nothing is removed.
 */
import { lstatSync } from "node:fs";
import { join, resolve } from "node:path";
import { REPORTER_NAMES, reportFilesOf } from "../reports/reporters/reporterRegistry.js";
import { isSuiteReport } from "./isSuiteReport.js";
import { otherLockHolder } from "./outFolderLock.js";
import { removeStaleReports } from "./removeStaleReports.js";

/** Every file a run may write into --out. */
const EVERY_REPORT_FILE: readonly string[] = reportFilesOf(REPORTER_NAMES);

/**
 * The value of --out in `argv` (--out DIR or --out=DIR), read without the parser (which may have refused `argv`);
 * undefined when none is given, or when two differ (which one the user meant is not known).
 */
export function outOfArgv(argv: readonly string[]): string | undefined {
  const given = new Set<string>();
  argv.forEach((word, index) => {
    const next = argv[index + 1];
    if (word === "--out" && next !== undefined) given.add(next);
    else if (word.startsWith("--out=")) given.add(word.slice("--out=".length));
  });
  return given.size === 1 ? [...given][0] : undefined;
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
  private folder: string | undefined;
  private readonly kept = new Set<string>();

  /** `initial`: the folder as far as the command line says; undefined while it is not known. */
  constructor(initial: string | undefined) {
    this.folder = initial;
  }

  /** The report folder is now known to be `folder` (the config file's, or the merged settings'). */
  learn(folder: string | undefined): void {
    if (folder !== undefined && folder !== "") this.folder = folder;
  }

  /** The report folder is not known after all (two differ, a config file names it wrongly): nothing is removed. */
  forget(): void {
    this.folder = undefined;
  }

  /** `path` is an input of the run (the report --rerun-failed reads): never removed. */
  keep(path: string): void {
    this.kept.add(resolve(path));
  }

  /**
   * Removes the earlier run's reports from the folder: regular files this suite wrote, but the run's inputs, and
   * none while another live run holds the folder; a link at a report's name is the user's, refused by
   * prepareOutFolder, and stays. Returns the names removed.
   */
  removeStale(): string[] {
    if (this.folder === undefined) return [];
    const folder = resolve(this.folder);
    if (otherLockHolder(folder) !== undefined) return [];
    const files = EVERY_REPORT_FILE.filter((name) => {
      const path = join(folder, name);
      return !this.kept.has(path) && isRegularFile(path) && isSuiteReport(path, name);
    });
    return removeStaleReports(folder, files);
  }
}

/**
 * A file of a report's name in --out that this suite did not write is the user's (issue 50.3): the run would
 * write over it, so it is refused (exit 2) before the first request, naming the file.
 */
import { existsSync } from "node:fs";
import { join } from "node:path";
import { UsageError } from "./io.js";
import { isSuiteReport } from "./isSuiteReport.js";

/** Refuses a file at one of `fileNames` in `folder` that is no report of this suite. */
export function refuseForeignFiles(folder: string, fileNames: readonly string[]): void {
  for (const name of fileNames) {
    const path = join(folder, name);
    if (existsSync(path) && !isSuiteReport(path, name))
      throw new UsageError(
        `${path} is not a report of cms-conformance (a file of yours?), and this run would write over it; move it, ` +
          `or give the run another --out`,
      );
  }
}

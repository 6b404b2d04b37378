/**
 * Removes the report files an earlier run left in --out, before this run starts: a run that is
 * cancelled or refused must not leave a previous run's report.json or junit.xml looking current
 * (a CI step that uploads the folder `if: always()` would publish the earlier PASS).
 */
import { lstatSync, unlinkSync } from "node:fs";
import { join } from "node:path";

/** Unlinks each named file of `folder` that exists (a link is removed, never followed); returns the names removed. */
export function removeStaleReports(folder: string, fileNames: readonly string[]): string[] {
  return fileNames.filter((name) => {
    const path = join(folder, name);
    try {
      const entry = lstatSync(path);
      if (!entry.isFile() && !entry.isSymbolicLink()) return false;
      unlinkSync(path);
      return true;
    } catch {
      return false;
    }
  });
}

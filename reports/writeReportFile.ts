/**
 * Writes one report file without following a link (issue 24.2): another local user who can write
 * into --out could plant a symbolic link named report.json that points at any file the run can
 * write. The text goes to a new temporary file in the same folder (created exclusively, so no
 * existing path or link is opened), which is then renamed over the report's name: a rename replaces
 * a link itself and never writes through it. (cli/prepareOutFolder.ts refuses a link at a report's
 * name before the run, with a sentence; a link planted during the run is simply replaced.)
 */
import { randomBytes } from "node:crypto";
import { rename, rm, writeFile } from "node:fs/promises";
import { basename, dirname, join } from "node:path";

/** Writes `text` to `file` through a temporary file and a rename. */
export async function writeReportFile(file: string, text: string): Promise<void> {
  const temporary = join(dirname(file), `.${basename(file)}.${process.pid}.${randomBytes(6).toString("hex")}.tmp`);
  try {
    await writeFile(temporary, text, { encoding: "utf8", flag: "wx", mode: 0o644 });
    await rename(temporary, file);
  } catch (error) {
    await rm(temporary, { force: true });
    throw error;
  }
}

/**
 * Makes sure the report folder can be written before the first request is sent: a run that ends
 * in a stack trace after minutes of work, because --out names a file or a read-only place, wastes
 * the run.
 */
import { existsSync, lstatSync, mkdirSync, statSync, unlinkSync, writeFileSync } from "node:fs";
import { dirname, join, resolve } from "node:path";
import { UsageError } from "./io.js";

function code(error: unknown): string {
  return (error as NodeJS.ErrnoException).code ?? "error";
}

/** Creates the folder if needed and proves it writable; returns its absolute path or throws UsageError. */
export function prepareOutFolder(path: string, fileNames: readonly string[]): string {
  const folder = resolve(path);
  const fix = "give a folder you can write to with --out";
  // Missing levels are made one at a time: mkdir's recursive mode loops forever under /proc (Node 20).
  const missing: string[] = [];
  let existing = folder;
  while (!existsSync(existing)) {
    missing.unshift(existing);
    const parent = dirname(existing);
    if (parent === existing) break;
    existing = parent;
  }
  if (existsSync(existing) && !statSync(existing).isDirectory()) {
    throw new UsageError(
      existing === folder
        ? `the report folder ${path} is a file, not a folder; ${fix}`
        : `the report folder ${path} cannot be made: ${existing} is a file; ${fix}`,
    );
  }
  try {
    for (const level of missing) mkdirSync(level);
  } catch (error) {
    throw new UsageError(`cannot create the report folder ${path} (${code(error)}); ${fix}`);
  }
  for (const name of fileNames) {
    const file = join(folder, name);
    // lstat: a link at a report's name is refused, wherever it points (the suite never writes through one).
    const stats = lstatSync(file, { throwIfNoEntry: false });
    if (stats?.isSymbolicLink())
      throw new UsageError(
        `${file} is a symbolic link; the suite writes no report through a link: remove it, or ${fix}`,
      );
    if (stats && !stats.isFile())
      throw new UsageError(`${file} is in the way of a report: it exists and is not a file; ${fix}, or move it`);
  }
  const probe = join(folder, `.cms-conformance-write-test-${process.pid}`);
  try {
    writeFileSync(probe, "", { flag: "wx" });
    unlinkSync(probe);
  } catch (error) {
    throw new UsageError(`cannot write into the report folder ${path} (${code(error)}); ${fix}`);
  }
  return folder;
}

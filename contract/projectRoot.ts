/**
 * The folder that holds the suite's package.json, schemas/ and the data files beside the sources. The
 * same modules run from their TypeScript sources (through tsx or vitest) and from the compiled copy in
 * dist/ (scripts/build.mjs), one folder deeper; a path written relative to a module would differ between
 * the two, a path from this folder does not.
 */
import { existsSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";

function findRoot(start: string): string {
  let folder = start;
  for (let depth = 0; depth < 4; depth += 1) {
    if (existsSync(join(folder, "package.json")) && existsSync(join(folder, "schemas"))) return folder;
    folder = dirname(folder);
  }
  throw new Error(`cms-conformance cannot find its package folder above ${start}`);
}

/** The package folder, without a trailing separator. */
export const PROJECT_ROOT = findRoot(dirname(fileURLToPath(import.meta.url)));

/** A path inside the package folder, given as its parts ("contract", "spec-statements.json"). */
export const fromProjectRoot = (...parts: readonly string[]): string => join(PROJECT_ROOT, ...parts);

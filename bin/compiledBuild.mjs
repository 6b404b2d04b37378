/**
 * Whether dist/ (scripts/build.mjs) may run: its manifest exists and every source it was compiled from
 * still has the modification time it had then. A changed, moved or deleted source makes it stale; a new
 * source only matters once an existing one imports it, which changes that one. About 300 stats: a few ms.
 */
import { readFileSync, statSync } from "node:fs";
import { join } from "node:path";

/** The compiled CLI's URL under `root` when dist/ is current, or undefined (run the sources through tsx). */
export function compiledEntry(root) {
  let manifest;
  try {
    manifest = JSON.parse(readFileSync(join(root, "dist", "build-manifest.json"), "utf8"));
  } catch {
    return undefined;
  }
  const files = manifest?.files;
  if (typeof files !== "object" || files === null || !("cli/main.ts" in files)) return undefined;
  for (const [file, mtimeMs] of Object.entries(files)) {
    const stats = statSync(join(root, file), { throwIfNoEntry: false });
    if (stats?.mtimeMs !== mtimeMs) return undefined;
  }
  return new URL(`file://${join(root, "dist", "cli", "main.js")}`);
}

/**
 * Compiles the TypeScript into dist/ (tsc, same tsconfig, same layout one folder deeper) and writes
 * dist/build-manifest.json: every source file compiled, with its modification time when the build began.
 * The bin runs dist/ only while every file of the manifest is unchanged (bin/compiledBuild.mjs), and
 * the sources through tsx otherwise, so an edited or pulled source is never run stale (issue 28.3:
 * tsx's loader costs about 0.45 s of CPU at every start). Run by `npm install` / `npm ci` (prepare) and
 * by `npm test`'s static checks, whose type check it is. Incremental (dist/tsconfig.tsbuildinfo): a build
 * after an edit checks and emits again only what the edit can affect.
 */
import { spawn } from "node:child_process";
import { mkdirSync, readdirSync, rmSync, statSync, writeFileSync } from "node:fs";
import { join, relative } from "node:path";
import { fileURLToPath } from "node:url";

const ROOT = fileURLToPath(new URL("..", import.meta.url));
const DIST = join(ROOT, "dist");

/** The .ts files under `path` (a folder or a file of tsconfig's include), .d.ts left out. */
function sources(path) {
  const stats = statSync(path, { throwIfNoEntry: false });
  if (stats === undefined) return [];
  if (stats.isFile()) return path.endsWith(".ts") && !path.endsWith(".d.ts") ? [path] : [];
  return readdirSync(path, { withFileTypes: true }).flatMap((entry) =>
    entry.name === "node_modules" ? [] : sources(join(path, entry.name)),
  );
}

/** What the compiled CLI can load: tsconfig's include but the self-tests, scripts, bench and configs, whose edits leave it current. */
const PRODUCT = ["cli", "contract", "generators", "reference", "reports", "runner", "checks", "tests/conformance"];

// Times taken before compiling: a file saved during the build reads as changed afterwards.
const files = Object.fromEntries(
  PRODUCT.flatMap((path) => sources(join(ROOT, path))).map((file) => [relative(ROOT, file), statSync(file).mtimeMs]),
);

rmSync(join(DIST, "build-manifest.json"), { force: true });
const tsc = join(ROOT, "node_modules", "typescript", "bin", "tsc");
const code = await new Promise((resolve) => {
  const child = spawn(process.execPath, [tsc, "-p", ROOT, "--noEmit", "false", "--outDir", DIST, "--incremental"], {
    stdio: "inherit",
  });
  child.on("error", () => resolve(1));
  child.on("close", (exit) => resolve(exit ?? 1));
});
if (code === 0) {
  mkdirSync(DIST, { recursive: true });
  writeFileSync(join(DIST, "build-manifest.json"), `${JSON.stringify({ files }, null, 1)}\n`);
}
process.exitCode = code;

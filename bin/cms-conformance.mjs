#!/usr/bin/env -S node --max-semi-space-size=4
// --max-semi-space-size=4 (MiB of V8's young generation; package.json's start script and the bench give it too):
// the run allocates many short-lived objects. The default young generation grew to tens of MiB in each of its two
// threads (peak RSS 289 MiB); 1 MiB kept RSS down but scavenged about 400 times a default run, each scavenge copying
// the checks' objects in flight; 4 MiB scavenges a quarter as often for the same peak RSS (issue 28, BENCHMARKS.md).
// Entry point: runs the compiled CLI in dist/ while it is current (scripts/build.mjs, run by npm install and
// npm test), and the TypeScript sources through tsx otherwise, so an edited source is never run stale.
import { fileURLToPath } from "node:url";
import { setFlagsFromString } from "node:v8";
import { compiledEntry } from "./compiledBuild.mjs";

// Started as `node bin/cms-conformance.mjs` without the flag: set it now, for the heaps made from here on.
if (!process.execArgv.some((option) => option.startsWith("--max-semi-space-size")))
  setFlagsFromString("--max-semi-space-size=4");

// `run` needs vitest's Node API, which is plain JavaScript: loaded before tsx's hooks exist,
// its hundreds of modules skip the hooks' round trips (about 0.6 s of CPU; see BENCHMARKS.md).
if (process.argv[2] === "run") await import("vitest/node");

const compiled = compiledEntry(fileURLToPath(new URL("..", import.meta.url)));
if (compiled === undefined) (await import("tsx/esm/api")).register();
const args = process.argv.slice(2);
// `run` from the compiled CLI: vitest and its worker start now and load the checks while the CLI reads its
// configuration and asks the target; the run is handed over once known (issue 28.4). A run that stops
// before its checks (a usage mistake, a target that does not answer) ends them unused. Should vitest fail
// to start here, the run starts it again when its checks begin, and that failure is reported there.
const startsRun = compiled !== undefined && args[0] === "run" && !args.includes("--help") && !args.includes("-h");
const vitestExecutor = startsRun
  ? await import(new URL("../runner/execute/executeWithVitest.js", compiled).href)
  : undefined;
const early = await vitestExecutor?.startVitestExecutor().catch(() => undefined);
const { main } = await import(compiled?.href ?? "../cli/main.ts");
let exitCode;
try {
  exitCode = await main(args, undefined, undefined, early ? { executor: early.execute } : {});
} finally {
  await early?.dispose();
}
// Set after vitest ended: the executor puts back the exit code it found when it started vitest, which vitest's
// own run changes (failed tests, a file without tests).
process.exitCode = exitCode;
// A run stopped by SIGINT or SIGTERM (130, 143) has written its reports: checks still under way in
// the vitest worker would otherwise keep the process alive until they end.
if (process.exitCode >= 128) process.exit();

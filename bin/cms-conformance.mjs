#!/usr/bin/env node
// Entry point: runs the TypeScript CLI through tsx, so there is no build step to remember.
import { register } from "tsx/esm/api";

// `run` needs vitest's Node API, which is plain JavaScript: loaded before tsx's hooks exist,
// its hundreds of modules skip the hooks' round trips (about 0.6 s of CPU; see BENCHMARKS.md).
if (process.argv[2] === "run") await import("vitest/node");

register();
const { main } = await import("../cli/main.ts");
process.exitCode = await main(process.argv.slice(2));
// A run stopped by SIGINT or SIGTERM (130, 143) has written its reports: checks still under way in
// the vitest worker would otherwise keep the process alive until they end.
if (process.exitCode >= 128) process.exit();

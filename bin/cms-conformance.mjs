#!/usr/bin/env node
// Entry point: runs the TypeScript CLI through tsx, so there is no build step to remember.
import { register } from "tsx/esm/api";

register();
const { main } = await import("../cli/main.ts");
process.exitCode = await main(process.argv.slice(2));

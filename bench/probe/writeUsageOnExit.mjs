// Preloaded into the measured suite process (node --import): on exit, writes the process's
// resource usage (all threads) to $CMS_BENCH_USAGE_FILE, so the benchmark can read peak memory.
import { writeFileSync } from "node:fs";

const file = process.env.CMS_BENCH_USAGE_FILE;
if (file) process.on("exit", () => writeFileSync(file, JSON.stringify(process.resourceUsage())));

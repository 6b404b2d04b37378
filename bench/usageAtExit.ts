/** What probe/writeUsageOnExit.mjs writes when a measured process exits, and the CPU by thread it tells. */
import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import type { ThreadsCpuMs } from "./BenchmarkResults.js";

/** The probe to preload (`node --import`); it writes to $CMS_BENCH_USAGE_FILE. */
export const USAGE_PROBE = fileURLToPath(new URL("./probe/writeUsageOnExit.mjs", import.meta.url));

/** The process's resource usage at exit, and the CPU of the threads still alive then (when /proc tells). */
export interface UsageAtExit {
  readonly usage: NodeJS.ResourceUsage;
  readonly live?: { readonly main: number; readonly other: number };
}

/** Reads what the probe wrote to `file`. */
export function readUsageAtExit(file: string): UsageAtExit {
  return JSON.parse(readFileSync(file, "utf8")) as UsageAtExit;
}

/**
 * A process's CPU by thread: the threads alive at exit, and as "worker" the rest of the process's CPU
 * (the threads that ended before it: the suite's checks' worker; in the bare loop, next to nothing).
 */
export function splitByThread(usage: NodeJS.ResourceUsage, live: NonNullable<UsageAtExit["live"]>): ThreadsCpuMs {
  const totalMs = (usage.userCPUTime + usage.systemCPUTime) / 1000;
  return { main: live.main, worker: Math.max(0, totalMs - live.main - live.other), other: live.other };
}

/** A process's CPU (the suite's or the bare loop's) split into a fixed cost and a cost per request for each of its threads. */
import type { CostByThread, MeasuredRun, ThreadsCpuMs } from "./BenchmarkResults.js";
import { linearCost } from "./linearCost.js";

/** Each thread's line through the two runs; undefined unless both could tell their threads apart. */
export function costByThread(few: MeasuredRun, full: MeasuredRun): CostByThread | undefined {
  const a = few.threadsCpuMs;
  const b = full.threadsCpuMs;
  if (a === undefined || b === undefined) return undefined;
  const of = (thread: keyof ThreadsCpuMs) =>
    linearCost({ requests: few.requests, cpuMs: a[thread] }, { requests: full.requests, cpuMs: b[thread] });
  return { main: of("main"), worker: of("worker"), other: of("other") };
}

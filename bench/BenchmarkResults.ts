/** Everything one `npm run bench` measured, as the table and BENCHMARKS.md show it. */
import type { LinearCost } from "./linearCost.js";
import type { MachineInfo } from "./machineInfo.js";

/**
 * CPU by thread: the main thread, the checks' vitest worker, and every other thread (V8's helpers: its optimising
 * compiler and parts of its garbage collector; libuv's pool).
 */
export interface ThreadsCpuMs {
  readonly main: number;
  readonly worker: number;
  readonly other: number;
}

/** A fixed cost and a cost per request for each thread. */
export type CostByThread = { readonly [thread in keyof ThreadsCpuMs]: LinearCost };

/** Medians over the repeats of one kind of run. */
export interface MeasuredRun {
  readonly label: string;
  readonly requests: number;
  readonly wallMs: number;
  readonly cpuMs: number;
  /** The suite's CPU by thread, where /proc tells (the median of each thread over the repeats). */
  readonly threadsCpuMs?: ThreadsCpuMs;
  /** CPU of the reference server while the run lasted. */
  readonly serverCpuMs: number;
  readonly peakRssBytes?: number;
  readonly startup?: StartupFigures;
}

/** From spawning the suite to its checks' first request. */
export interface StartupFigures {
  readonly wallMs: number;
  readonly cpuMs: number;
  /** That CPU by thread, where /proc tells: the main thread, the checks' vitest worker, every other thread. */
  readonly threadsCpuMs?: ThreadsCpuMs;
}

/** One run against a data set of a given size. */
export interface ScaleRun extends MeasuredRun {
  readonly widgets: number;
  /** e.g. "102 passed, 2 skipped". */
  readonly verdicts: string;
  readonly sampling: readonly string[];
}

/** The thresholds of the issue and whether they were met. */
export interface TargetVerdict {
  readonly target: string;
  readonly measured: string;
  readonly met: boolean;
}

export interface BenchmarkResults {
  readonly measuredAt: string;
  readonly machine: MachineInfo;
  readonly repeats: number;
  readonly seed: number;
  readonly concurrency: number;
  readonly suiteDefault: MeasuredRun;
  readonly suiteFew: MeasuredRun;
  readonly bareDefault: MeasuredRun;
  readonly bareFew: MeasuredRun;
  readonly suiteCost: LinearCost;
  /** The suite's cost split by thread, when every suite run could tell its threads apart. */
  readonly suiteCostByThread?: CostByThread;
  readonly bareCost: LinearCost;
  /** The bare loop's cost split by thread (its "worker" is the threads that ended before it: next to nothing). */
  readonly bareCostByThread?: CostByThread;
  /** `--steady N`: the cost per request from the default run to a run of N examples, past most of V8's warm-up. */
  readonly steady?: SteadyCost;
  readonly targets: readonly TargetVerdict[];
  readonly scale: readonly ScaleRun[];
}

/** The line from the default run to a larger one, for the suite and for the bare loop replaying each. */
export interface SteadyCost {
  readonly examples: number;
  readonly suiteMany: MeasuredRun;
  readonly bareMany: MeasuredRun;
  readonly suiteCost: LinearCost;
  readonly bareCost: LinearCost;
  /** The suite's line by thread, when its runs could tell their threads apart. */
  readonly suiteCostByThread?: CostByThread;
}

/** Everything one `npm run bench` measured, as the table and BENCHMARKS.md show it. */
import type { LinearCost } from "./linearCost.js";
import type { MachineInfo } from "./machineInfo.js";

/** Medians over the repeats of one kind of run. */
export interface MeasuredRun {
  readonly label: string;
  readonly requests: number;
  readonly wallMs: number;
  readonly cpuMs: number;
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
  readonly threadsCpuMs?: { readonly main: number; readonly worker: number; readonly other: number };
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
  readonly bareCost: LinearCost;
  readonly targets: readonly TargetVerdict[];
  readonly scale: readonly ScaleRun[];
}

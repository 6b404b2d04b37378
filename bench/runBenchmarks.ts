/**
 * `npm run bench`: measures the suite against the reference server (in its own process),
 * beside a bare undici loop sending the same requests, and at three data-set sizes; prints
 * the tables and writes them into BENCHMARKS.md. Linux only (CPU time comes from /proc).
 */
import { existsSync, readFileSync, writeFileSync } from "node:fs";
import { resolve } from "node:path";
import { parseArgs } from "node:util";
import { RUN_DEFAULTS } from "../runner/model/RunSettings.js";
import type {
  BenchmarkResults,
  MeasuredRun,
  ScaleRun,
  StartupFigures,
  SteadyCost,
  TargetVerdict,
  ThreadsCpuMs,
} from "./BenchmarkResults.js";
import { costByThread } from "./costByThread.js";
import { linearCost, median } from "./linearCost.js";
import { machineInfo } from "./machineInfo.js";
import { profileRun } from "./profileRun.js";
import { progress } from "./progress.js";
import { readProcessCpu } from "./readProcessCpu.js";
import { renderBenchmarkMarkdown, replaceGeneratedBlock } from "./renderBenchmarkMarkdown.js";
import { runBareLoopProcess } from "./runBareLoopProcess.js";
import { runSuiteProcess, type SuiteRunFigures } from "./runSuiteProcess.js";
import { spawnReferenceServer, type ReferenceServerProcess } from "./spawnReferenceServer.js";

const HELP = `Usage: npm run bench -- [options]

Starts the reference server in its own process on loopback and measures, side by side:
  the suite's default run and a run with few examples (wall time, HTTP requests, requests
  per second, CPU of every thread and helper process, peak memory, start-up to the first
  check request); a bare undici loop replaying exactly the requests of each run; the split
  of CPU into a fixed cost and a cost per request (the difference of the two runs); and
  default runs against data sets of several sizes. Prints the tables and writes them into
  BENCHMARKS.md between its bench markers. Needs Linux (/proc) and about two minutes.

Options:
  --repeat N        runs of each kind; medians are shown (default 3)
  --few-examples N  --max-examples of the small run (default 5)
  --scale LIST      widget counts of the scale runs, comma-separated (default 10,1000,100000)
  --steady N        also runs the suite with --max-examples N (more than the default's 100), and the
                    bare loop replaying it: the cost per request from the default run to that one,
                    past most of V8's warm-up (its compiler's work on code that turns hot), is
                    printed beside the target's figure; the target is still judged on the latter
  --seed N          seed of every run (default 1)
  --out FILE        the Markdown file to update (default BENCHMARKS.md)
  --profile         instead of the measurements: one default run with a CPU profile of its main
                    thread and of the checks' worker (written to --profile-dir), summarised as
                    "where the time goes" (by part of the product and by function) in BENCHMARKS.md,
                    and after each of --repeat profiled default runs one of --few-examples: the
                    median difference, by part, is the CPU per extra request; with --steady N, the
                    second run of each pair is one of N examples instead (the cost per request past
                    the default run, printed only; the profiles go in <profile-dir>/steady)
  --profile-dir DIR where the .cpuprofile files go (default bench/profiles; open them in Chrome
                    DevTools' Performance panel or speedscope)
  --node-flags "F"  try Node or V8 flags on the suite's process besides the bin's own (e.g.
                    "--no-opt"); the figures are printed only, never written to the file
  --no-write        print only
  -h, --help        show this help
`;

/** Issue 8's targets, with issue 28's tighter start-up and its memory bound. */
const TARGETS = {
  minRequests: 2_000,
  maxWallMs: 10_000,
  maxMarginalRatio: 1.5,
  maxStartupCpuMs: 1_000,
  maxPeakRssMiB: 250,
} as const;

function positiveInteger(name: string, value: string): number {
  if (!/^\d+$/.test(value) || Number(value) < 1)
    throw new Error(`--${name} takes a whole number ≥ 1, not ${JSON.stringify(value)}`);
  return Number(value);
}

function serverCpuMs(server: ReferenceServerProcess): number {
  return readProcessCpu(server.pid)?.ownMs ?? Number.NaN;
}

/** `--node-flags`: flags to try on the suite's process (the figures are then printed, not written). */
let triedNodeFlags: readonly string[] = [];

/** One suite run with the server's CPU meanwhile. */
async function measuredSuiteRun(
  server: ReferenceServerProcess,
  seed: number,
  maxExamples?: number,
  timeout?: string,
): Promise<SuiteRunFigures & { serverCpuMs: number }> {
  const before = serverCpuMs(server);
  const figures = await runSuiteProcess(server, {
    seed,
    ...(maxExamples === undefined ? {} : { maxExamples }),
    ...(timeout === undefined ? {} : { timeout }),
    ...(triedNodeFlags.length > 0 ? { nodeFlags: triedNodeFlags } : {}),
  });
  if (figures.verdict !== "pass")
    throw new Error("the suite failed the reference server; benchmark figures of a failing run would mislead");
  return { ...figures, serverCpuMs: serverCpuMs(server) - before };
}

/** The median of each thread's CPU, when every run could tell its threads apart. */
function medianThreads(splits: readonly (ThreadsCpuMs | undefined)[]): { threadsCpuMs?: ThreadsCpuMs } {
  const known = splits.flatMap((split) => (split ? [split] : []));
  if (known.length === 0 || known.length !== splits.length) return {};
  return {
    threadsCpuMs: {
      main: median(known.map((split) => split.main)),
      worker: median(known.map((split) => split.worker)),
      other: median(known.map((split) => split.other)),
    },
  };
}

/** The median start-up, and the median of each thread's share where every run could tell it. */
function medianStartup(startups: readonly StartupFigures[]): StartupFigures {
  return {
    wallMs: median(startups.map((startup) => startup.wallMs)),
    cpuMs: median(startups.map((startup) => startup.cpuMs)),
    ...medianThreads(startups.map((startup) => startup.threadsCpuMs)),
  };
}

function medianOfSuiteRuns(label: string, runs: readonly (SuiteRunFigures & { serverCpuMs: number })[]): MeasuredRun {
  const startups = runs.flatMap((run) => (run.startup ? [run.startup] : []));
  return {
    label,
    requests: median(runs.map((run) => run.requests)),
    wallMs: median(runs.map((run) => run.wallMs)),
    cpuMs: median(runs.map((run) => run.cpuMs)),
    ...medianThreads(runs.map((run) => run.threadsCpuMs)),
    serverCpuMs: median(runs.map((run) => run.serverCpuMs)),
    peakRssBytes: median(runs.map((run) => run.peakRssBytes)),
    ...(startups.length > 0 ? { startup: medianStartup(startups) } : {}),
  };
}

async function measuredBareRuns(
  label: string,
  server: ReferenceServerProcess,
  run: SuiteRunFigures,
  repeats: number,
  concurrency: number,
): Promise<MeasuredRun> {
  const figures = [];
  for (let index = 0; index < repeats; index += 1) {
    const before = serverCpuMs(server);
    const bare = await runBareLoopProcess(server, run.records, concurrency);
    figures.push({ ...bare, serverCpuMs: serverCpuMs(server) - before });
  }
  return {
    label,
    requests: median(figures.map((figure) => figure.requests)),
    wallMs: median(figures.map((figure) => figure.wallMs)),
    cpuMs: median(figures.map((figure) => figure.cpuMs)),
    ...medianThreads(figures.map((figure) => figure.threadsCpuMs)),
    serverCpuMs: median(figures.map((figure) => figure.serverCpuMs)),
  };
}

/** `--steady`: runs of `examples` examples, and the line to them from the default run's medians. */
async function steadyCost(
  server: ReferenceServerProcess,
  seed: number,
  examples: number,
  repeats: number,
  suiteDefault: MeasuredRun,
  bareDefault: MeasuredRun,
): Promise<SteadyCost> {
  const runs = [];
  for (let index = 1; index <= repeats; index += 1) {
    progress(`suite run ${index}/${repeats}: --max-examples ${examples} (--steady) …`);
    runs.push(await measuredSuiteRun(server, seed, examples));
  }
  const suiteMany = medianOfSuiteRuns(`suite, --max-examples ${examples}`, runs);
  progress(`bare undici loop: replaying the --steady run's requests ${repeats} times …`);
  const bareMany = await measuredBareRuns(
    `bare loop, same requests as the run of ${examples} examples`,
    server,
    runs[0]!,
    repeats,
    RUN_DEFAULTS.concurrency,
  );
  const byThread = costByThread(suiteDefault, suiteMany);
  return {
    examples,
    suiteMany,
    bareMany,
    suiteCost: linearCost(suiteDefault, suiteMany),
    bareCost: linearCost(bareDefault, bareMany),
    ...(byThread === undefined ? {} : { suiteCostByThread: byThread }),
  };
}

async function scaleRun(widgets: number, seed: number): Promise<ScaleRun> {
  const server = await spawnReferenceServer({ widgets });
  try {
    // The reference answers a first search of 100,000 widgets in about a second of its single thread; four at
    // once queue past the default 10 s timeout. The suite's own cost is what is measured, so it waits longer.
    const run = await measuredSuiteRun(server, seed, undefined, widgets > 10_000 ? "60s" : undefined);
    const counts = Object.entries(run.summary).filter(([name, count]) => name !== "total" && count > 0);
    const verdicts = counts.map(([name, count]) => `${count} ${name}`).join(", ");
    return { ...medianOfSuiteRuns(`${widgets} widgets`, [run]), widgets, verdicts, sampling: run.sampling };
  } finally {
    await server.stop();
  }
}

function targetVerdicts(results: Omit<BenchmarkResults, "targets">): TargetVerdict[] {
  const ratio = results.suiteCost.perRequestMs / results.bareCost.perRequestMs;
  const startupCpu = results.suiteDefault.startup?.cpuMs ?? Number.NaN;
  const peakMiB = (results.suiteDefault.peakRssBytes ?? Number.NaN) / (1024 * 1024);
  return [
    {
      target: `default run sends at least ${TARGETS.minRequests.toLocaleString("en-US")} requests`,
      measured: results.suiteDefault.requests.toLocaleString("en-US"),
      met: results.suiteDefault.requests >= TARGETS.minRequests,
    },
    {
      target: `default run under ${TARGETS.maxWallMs / 1000} s wall`,
      measured: `${(results.suiteDefault.wallMs / 1000).toFixed(2)} s`,
      met: results.suiteDefault.wallMs < TARGETS.maxWallMs,
    },
    {
      target: `marginal CPU per request ≤ ${TARGETS.maxMarginalRatio} × the bare loop's`,
      measured: `${ratio.toFixed(2)} ×`,
      met: ratio <= TARGETS.maxMarginalRatio,
    },
    {
      target: `start-up under ${TARGETS.maxStartupCpuMs / 1000} s of CPU`,
      measured: `${(startupCpu / 1000).toFixed(2)} s to the first check request`,
      met: startupCpu < TARGETS.maxStartupCpuMs,
    },
    {
      target: `default run peaks under ${TARGETS.maxPeakRssMiB} MiB RSS`,
      measured: `${peakMiB.toFixed(0)} MiB`,
      met: peakMiB < TARGETS.maxPeakRssMiB,
    },
  ];
}

/** After a warm-up run, `repeats` runs of `fewExamples` examples, each followed by a default run. */
async function measuredSuiteRuns(server: ReferenceServerProcess, seed: number, fewExamples: number, repeats: number) {
  const suiteFewRuns = [];
  const suiteDefaultRuns = [];
  progress("warm-up run (not measured) …");
  await measuredSuiteRun(server, seed, fewExamples);
  for (let index = 1; index <= repeats; index += 1) {
    progress(`suite run ${index}/${repeats}: --max-examples ${fewExamples} …`);
    suiteFewRuns.push(await measuredSuiteRun(server, seed, fewExamples));
    progress(`suite run ${index}/${repeats}: default (--max-examples ${RUN_DEFAULTS.maxExamples}) …`);
    suiteDefaultRuns.push(await measuredSuiteRun(server, seed));
  }
  return { suiteFewRuns, suiteDefaultRuns };
}

/** One default run against a data set of each size, one after the other. */
async function scaleRunsOf(sizes: readonly number[], seed: number): Promise<ScaleRun[]> {
  const scaleRuns: ScaleRun[] = [];
  for (const widgets of sizes) {
    progress(`scale run: ${widgets.toLocaleString("en-US")} widgets …`);
    scaleRuns.push(await scaleRun(widgets, seed));
  }
  return scaleRuns;
}

/** Prints the tables and, unless printing only or trying Node flags, writes them into the `out` file. */
function printAndWrite(results: BenchmarkResults, outFile: string, write: boolean): void {
  const block = renderBenchmarkMarkdown(results);
  process.stdout.write(
    `${triedNodeFlags.length > 0 ? `With ${triedNodeFlags.join(" ")} on the suite's process.\n` : ""}${block}\n`,
  );
  if (write && triedNodeFlags.length === 0) {
    const out = resolve(outFile);
    writeFileSync(out, replaceGeneratedBlock(existsSync(out) ? readFileSync(out, "utf8") : "# Benchmarks\n", block));
    progress(`written to ${out}`);
  }
}

/** The command line, read and checked. */
function readBenchOptions(argv: readonly string[]) {
  const { values } = parseArgs({
    args: [...argv],
    options: {
      repeat: { type: "string", default: "3" },
      "few-examples": { type: "string", default: "5" },
      scale: { type: "string", default: "10,1000,100000" },
      steady: { type: "string" },
      seed: { type: "string", default: "1" },
      out: { type: "string", default: "BENCHMARKS.md" },
      "no-write": { type: "boolean", default: false },
      "node-flags": { type: "string", default: "" },
      profile: { type: "boolean", default: false },
      "profile-dir": { type: "string", default: "bench/profiles" },
      help: { type: "boolean", short: "h", default: false },
    },
  });
  if (values.help) return { values, help: true } as const;
  if (!readProcessCpu("self")) throw new Error("npm run bench reads CPU time from /proc and runs on Linux only");
  const repeats = positiveInteger("repeat", values.repeat);
  const fewExamples = positiveInteger("few-examples", values["few-examples"]);
  const seed = Number(values.seed);
  const steadyExamples = values.steady === undefined ? undefined : positiveInteger("steady", values.steady);
  if (steadyExamples !== undefined && steadyExamples <= RUN_DEFAULTS.maxExamples)
    throw new Error(
      `--steady takes more examples than the default run's ${RUN_DEFAULTS.maxExamples}, not ${steadyExamples}`,
    );
  const scale = values.scale.split(",").map((size) => Number(size.trim()));
  if (scale.some((size) => !Number.isInteger(size) || size < 0 || size > 100_000))
    throw new Error(`--scale takes widget counts from 0 to 100000, not ${JSON.stringify(values.scale)}`);
  return { values, help: false, repeats, fewExamples, seed, steadyExamples, scale } as const;
}

async function main(argv: readonly string[]): Promise<number> {
  const options = readBenchOptions(argv);
  if (options.help) {
    process.stdout.write(HELP);
    return 0;
  }
  const { values, repeats, fewExamples, seed, steadyExamples, scale } = options;

  triedNodeFlags = values["node-flags"].split(" ").filter((flag) => flag !== "");
  if (triedNodeFlags.length > 0) progress(`trying ${triedNodeFlags.join(" ")} on the suite's process: printing only`);
  if (values.profile)
    return profileRun(
      seed,
      fewExamples,
      repeats,
      resolve(values["profile-dir"]),
      values.out,
      !values["no-write"],
      steadyExamples,
    );

  const server = await spawnReferenceServer();
  try {
    const { suiteFewRuns, suiteDefaultRuns } = await measuredSuiteRuns(server, seed, fewExamples, repeats);
    const suiteFew = medianOfSuiteRuns(`suite, --max-examples ${fewExamples}`, suiteFewRuns);
    const suiteDefault = medianOfSuiteRuns(`suite, default (${RUN_DEFAULTS.maxExamples} examples)`, suiteDefaultRuns);
    progress(`bare undici loop: replaying both runs' requests ${repeats} times …`);
    const bareFew = await measuredBareRuns(
      "bare loop, same requests as the small run",
      server,
      suiteFewRuns[0]!,
      repeats,
      RUN_DEFAULTS.concurrency,
    );
    const bareDefault = await measuredBareRuns(
      "bare loop, same requests as the default run",
      server,
      suiteDefaultRuns[0]!,
      repeats,
      RUN_DEFAULTS.concurrency,
    );
    const steady =
      steadyExamples === undefined
        ? undefined
        : await steadyCost(server, seed, steadyExamples, repeats, suiteDefault, bareDefault);
    await server.stop();

    const scaleRuns = await scaleRunsOf(scale, seed);
    const byThread = costByThread(suiteFew, suiteDefault);
    const bareByThread = costByThread(bareFew, bareDefault);
    const partial = {
      measuredAt: new Date().toISOString().slice(0, 10),
      machine: machineInfo(),
      repeats,
      seed,
      concurrency: RUN_DEFAULTS.concurrency,
      suiteDefault,
      suiteFew,
      bareDefault,
      bareFew,
      suiteCost: linearCost(suiteFew, suiteDefault),
      ...(byThread === undefined ? {} : { suiteCostByThread: byThread }),
      bareCost: linearCost(bareFew, bareDefault),
      ...(bareByThread === undefined ? {} : { bareCostByThread: bareByThread }),
      ...(steady === undefined ? {} : { steady }),
      scale: scaleRuns,
    };
    const results: BenchmarkResults = { ...partial, targets: targetVerdicts(partial) };
    printAndWrite(results, values.out, !values["no-write"]);
    return 0;
  } finally {
    await server.stop();
  }
}

try {
  process.exitCode = await main(process.argv.slice(2));
} catch (error) {
  process.stderr.write(`npm run bench: ${error instanceof Error ? error.message : String(error)}\n`);
  process.exitCode = 2;
}

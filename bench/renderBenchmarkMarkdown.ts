/** The figures of a benchmark as Markdown: printed by `npm run bench` and kept in BENCHMARKS.md. */
import type { BenchmarkResults, MeasuredRun, StartupFigures } from "./BenchmarkResults.js";

const BEGIN = "<!-- bench:begin — written by `npm run bench`; edit outside this block -->";
const END = "<!-- bench:end -->";

const grouped = (value: number): string => Math.round(value).toLocaleString("en-US");
const seconds = (ms: number): string => `${(ms / 1000).toFixed(2)} s`;
const millis = (ms: number): string => `${ms.toFixed(3)} ms`;
const mebibytes = (bytes: number | undefined): string =>
  bytes === undefined ? "—" : `${Math.round(bytes / 2 ** 20)} MiB`;

/** Wall / CPU time to the first check request, and the CPU by thread when known. */
function startupCell(startup: StartupFigures): string {
  const threads = startup.threadsCpuMs;
  const split = threads
    ? ` (main thread ${seconds(threads.main)}, checks' worker ${seconds(threads.worker)}, other threads ${seconds(threads.other)})`
    : "";
  return `${seconds(startup.wallMs)} / ${seconds(startup.cpuMs)}${split}`;
}

function runColumn(run: MeasuredRun): string[] {
  return [
    grouped(run.requests),
    seconds(run.wallMs),
    grouped(run.requests / (run.wallMs / 1000)),
    seconds(run.cpuMs),
    millis(run.cpuMs / run.requests),
    mebibytes(run.peakRssBytes),
    run.startup ? startupCell(run.startup) : "—",
    seconds(run.serverCpuMs),
  ];
}

/**
 * The marginal CPU per request by thread: the suite's beside the bare loop's same thread, and the suite's
 * thread over the bare loop's whole cost (its share of the ratio). The bare loop has no checks' worker.
 */
function threadRows(results: BenchmarkResults): string[][] {
  const split = results.suiteCostByThread;
  if (split === undefined) return [];
  const bareSplit = results.bareCostByThread;
  const bare = results.bareCost.perRequestMs;
  const names = {
    main: "of which the main thread",
    worker: "of which the checks' worker",
    other: "of which the other threads (V8's optimising compiler and GC helpers, libuv)",
  } as const;
  return (["worker", "other", "main"] as const).map((thread) => [
    names[thread],
    millis(split[thread].perRequestMs),
    bareSplit === undefined || thread === "worker" ? "" : millis(bareSplit[thread].perRequestMs),
    (split[thread].perRequestMs / bare).toFixed(2),
  ]);
}

/** `--steady`: the cost per request from the default run to a larger one, for both. */
function steadyRows(results: BenchmarkResults): string[][] {
  const steady = results.steady;
  if (steady === undefined) return [];
  return [
    [
      `marginal CPU per request from the default run to ${steady.examples} examples (--steady; not the target's figure)`,
      millis(steady.suiteCost.perRequestMs),
      millis(steady.bareCost.perRequestMs),
      (steady.suiteCost.perRequestMs / steady.bareCost.perRequestMs).toFixed(2),
    ],
  ];
}

/** What --steady measured, in a sentence. */
function steadyNote(results: BenchmarkResults): string {
  const steady = results.steady;
  if (steady === undefined) return "";
  const split = steady.suiteCostByThread;
  const byThread = split
    ? `; of the suite's, the checks' worker ${millis(split.worker.perRequestMs)}, ` +
      `the other threads ${millis(split.other.perRequestMs)}, the main thread ${millis(split.main.perRequestMs)}`
    : "";
  return (
    `\n\nThe --steady row is the line from the default run (${grouped(results.suiteDefault.requests)} requests) ` +
    `to a run of ${steady.examples} examples (${grouped(steady.suiteMany.requests)} requests; ` +
    `the suite's CPU ${seconds(steady.suiteMany.cpuMs)}, the bare loop's ${seconds(steady.bareMany.cpuMs)})${byThread}.`
  );
}

/** How far a thread's slope can be off from its CPU being read in clock ticks of 10 ms (two readings per run). */
function threadPrecision(results: BenchmarkResults): string {
  if (results.suiteCostByThread === undefined) return "";
  const extra = results.suiteDefault.requests - results.suiteFew.requests;
  const bareNote =
    results.bareCostByThread === undefined
      ? ""
      : " The bare loop sends from its main thread, the suite from its checks' worker.";
  return (
    `\n\nEach thread's CPU is read in clock ticks of 10 ms, so its cost per request is within about ` +
    `±${millis(20 / extra)} of the true one (over ${grouped(extra)} extra requests); ` +
    `the suite's whole figure is read in µs.${bareNote}`
  );
}

function table(header: readonly string[], rows: readonly (readonly string[])[]): string {
  return [
    `| ${header.join(" | ")} |`,
    `|${header.map(() => "---").join("|")}|`,
    ...rows.map((row) => `| ${row.join(" | ")} |`),
  ].join("\n");
}

/** The generated block (without the markers). */
export function renderBenchmarkMarkdown(results: BenchmarkResults): string {
  const { machine } = results;
  const runs = [results.suiteDefault, results.suiteFew, results.bareDefault, results.bareFew];
  const columns = runs.map(runColumn);
  const rowNames = [
    "HTTP requests",
    "wall time",
    "requests per second",
    "CPU time (all threads and helper processes)",
    "CPU per request (average)",
    "peak memory (RSS)",
    "start-up to the first check request (wall / CPU)",
    "reference server CPU meanwhile",
  ];
  const runTable = table(
    ["", ...runs.map((run) => run.label)],
    rowNames.map((name, index) => [name, ...columns.map((column) => column[index]!)]),
  );
  const costTable = table(
    ["", "suite", "bare undici loop", "suite ÷ bare"],
    [
      [
        "marginal CPU per request",
        millis(results.suiteCost.perRequestMs),
        millis(results.bareCost.perRequestMs),
        (results.suiteCost.perRequestMs / results.bareCost.perRequestMs).toFixed(2),
      ],
      ...threadRows(results),
      ...steadyRows(results),
      [
        "fixed CPU (intercept: a run of 0 requests)",
        seconds(results.suiteCost.fixedMs),
        seconds(results.bareCost.fixedMs),
        "—",
      ],
    ],
  );
  const targetTable = table(
    ["target (issues 8 and 28)", "measured", "met"],
    results.targets.map((target) => [target.target, target.measured, target.met ? "yes" : "**no**"]),
  );
  const scaleTable = table(
    ["widgets", "HTTP requests", "wall time", "suite CPU", "server CPU", "verdicts", "sampling stated in the report"],
    results.scale.map((run) => [
      grouped(run.widgets),
      grouped(run.requests),
      seconds(run.wallMs),
      seconds(run.cpuMs),
      seconds(run.serverCpuMs),
      run.verdicts,
      run.sampling.length === 0 ? "none: every page walked" : run.sampling.join("<br>"),
    ]),
  );
  const medians =
    `Each figure is the median of ${results.repeats} runs (seed ${results.seed}, concurrency ${results.concurrency}); ` +
    `the reference server ran in its own process on loopback.`;
  return `Measured ${results.measuredAt} on ${machine.os}, ${machine.cores} × ${machine.cpu}, ${machine.memoryGiB} GiB, Node ${machine.node}.
${medians}

### The default run, a small run, and the bare client

${runTable}

### Fixed cost and cost per request

${costTable}${threadPrecision(results)}${steadyNote(results)}

### Targets

${targetTable}

### Scale (one default run per data set; other sizes at serve's defaults)

${scaleTable}`;
}

/** `document` with its generated block replaced by `block` (appended when it has none). */
export function replaceGeneratedBlock(
  document: string,
  block: string,
  markers: { readonly begin: string; readonly end: string } = { begin: BEGIN, end: END },
): string {
  const wrapped = `${markers.begin}\n${block}\n${markers.end}`;
  const start = document.indexOf(markers.begin);
  const end = document.indexOf(markers.end);
  if (start === -1 || end < start) return `${document.trimEnd()}\n\n${wrapped}\n`;
  return document.slice(0, start) + wrapped + document.slice(end + markers.end.length);
}

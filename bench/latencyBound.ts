/**
 * `npm run bench:latency` (issue 28.4): the default run against the reference in its own process,
 * answering every request 10 ms and 50 ms after it arrived (`serve --latency`), beside the bound the
 * latency itself imposes: requests × latency ÷ concurrency. Two figures per latency:
 * - the run: the engine in this process (runConformance, from the preflight to the last verdict),
 *   which keeps its pool of connections full or does not; checks that wait on each other, or repeat
 *   discovery, show here;
 * - the command: `cms-conformance run` in its own process as a user starts it, from spawn to exit,
 *   its start-up (about 2 s of wall time before the first check request) and its reports included.
 * Prints one line per figure with the ratio and "met" when it is at most 1.2; --repeat N shows the
 * median of N. Exits 1 when a figure misses the target.
 */
import { parseArgs } from "node:util";
import { executeInProcess } from "../checks/executeInProcess.js";
import { RUN_DEFAULTS } from "../runner/model/RunSettings.js";
import { runConformance } from "../runner/runConformance.js";
import { resolveRunSettings } from "../runner/settings/resolveRunSettings.js";
import { CHECK_CATALOGUE } from "../checks/checkCatalogue.js";
import { runSuiteProcess } from "./runSuiteProcess.js";
import { benchRunSettingsOf, spawnReferenceServer, type ReferenceServerProcess } from "./spawnReferenceServer.js";

const TARGET_RATIO = 1.2;
const LATENCIES_MS = [10, 50] as const;

const median = (values: readonly number[]): number => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] as number;
};

/** One run of the engine in this process against `server`: wall time, requests the server answered, verdicts. */
async function runInProcess(
  server: ReferenceServerProcess,
): Promise<{ wallMs: number; requests: number; verdicts: number }> {
  const settings = resolveRunSettings([benchRunSettingsOf(server.announcement), { seed: 1 }]);
  let requests = 0;
  const unsubscribe = server.onRecord(() => (requests += 1));
  const started = performance.now();
  const report = await runConformance({ settings, catalogue: CHECK_CATALOGUE, executor: executeInProcess });
  const wallMs = performance.now() - started;
  unsubscribe();
  return { wallMs, requests, verdicts: report.summary.total };
}

function line(
  what: string,
  latencyMs: number,
  runs: readonly { wallMs: number; requests: number; verdicts: number }[],
): boolean {
  const seconds = median(runs.map((run) => run.wallMs)) / 1000;
  const requests = median(runs.map((run) => run.requests));
  const bound = (requests * latencyMs) / 1000 / RUN_DEFAULTS.concurrency;
  const ratio = seconds / bound;
  const met = ratio <= TARGET_RATIO;
  const all = runs.length > 1 ? ` (median of ${runs.map((run) => (run.wallMs / 1000).toFixed(1)).join(", ")} s)` : "";
  process.stdout.write(
    `latency ${latencyMs} ms, ${what}: ${requests} requests in ${seconds.toFixed(1)} s${all}; ` +
      `bound ${bound.toFixed(1)} s (requests × latency ÷ concurrency ${RUN_DEFAULTS.concurrency}); ` +
      `${ratio.toFixed(2)} × the bound (target ≤ ${TARGET_RATIO}): ${met ? "met" : "NOT met"}; ` +
      `${(requests / (runs[0]?.verdicts ?? 1)).toFixed(1)} requests per verdict\n`,
  );
  return met;
}

async function measure(latencyMs: number, repeat: number): Promise<boolean> {
  const server = await spawnReferenceServer({ latencyMs });
  try {
    const engine = [];
    for (let index = 0; index < repeat; index += 1) engine.push(await runInProcess(server));
    const command = [];
    for (let index = 0; index < repeat; index += 1) {
      const run = await runSuiteProcess(server, { seed: 1 });
      command.push({ wallMs: run.wallMs, requests: run.requests, verdicts: run.summary.total });
    }
    const runMet = line("the run (engine in process)", latencyMs, engine);
    const commandMet = line("the command (spawn to exit)", latencyMs, command);
    return runMet && commandMet;
  } finally {
    await server.stop();
  }
}

const HELP = `Usage: npm run bench:latency -- [--repeat N]

Runs the default run against the reference server in its own process, whose every answer ends 10 ms,
then 50 ms, after its request arrived (serve --latency), and compares the wall time with the bound the
latency imposes (requests × latency ÷ concurrency; target at most ${TARGET_RATIO} ×), for the run (the engine
in this process) and for the command (cms-conformance run, from spawn to exit). Exits 1 when a figure
misses the target. Takes about two minutes per repeat.

Options:
  --repeat N   runs of each figure; the median is shown (default 1)
  -h, --help   show this help
`;
const { values } = parseArgs({
  options: { repeat: { type: "string", default: "1" }, help: { type: "boolean", short: "h", default: false } },
});
if (values.help) {
  process.stdout.write(HELP);
  process.exit(0);
}
const repeat = Number(values.repeat);
if (!Number.isInteger(repeat) || repeat < 1)
  throw new Error(`--repeat must be a whole number ≥ 1, not ${values.repeat}`);
const results: boolean[] = [];
for (const latency of LATENCIES_MS) results.push(await measure(latency, repeat));
process.exitCode = results.every(Boolean) ? 0 : 1;

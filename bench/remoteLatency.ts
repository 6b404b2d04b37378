/**
 * `npm run bench:remote` (issue 42.3): the default run as a user starts it (`cms-conformance run --config`,
 * spawn to exit) against the reference in its own process answering 0, 10, 100 and 200 ms after each
 * request arrived (`serve --latency`). Per latency: wall time, requests the server answered, peak and mean
 * requests in flight at the server (inFlight.ts), the longest check × operation pair, and two limits: the
 * throughput bound (requests × latency ÷ the most in flight, --max-concurrency's default) and the critical
 * path, the longest chain of requests that wait for one another. The chain is estimated as the longest
 * pair's duration ÷ latency, the smallest over the latencies run (a pair also waits for a turn on the
 * connections, so this is an upper estimate); × latency it is the floor no concurrency goes below.
 * Prints a Markdown table and the machine's load average beside each row (the figures sway with it).
 */
import { loadavg } from "node:os";
import { parseArgs } from "node:util";
import { RUN_DEFAULTS } from "../runner/model/RunSettings.js";
import { inFlight } from "./inFlight.js";
import { runSuiteProcess } from "./runSuiteProcess.js";
import { spawnReferenceServer } from "./spawnReferenceServer.js";

/** One latency's figures. */
interface Row {
  readonly latencyMs: number;
  readonly wallMs: number;
  readonly requests: number;
  readonly verdicts: number;
  readonly verdict: string;
  readonly peak?: number;
  readonly mean?: number;
  readonly longestCheckMs: number;
  readonly load: readonly [number, number];
}

async function measure(latencyMs: number): Promise<Row> {
  const server = await spawnReferenceServer({ latencyMs });
  try {
    const before = loadavg()[0] as number;
    const run = await runSuiteProcess(server, { seed: 1 });
    const flight = inFlight(run.records, latencyMs);
    return {
      latencyMs,
      wallMs: run.wallMs,
      requests: run.requests,
      verdicts: run.summary.total,
      verdict: run.verdict,
      ...(flight ? { peak: flight.peak, mean: flight.mean } : {}),
      longestCheckMs: run.longestCheckMs,
      load: [before, loadavg()[0] as number],
    };
  } finally {
    await server.stop();
  }
}

const seconds = (ms: number): string => (ms / 1000).toFixed(1);

/** The table of `rows`, with the critical path estimated from all of them. */
function renderRemoteTable(rows: readonly Row[], cap: number): string {
  const chains = rows.filter((row) => row.latencyMs > 0).map((row) => row.longestCheckMs / row.latencyMs);
  const chain = chains.length === 0 ? undefined : Math.round(Math.min(...chains));
  const lines = [
    "| latency | wall (spawn to exit) | requests | verdicts | peak in flight | mean in flight | longest pair | throughput bound (requests × latency ÷ " +
      `${cap}) | critical path floor (${chain ?? "?"} requests × latency) | load average (1 min, before → after) |`,
    "|---:|---:|---:|---:|---:|---:|---:|---:|---:|---|",
    ...rows
      .map((row) =>
        [
          `${row.latencyMs} ms`,
          `${seconds(row.wallMs)} s (${row.verdict})`,
          String(row.requests),
          String(row.verdicts),
          row.peak === undefined ? "—" : String(row.peak),
          row.mean === undefined ? "—" : row.mean.toFixed(1),
          `${seconds(row.longestCheckMs)} s`,
          `${seconds((row.requests * row.latencyMs) / cap)} s`,
          chain === undefined ? "—" : `${seconds(chain * row.latencyMs)} s`,
          `${row.load[0].toFixed(1)} → ${row.load[1].toFixed(1)}`,
        ].join(" | "),
      )
      .map((line) => `| ${line} |`),
  ];
  return `${lines.join("\n")}\n`;
}

const HELP = `Usage: npm run bench:remote -- [--latencies 0,10,100,200]

Runs the default run (cms-conformance run --config, spawn to exit, seed 1) against the reference server
in its own process answering each request after the given latencies (serve --latency), and prints a
Markdown table: wall time, requests, verdicts, peak and mean requests in flight at the server, the longest
check × operation pair, the throughput bound and the critical path's floor. Needs a current build (npm run
build). About a minute for the four latencies on an idle machine.

Options:
  --latencies LIST   comma-separated milliseconds (default 0,10,100,200)
  -h, --help         show this help
`;
const { values } = parseArgs({
  options: {
    latencies: { type: "string", default: "0,10,100,200" },
    help: { type: "boolean", short: "h", default: false },
  },
});
if (values.help) {
  process.stdout.write(HELP);
  process.exit(0);
}
const latencies = values.latencies.split(",").map(Number);
if (latencies.some((latency) => !Number.isInteger(latency) || latency < 0 || latency > 60_000))
  throw new Error(`--latencies takes whole numbers of milliseconds from 0 to 60000, not ${values.latencies}`);
const rows: Row[] = [];
for (const latency of latencies) {
  rows.push(await measure(latency));
  process.stderr.write(`latency ${latency} ms: ${seconds(rows[rows.length - 1]?.wallMs ?? 0)} s\n`);
}
process.stdout.write(renderRemoteTable(rows, RUN_DEFAULTS.maxConcurrency));

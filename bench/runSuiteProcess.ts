/**
 * Runs `cms-conformance run` in its own process against a server process and measures it:
 * wall time, CPU (every thread and every helper process), peak memory, requests as the server
 * saw them, and the start-up before the first check request.
 */
import { configFileOf } from "../cli/configFileKeys.js";
import { spawn } from "node:child_process";
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import type { ReferenceRequestRecord } from "../reference/http/ReferenceRequestRecord.js";
import type { RunReport } from "../runner/model/RunReport.js";
import { FIRST_REQUEST_FILE_VARIABLE, type FirstRequestMark } from "../runner/execute/vitest/firstRequestProbe.js";
import { WORKER_PROFILE_DIR_VARIABLE } from "../runner/execute/vitest/profileWorker.js";
import type { StartupFigures, ThreadsCpuMs } from "./BenchmarkResults.js";
import { readProcessCpu } from "./readProcessCpu.js";
import { benchRunSettingsOf, type ReferenceServerProcess } from "./spawnReferenceServer.js";
import { readUsageAtExit, splitByThread, USAGE_PROBE } from "./usageAtExit.js";

const BIN = fileURLToPath(new URL("../bin/cms-conformance.mjs", import.meta.url));
const PROFILE_PROBE = fileURLToPath(new URL("./probe/profileMainThread.mjs", import.meta.url));

/** What to run. */
export interface SuiteRunOptions {
  readonly seed: number;
  /** --max-examples; the suite's default when absent. */
  readonly maxExamples?: number;
  /** A folder to write CPU profiles of the main thread and of the checks' worker into (`--profile`). */
  readonly profileDir?: string;
  /** --timeout of each request, when not the suite's default. */
  readonly timeout?: string;
  /** Node or V8 flags for the suite's process besides the bin's own (`npm run bench -- --node-flags`), to try one. */
  readonly nodeFlags?: readonly string[];
}

/** The figures of one run. */
export interface SuiteRunFigures {
  readonly wallMs: number;
  /** User + system CPU of the suite process and of the processes it started. */
  readonly cpuMs: number;
  readonly peakRssBytes: number;
  /** Requests the server answered during the run (the preflight request included). */
  readonly requests: number;
  /** Requests the suite counted in its report (the checks' requests). */
  readonly reportedRequests: number;
  /** That CPU by thread where /proc tells (the suite process's own; processes it started are not in it). */
  readonly threadsCpuMs?: ThreadsCpuMs;
  /**
   * From spawning the process to the first request of a check (the preflight's requests come before it),
   * as the checks' worker marks it.
   */
  readonly startup?: StartupFigures;
  readonly verdict: RunReport["verdict"];
  readonly summary: RunReport["summary"];
  /** The longest check × operation pair's duration (milliseconds), from the report. */
  readonly longestCheckMs: number;
  readonly sampling: readonly string[];
  /** What the server saw, to replay with a bare client. */
  readonly records: readonly ReferenceRequestRecord[];
}

const now = (): number => performance.timeOrigin + performance.now();

function endedChildrenCpuMs(): number {
  const cpu = readProcessCpu("self");
  if (!cpu) throw new Error("the benchmark reads CPU time from /proc and needs Linux");
  return cpu.endedChildrenMs;
}

/** The suite process's Node flags and command line: the bin's `run` with the bench's probes preloaded. */
function suiteArguments(options: SuiteRunOptions, config: string, reports: string): string[] {
  const args = [
    // As the bin's shebang and npm start run it.
    "--max-semi-space-size=4",
    ...(options.nodeFlags ?? []),
    "--import",
    USAGE_PROBE,
    ...(options.profileDir === undefined ? [] : ["--import", PROFILE_PROBE]),
    BIN,
    "run",
    "--config",
    config,
    "--out",
    reports,
    "--seed",
    String(options.seed),
  ];
  if (options.maxExamples !== undefined) args.push("--max-examples", String(options.maxExamples));
  if (options.timeout !== undefined) args.push("--timeout", options.timeout);
  return args;
}

/** Start-up to the first check request, from the mark the checks' worker left; undefined when it left none. */
function startupFigures(firstRequestFile: string, startedAt: number): StartupFigures | undefined {
  // Marked by the checks' worker at its first request (the preflight's come earlier, from the main thread).
  const first = existsSync(firstRequestFile)
    ? (JSON.parse(readFileSync(firstRequestFile, "utf8")) as FirstRequestMark)
    : undefined;
  // The bench measures the product as installed: the worker loads the compiled checks (dist/), unless a
  // source changed since the last build and the CLI fell back to the sources.
  if (first?.checksCompiled === false)
    throw new Error("the suite ran from its sources: dist/ is older than a source; run npm run build first");
  return first
    ? {
        wallMs: first.at - startedAt,
        cpuMs: first.cpuMs,
        ...(first.threadsCpuMs ? { threadsCpuMs: first.threadsCpuMs } : {}),
      }
    : undefined;
}

/** Runs the suite once; rejects when it exits with 2 (it could not run) or without a report. */
export async function runSuiteProcess(
  server: ReferenceServerProcess,
  options: SuiteRunOptions,
): Promise<SuiteRunFigures> {
  const folder = mkdtempSync(join(tmpdir(), "cms-bench-run-"));
  try {
    const config = join(folder, "config.json");
    writeFileSync(config, JSON.stringify(configFileOf(benchRunSettingsOf(server.announcement))));
    const usageFile = join(folder, "usage.json");
    const firstRequestFile = join(folder, "first-request.json");
    const args = suiteArguments(options, config, join(folder, "reports"));

    const records: ReferenceRequestRecord[] = [];
    const cpuBefore = endedChildrenCpuMs();
    const startedAt = now();
    const child = spawn(process.execPath, args, {
      stdio: ["ignore", "pipe", "pipe"],
      env: {
        ...process.env,
        NO_COLOR: "1",
        CMS_BENCH_USAGE_FILE: usageFile,
        [FIRST_REQUEST_FILE_VARIABLE]: firstRequestFile,
        ...(options.profileDir === undefined
          ? {}
          : { CMS_BENCH_PROFILE_DIR: options.profileDir, [WORKER_PROFILE_DIR_VARIABLE]: options.profileDir }),
      },
    });
    const unsubscribe = server.onRecord((record) => records.push(record));
    let output = "";
    child.stdout.on("data", (chunk: Buffer) => (output = (output + chunk.toString()).slice(-4000)));
    child.stderr.on("data", (chunk: Buffer) => (output = (output + chunk.toString()).slice(-4000)));
    const exitCode = await new Promise<number | null>((resolve) => child.on("close", (code) => resolve(code)));
    const wallMs = now() - startedAt;
    const cpuMs = endedChildrenCpuMs() - cpuBefore;
    unsubscribe();
    if (exitCode !== 0 && exitCode !== 1) throw new Error(`the suite exited with ${exitCode}:\n${output}`);

    const report = JSON.parse(readFileSync(join(folder, "reports", "report.json"), "utf8")) as RunReport;
    const { usage, live } = readUsageAtExit(usageFile);
    const startup = startupFigures(firstRequestFile, startedAt);
    const threadsCpuMs = live === undefined ? undefined : splitByThread(usage, live);
    return {
      wallMs,
      cpuMs,
      ...(threadsCpuMs === undefined ? {} : { threadsCpuMs }),
      peakRssBytes: usage.maxRSS * 1024,
      requests: records.length,
      reportedRequests: report.meta.requestCount,
      ...(startup ? { startup } : {}),
      verdict: report.verdict,
      summary: report.summary,
      longestCheckMs: Math.max(0, ...report.results.map((result) => result.durationMs ?? 0)),
      sampling: report.meta.sampling,
      records,
    };
  } finally {
    rmSync(folder, { recursive: true, force: true });
  }
}

/** Runs the bare undici loop in its own process over a run's recorded requests and measures it. */
import { spawn } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import type { ReferenceRequestRecord } from "../reference/http/ReferenceRequestRecord.js";
import { readProcessCpu } from "./readProcessCpu.js";
import type { ThreadsCpuMs } from "./BenchmarkResults.js";
import type { ReferenceServerProcess } from "./spawnReferenceServer.js";
import { readUsageAtExit, splitByThread, USAGE_PROBE } from "./usageAtExit.js";

const LOOP = fileURLToPath(new URL("./bareUndiciLoop.ts", import.meta.url));

/** The figures of one replay. */
export interface BareLoopFigures {
  readonly wallMs: number;
  readonly cpuMs: number;
  readonly requests: number;
  /** That CPU by thread where /proc tells: its main thread and the other threads alive at exit; "worker" is the rest. */
  readonly threadsCpuMs?: ThreadsCpuMs;
}

const now = (): number => performance.timeOrigin + performance.now();
const endedChildrenCpuMs = (): number => readProcessCpu("self")?.endedChildrenMs ?? Number.NaN;

/** Replays `records` against the server with `concurrency` requests in flight. */
export async function runBareLoopProcess(
  server: ReferenceServerProcess,
  records: readonly ReferenceRequestRecord[],
  concurrency: number,
): Promise<BareLoopFigures> {
  const folder = mkdtempSync(join(tmpdir(), "cms-bench-bare-"));
  try {
    const log = join(folder, "requests.ndjson");
    const usageFile = join(folder, "usage.json");
    writeFileSync(log, records.map((record) => JSON.stringify(record)).join("\n"));
    const { baseUrl, clientId, token, restrictedToken } = server.announcement;
    const env = {
      ...process.env,
      CMS_BENCH_CLIENT_ID: clientId,
      CMS_BENCH_TOKEN: token,
      CMS_BENCH_RESTRICTED_TOKEN: restrictedToken,
      CMS_BENCH_USAGE_FILE: usageFile,
    };
    let answered = 0;
    const unsubscribe = server.onRecord(() => (answered += 1));
    const cpuBefore = endedChildrenCpuMs();
    const startedAt = now();
    const child = spawn(
      process.execPath,
      ["--import", USAGE_PROBE, "--import", "tsx", LOOP, log, baseUrl, String(concurrency)],
      {
        stdio: ["ignore", "pipe", "pipe"],
        env,
      },
    );
    let output = "";
    child.stdout.on("data", (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on("data", (chunk: Buffer) => (output += chunk.toString()));
    const exitCode = await new Promise<number | null>((resolve) => child.on("close", (code) => resolve(code)));
    const wallMs = now() - startedAt;
    const cpuMs = endedChildrenCpuMs() - cpuBefore;
    unsubscribe();
    if (exitCode !== 0) throw new Error(`the bare loop exited with ${exitCode}:\n${output.slice(-4000)}`);
    const { usage, live } = readUsageAtExit(usageFile);
    return {
      wallMs,
      cpuMs,
      requests: answered,
      ...(live === undefined ? {} : { threadsCpuMs: splitByThread(usage, live) }),
    };
  } finally {
    rmSync(folder, { recursive: true, force: true });
  }
}

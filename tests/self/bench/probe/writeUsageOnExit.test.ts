/** The bench's usage probe: what a process preloading it writes at exit, and the CPU of a worker that ended before. */
import { spawnSync } from "node:child_process";
import { existsSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { afterEach, describe, expect, it } from "vitest";
import { splitByThread } from "../../../../bench/usageAtExit.js";

const PROBE = fileURLToPath(new URL("../../../../bench/probe/writeUsageOnExit.mjs", import.meta.url));

// A worker spins for 400 ms of CPU and ends; then the main thread spins for 50 ms and the process exits (the probe
// runs at exit; the figures are asserted only for their consistency, never for a machine's speed).
const SCRIPT = `
const { Worker } = require("node:worker_threads");
const spin = (ms) => { const end = process.cpuUsage().user + ms * 1000; while (process.cpuUsage().user < end); };
const worker = new Worker("const s = process.cpuUsage().user; while (process.cpuUsage().user - s < 400000);", { eval: true });
worker.on("exit", () => spin(50));
`;

let folder: string | undefined;
afterEach(() => {
  if (folder) rmSync(folder, { recursive: true, force: true });
});

describe("writeUsageOnExit", () => {
  it.skipIf(!existsSync("/proc/self/task"))(
    "writes the process's usage and its live threads' CPU; a worker that ended is the rest",
    () => {
      folder = mkdtempSync(join(tmpdir(), "cms-usage-probe-"));
      const file = join(folder, "usage.json");
      const run = spawnSync(process.execPath, ["--import", PROBE, "-e", SCRIPT], {
        env: { ...process.env, CMS_BENCH_USAGE_FILE: file },
        encoding: "utf8",
      });
      expect(run.status, run.stderr).toBe(0);
      const { usage, live } = JSON.parse(readFileSync(file, "utf8")) as {
        usage: NodeJS.ResourceUsage;
        live: { main: number; other: number };
      };
      // What was written, not how fast this machine is: the process's usage, and the live threads' CPU as part of it.
      expect(usage.maxRSS).toBeGreaterThan(0);
      expect(Number.isFinite(live.main) && live.main >= 0).toBe(true);
      expect(Number.isFinite(live.other) && live.other >= 0).toBe(true);
      const totalMs = (usage.userCPUTime + usage.systemCPUTime) / 1000;
      // /proc counts in ticks of 10 ms per thread: the live threads never hold more than the process, a tick aside.
      expect(live.main + live.other).toBeLessThanOrEqual(totalMs + 20);
    },
  );
});

describe("splitByThread", () => {
  it("gives the threads alive at exit their own CPU, and the rest of the process's to the worker that ended", () => {
    const usage = { userCPUTime: 900_000, systemCPUTime: 100_000 } as NodeJS.ResourceUsage;
    expect(splitByThread(usage, { main: 150, other: 50 })).toEqual({ main: 150, worker: 800, other: 50 });
    // Ticks rounded up past the process's total never give a negative worker.
    expect(splitByThread(usage, { main: 990, other: 30 })).toEqual({ main: 990, worker: 0, other: 30 });
  });
});

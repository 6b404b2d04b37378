/** The checks' worker profiles itself for `npm run bench -- --profile`, from its setup file to the run's last test. */
import { mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { threadId } from "node:worker_threads";
import { afterEach, describe, expect, it } from "vitest";
import {
  startWorkerProfile,
  stopWorkerProfile,
  WORKER_PROFILE_DIR_VARIABLE,
} from "../../../../../runner/execute/vitest/profileWorker.js";

const folders: string[] = [];
const folder = () => {
  const dir = mkdtempSync(join(tmpdir(), "cms-worker-profile-"));
  folders.push(dir);
  return dir;
};
afterEach(async () => {
  await stopWorkerProfile();
  for (const dir of folders.splice(0)) rmSync(dir, { recursive: true, force: true });
});

describe("profileWorker", () => {
  it("writes this thread's CPU profile into the folder once stopped, and only once", async () => {
    const dir = folder();
    await startWorkerProfile(dir);
    expect(readdirSync(dir)).toEqual([]);
    await stopWorkerProfile();
    expect(readdirSync(dir)).toEqual([`worker-${threadId}.cpuprofile`]);
    const profile = JSON.parse(readFileSync(join(dir, `worker-${threadId}.cpuprofile`), "utf8")) as {
      nodes: unknown[];
      startTime: number;
      endTime: number;
    };
    expect(profile.nodes.length).toBeGreaterThan(0);
    expect(profile.endTime).toBeGreaterThanOrEqual(profile.startTime);
    rmSync(join(dir, `worker-${threadId}.cpuprofile`));
    await stopWorkerProfile();
    expect(readdirSync(dir)).toEqual([]);
  });

  it("reads the folder from the environment, and profiles nothing without one", async () => {
    const dir = folder();
    const before = process.env[WORKER_PROFILE_DIR_VARIABLE];
    try {
      delete process.env[WORKER_PROFILE_DIR_VARIABLE];
      await startWorkerProfile();
      process.env[WORKER_PROFILE_DIR_VARIABLE] = dir;
      await stopWorkerProfile();
      expect(readdirSync(dir)).toEqual([]);
      await startWorkerProfile();
      await stopWorkerProfile();
      expect(readdirSync(dir)).toEqual([`worker-${threadId}.cpuprofile`]);
    } finally {
      if (before === undefined) delete process.env[WORKER_PROFILE_DIR_VARIABLE];
      else process.env[WORKER_PROFILE_DIR_VARIABLE] = before;
    }
  });

  it("keeps the first profile when asked to start again", async () => {
    const first = folder();
    const second = folder();
    await startWorkerProfile(first);
    await startWorkerProfile(second);
    await stopWorkerProfile();
    expect(readdirSync(first)).toEqual([`worker-${threadId}.cpuprofile`]);
    expect(readdirSync(second)).toEqual([]);
  });
});

/**
 * A CPU profile of the vitest worker that runs the checks, for `npm run bench -- --profile`: node's
 * --cpu-prof writes a thread's profile when the thread exits, and vitest terminates its worker, so
 * the worker profiles itself through the inspector and writes the profile when the checks are done.
 */
import { writeFileSync } from "node:fs";
import { Session } from "node:inspector/promises";
import { join } from "node:path";
import { threadId } from "node:worker_threads";

/** The environment variable naming the folder to write the worker's profile into. */
export const WORKER_PROFILE_DIR_VARIABLE = "CMS_CONFORMANCE_WORKER_PROFILE_DIR";

let stop: (() => Promise<void>) | undefined;

/**
 * Starts profiling this thread when $CMS_CONFORMANCE_WORKER_PROFILE_DIR names a folder; stopWorkerProfile
 * writes `<dir>/worker-<thread>.cpuprofile`. Started by the conformance project's test file before it loads
 * the checks, so the profile holds their loading as well as their run.
 */
export async function startWorkerProfile(dir = process.env[WORKER_PROFILE_DIR_VARIABLE]): Promise<void> {
  if (!dir || stop) return;
  const session = new Session();
  session.connect();
  await session.post("Profiler.enable");
  await session.post("Profiler.start");
  stop = async () => {
    const { profile } = await session.post("Profiler.stop");
    writeFileSync(join(dir, `worker-${threadId}.cpuprofile`), JSON.stringify(profile));
    session.disconnect();
  };
}

/** Stops the profile startWorkerProfile started, if any, and writes it. */
export async function stopWorkerProfile(): Promise<void> {
  const stopping = stop;
  stop = undefined;
  await stopping?.();
}

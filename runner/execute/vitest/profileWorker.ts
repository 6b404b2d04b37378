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

/** Starts profiling this thread; the function returned stops and writes `<dir>/worker-<thread>.cpuprofile`. */
export async function startWorkerProfile(dir: string): Promise<() => Promise<void>> {
  const session = new Session();
  session.connect();
  await session.post("Profiler.enable");
  await session.post("Profiler.start");
  return async () => {
    const { profile } = await session.post("Profiler.stop");
    writeFileSync(join(dir, `worker-${threadId}.cpuprofile`), JSON.stringify(profile));
    session.disconnect();
  };
}

/**
 * For `npm run bench`: the moment the checks send their first request, seen from inside the vitest
 * worker that sends it (the preflight's requests come from the main thread before the worker
 * exists). When $CMS_BENCH_FIRST_REQUEST_FILE names a file, the first request undici creates on
 * this thread writes there the time (ms since the epoch) and the CPU the whole process has used.
 */
import { subscribe, unsubscribe } from "node:diagnostics_channel";
import { writeFileSync } from "node:fs";

/** The environment variable naming the file to write. */
export const FIRST_REQUEST_FILE_VARIABLE = "CMS_BENCH_FIRST_REQUEST_FILE";

/** What the file holds. */
export interface FirstRequestMark {
  readonly at: number;
  /** The same moment on the monotonic clock, in µs: the clock of V8's CPU profiles' timestamps. */
  readonly monotonicUs: number;
  /** User + system CPU of the process (every thread) so far. */
  readonly cpuMs: number;
}

const CHANNEL = "undici:request:create";

/** Writes the mark to `file` when this thread's first request is created. */
export function markFirstRequest(file: string): void {
  const onRequest = (): void => {
    unsubscribe(CHANNEL, onRequest);
    const usage = process.cpuUsage();
    const mark: FirstRequestMark = {
      at: performance.timeOrigin + performance.now(),
      monotonicUs: Number(process.hrtime.bigint() / 1000n),
      cpuMs: (usage.user + usage.system) / 1000,
    };
    writeFileSync(file, JSON.stringify(mark));
  };
  subscribe(CHANNEL, onRequest);
}

/**
 * For `npm run bench`: the moment the checks send their first request, seen from inside the vitest
 * worker that sends it (the preflight's requests come from the main thread before the worker
 * exists). When $CMS_BENCH_FIRST_REQUEST_FILE names a file, the first request undici creates on
 * this thread writes there the time (ms since the epoch) and the CPU the whole process has used.
 */
import { subscribe, unsubscribe } from "node:diagnostics_channel";
import { readdirSync, readFileSync, readlinkSync, writeFileSync } from "node:fs";

/** The environment variable naming the file to write. */
export const FIRST_REQUEST_FILE_VARIABLE = "CMS_BENCH_FIRST_REQUEST_FILE";

/** What the file holds. */
export interface FirstRequestMark {
  readonly at: number;
  /** The same moment on the monotonic clock, in µs: the clock of V8's CPU profiles' timestamps. */
  readonly monotonicUs: number;
  /** User + system CPU of the process (every thread) so far. */
  readonly cpuMs: number;
  /** The same CPU by thread (Linux, /proc/self/task): the main thread, this worker, and every other thread (V8's helpers, libuv's pool). */
  readonly threadsCpuMs?: { readonly main: number; readonly worker: number; readonly other: number };
  /** Whether the worker loaded the compiled checks (dist/) natively, or their sources through vitest's module runner. */
  readonly checksCompiled: boolean;
}

/** User + system CPU of each thread of this process so far, from /proc (clock ticks of 10 ms); undefined where /proc is missing. */
function threadsCpuMs(): FirstRequestMark["threadsCpuMs"] {
  try {
    const self = readlinkSync("/proc/thread-self").split("/").pop();
    const split = { main: 0, worker: 0, other: 0 };
    for (const task of readdirSync("/proc/self/task")) {
      const stat = readFileSync(`/proc/self/task/${task}/stat`, "utf8");
      // Fields after the command name: utime and stime are the 12th and 13th (proc(5)).
      const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
      const ms = (Number(fields[11]) + Number(fields[12])) * 10;
      const key = task === String(process.pid) ? "main" : task === self ? "worker" : "other";
      split[key] += ms;
    }
    return split;
  } catch {
    return undefined;
  }
}

const CHANNEL = "undici:request:create";

/** Writes the mark to `file` when this thread's first request is created. */
export function markFirstRequest(file: string, checksCompiled: boolean): void {
  const onRequest = (): void => {
    unsubscribe(CHANNEL, onRequest);
    const usage = process.cpuUsage();
    const threads = threadsCpuMs();
    const mark: FirstRequestMark = {
      at: performance.timeOrigin + performance.now(),
      monotonicUs: Number(process.hrtime.bigint() / 1000n),
      cpuMs: (usage.user + usage.system) / 1000,
      ...(threads ? { threadsCpuMs: threads } : {}),
      checksCompiled,
    };
    writeFileSync(file, JSON.stringify(mark));
  };
  subscribe(CHANNEL, onRequest);
}

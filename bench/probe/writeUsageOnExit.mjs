// Preloaded into a measured process (node --import; the suite's and the bare loop's): on exit, writes the process's
// resource usage (all threads) to $CMS_BENCH_USAGE_FILE, so the benchmark can read peak memory,
// and the CPU of the threads still alive then (Linux, /proc/self/task): the main thread, and the
// others (V8's helper threads, which run its optimising compiler and parts of its garbage collector,
// and libuv's pool). In the suite, the checks' vitest worker has ended by then: its CPU is the rest.
import { readdirSync, readFileSync, writeFileSync } from "node:fs";

/** User + system CPU of the main thread and of the other live threads, in ms (clock ticks of 10 ms); undefined without /proc. */
function liveThreadsCpuMs() {
  try {
    const split = { main: 0, other: 0 };
    for (const task of readdirSync("/proc/self/task")) {
      const stat = readFileSync(`/proc/self/task/${task}/stat`, "utf8");
      // Fields after the command name: utime and stime are the 12th and 13th (proc(5)).
      const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
      split[task === String(process.pid) ? "main" : "other"] += (Number(fields[11]) + Number(fields[12])) * 10;
    }
    return split;
  } catch {
    return undefined;
  }
}

const file = process.env.CMS_BENCH_USAGE_FILE;
if (file)
  process.on("exit", () =>
    writeFileSync(file, JSON.stringify({ usage: process.resourceUsage(), live: liveThreadsCpuMs() })),
  );

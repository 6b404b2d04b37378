/**
 * CPU time of a process from /proc (Linux): counts every thread of the process (vitest's
 * workers are threads) and, separately, its children that have ended (vite's helpers).
 */
import { readFileSync } from "node:fs";

/** USER_HZ, the unit of /proc/<pid>/stat times: 100 on every mainstream Linux architecture. */
const TICKS_PER_SECOND = 100;

/** CPU milliseconds (user + system) of a process and of its children that have ended. */
export interface ProcessCpu {
  readonly ownMs: number;
  readonly endedChildrenMs: number;
}

/** Parses the text of /proc/<pid>/stat; undefined when it is not one. */
export function parseProcStat(text: string): ProcessCpu | undefined {
  // Field 2 (the command name) may hold spaces and ")": the fixed fields start after the last ")".
  const fields = text
    .slice(text.lastIndexOf(")") + 2)
    .trim()
    .split(/\s+/);
  // fields[0] is field 3 (state); utime, stime, cutime, cstime are fields 14 to 17.
  const ticks = [11, 12, 13, 14].map((index) => Number(fields[index]));
  if (ticks.some((value) => !Number.isFinite(value))) return undefined;
  const ms = (value: number): number => (value * 1000) / TICKS_PER_SECOND;
  return { ownMs: ms(ticks[0]! + ticks[1]!), endedChildrenMs: ms(ticks[2]! + ticks[3]!) };
}

/** The CPU of `pid` ("self" for this process), or undefined without /proc or once it has ended. */
export function readProcessCpu(pid: number | "self"): ProcessCpu | undefined {
  try {
    return parseProcStat(readFileSync(`/proc/${pid}/stat`, "utf8"));
  } catch {
    return undefined;
  }
}

/**
 * One run per report folder at a time (issue 50.3): two runs sharing one --out (the default folder is shared by
 * every run in a checkout) left an index.html saying PASS beside a report.json saying FAIL. A run takes a lock
 * file in the folder holding its pid and start time; a second run exits 2 naming the first; the lock of a process
 * that no longer exists is taken over.
 */
import { readFileSync, unlinkSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { UsageError } from "./io.js";

/** The lock file's name in the report folder. */
const LOCK_FILE = ".cms-conformance.lock";

/** What a lock file holds. */
interface LockHolder {
  readonly pid: number;
  readonly startedAt: string;
}

function holderOf(path: string): LockHolder | undefined {
  try {
    const data = JSON.parse(readFileSync(path, "utf8")) as Partial<LockHolder>;
    return typeof data.pid === "number" ? { pid: data.pid, startedAt: String(data.startedAt ?? "") } : undefined;
  } catch {
    return undefined;
  }
}

/** Whether a process `pid` exists (EPERM: it does, owned by another user). */
function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === "EPERM";
  }
}

/** The live run other than this process holding the lock of `folder`, if any. */
export function otherLockHolder(folder: string): LockHolder | undefined {
  const holder = holderOf(join(folder, LOCK_FILE));
  return holder && holder.pid !== process.pid && isAlive(holder.pid) ? holder : undefined;
}

/** Takes the lock of `folder` for this process (exit 2 when a live run holds it); returns what releases it. */
export function lockOutFolder(folder: string, startedAt: Date = new Date()): () => void {
  const path = join(folder, LOCK_FILE);
  const mine = JSON.stringify({ pid: process.pid, startedAt: startedAt.toISOString() });
  for (let attempt = 0; attempt < 2; attempt += 1) {
    try {
      writeFileSync(path, mine, { flag: "wx" });
      return () => {
        if (holderOf(path)?.pid === process.pid) unlinkSync(path);
      };
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
    }
    const holder = otherLockHolder(folder);
    if (holder)
      throw new UsageError(
        `the report folder ${folder} is in use by another run (pid ${holder.pid}, started ${holder.startedAt}); ` +
          `wait for it to end, or give this run its own --out`,
      );
    // The lock of a process that no longer exists (or unreadable): taken over.
    unlinkSync(path);
  }
  throw new UsageError(`cannot lock the report folder ${folder}; give this run its own --out`);
}

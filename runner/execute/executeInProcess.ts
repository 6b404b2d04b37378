/**
 * Runs the plan in this process through the one loop (runPlannedChecks), over a fresh session. For
 * the suite's own tests and the benchmarks, where starting vitest per run would cost more than the
 * checks; the CLI's executor runs the same loop inside vitest's worker.
 */
import { createTargetSession } from "../engine/createTargetSession.js";
import type { CheckExecutor } from "./CheckExecutor.js";
import { runPlannedChecks } from "./runPlannedChecks.js";

/** The in-process executor. */
export const executeInProcess: CheckExecutor = async (settings, planned, onResult, signal) => {
  const session = createTargetSession(settings);
  try {
    const { results, notRun, statistics } = await runPlannedChecks(session, planned, onResult, signal).done;
    return { results, statistics, runErrors: [], ...(notRun.length > 0 ? { notRun } : {}) };
  } finally {
    await session.close();
  }
};

/**
 * Runs the plan in this process through the one loop (runPlannedChecks), over a fresh session. For
 * the suite's own tests and the benchmarks, where starting vitest per run would cost more than the
 * checks; the CLI's executor runs the same loop inside vitest's worker. The plan names checks by their
 * descriptions, as the CLI knows them; their code comes from `catalogue`, as in the worker.
 */
import type { CheckCatalogue } from "../engine/CheckCatalogue.js";
import type { CheckDefinition } from "../engine/CheckDefinition.js";
import { createTargetSession } from "../engine/createTargetSession.js";
import type { CheckExecutor } from "./CheckExecutor.js";
import { runPlannedChecks } from "./runPlannedChecks.js";
import { fromSelectedVerdicts, toSelectedVerdicts } from "./vitest/selectedVerdicts.js";

/** The in-process executor of the checks of `catalogue`. */
export function executeInProcessWith(catalogue: CheckCatalogue<CheckDefinition>): CheckExecutor {
  return async (settings, planned, onResult, signal) => {
    const runnable = fromSelectedVerdicts(toSelectedVerdicts(planned), catalogue);
    const session = createTargetSession(settings);
    try {
      const { results, notRun, statistics } = await runPlannedChecks(session, runnable, onResult, signal).done;
      return { results, statistics, runErrors: [], ...(notRun.length > 0 ? { notRun } : {}) };
    } finally {
      await session.close();
    }
  };
}

/**
 * Runs the planned checks in this process with the same engine the vitest project uses
 * (runCheck over one TargetSession), a few at a time. For the suite's own tests and the
 * benchmarks, where starting vitest per run would cost more than the checks.
 */
import { stoppedNote } from "../engine/TargetSession.js";
import { createTargetSession } from "../engine/createTargetSession.js";
import { FailureBudget } from "../engine/FailureBudget.js";
import { runCheck } from "../engine/runCheck.js";
import type { VerdictKey } from "../settings/RunSettings.js";
import type { CheckResult } from "../report/model.js";
import { compactResult } from "../vitest/compactResult.js";
import type { CheckExecutor } from "./CheckExecutor.js";

/** Checks run at once, as the conformance project's maxConcurrency. */
const CHECKS_AT_ONCE = 8;

/** The in-process executor. */
export const executeInProcess: CheckExecutor = async (settings, planned, onResult) => {
  const session = createTargetSession(settings);
  const results: CheckResult[] = [];
  const budget = new FailureBudget(settings.maxFailures);
  const notRun: VerdictKey[] = [];
  let next = 0;
  const worker = async () => {
    while (next < planned.length) {
      const { check, operation } = planned[next++] as (typeof planned)[number];
      if (budget.exhausted()) {
        notRun.push({ checkId: check.id, operation });
        continue;
      }
      const result = compactResult(await runCheck(check, operation, session));
      budget.record(result);
      results.push(result);
      onResult(result);
    }
  };
  try {
    await Promise.all(Array.from({ length: Math.min(CHECKS_AT_ONCE, planned.length) }, worker));
    const durationsByPath = Object.fromEntries(
      [...session.durationsByPath()].map(([path, durations]) => [path, [...durations]]),
    );
    const exchanges = session.exchangeLog();
    return {
      results,
      statistics: {
        ...session.stats(),
        durationsByPath,
        sampling: session.samplingNotes(),
        ...stoppedNote(session),
        ...(exchanges ? { exchanges } : {}),
      },
      runErrors: [],
      ...(notRun.length > 0 ? { notRun } : {}),
    };
  } finally {
    await session.close();
  }
};

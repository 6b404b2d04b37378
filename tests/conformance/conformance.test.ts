/**
 * The conformance project: one vitest test per check and operation, against the target the
 * settings name. Run it with `cms-conformance run` (or `vitest --project conformance` with
 * CMS_BASE_URL, CMS_CLIENT_ID and CMS_TOKEN set). The pairs to run were selected once, by
 * whoever provided the run (the CLI, or globalSetup.ts).
 */
import { afterAll, inject, test } from "vitest";
import "../../runner/vitest/vitestBridge.js";
import { RUN_KEY } from "../../runner/vitest/vitestBridge.js";
import { createTargetSession } from "../../runner/engine/createTargetSession.js";
import { FailureBudget } from "../../runner/engine/FailureBudget.js";
import { stoppedNote } from "../../runner/engine/TargetSession.js";
import { runCheck } from "../../runner/engine/runCheck.js";
import { fromSelectedVerdicts } from "../../runner/planRun.js";
import { compactResult } from "../../runner/vitest/compactResult.js";

const { settings, verdicts } = inject(RUN_KEY);
const session = createTargetSession(settings);
const planned = fromSelectedVerdicts(verdicts);

const budget = new FailureBudget(settings.maxFailures);

afterAll(() => session.close());

for (const { check, operation } of planned) {
  test.concurrent(`${check.id} [${operation}]`, async ({ task, skip }) => {
    if (budget.exhausted()) {
      task.meta.cmsConformanceNotRun = { checkId: check.id, operation };
      skip(`not run: --max-failures ${settings.maxFailures} was reached`);
    }
    const result = compactResult(await runCheck(check, operation, session));
    budget.record(result);
    task.meta.cmsConformanceResult = result;
    if (result.outcome === "skipped") skip(result.skipReason);
    if (result.outcome === "failed" || result.outcome === "error") {
      throw new Error(`${result.outcome}: ${result.message}`);
    }
  });
}

// Sequential, so it runs once every concurrent check above has finished: carries the run's HTTP figures
// and how its listings were sampled.
test("run statistics", ({ task }) => {
  const durationsByPath = Object.fromEntries(
    [...session.durationsByPath()].map(([path, durations]) => [path, [...durations]]),
  );
  const exchanges = session.exchangeLog();
  task.meta.cmsConformanceStatistics = {
    ...session.stats(),
    durationsByPath,
    sampling: session.samplingNotes(),
    ...stoppedNote(session),
    ...(exchanges ? { exchanges } : {}),
  };
});

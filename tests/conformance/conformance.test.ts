/**
 * The conformance project: vitest as a thin adapter around the one loop (runPlannedChecks). The loop
 * runs the plan; each vitest test waits for its pair's outcome and reports it (its verdict in the
 * test's meta), and a last test carries the run's statistics. Run it with `cms-conformance run` (or
 * `vitest --project conformance` with CMS_BASE_URL, CMS_CLIENT_ID and CMS_TOKEN set). The pairs to
 * run were selected once, by whoever provided the run (the CLI, or globalSetup.ts).
 */
import { afterAll, inject, test } from "vitest";
import { createTargetSession } from "../../runner/engine/createTargetSession.js";
import { runPlannedChecks } from "../../runner/execute/runPlannedChecks.js";
import { FIRST_REQUEST_FILE_VARIABLE, markFirstRequest } from "../../runner/execute/vitest/firstRequestProbe.js";
import { stopWorkerProfile } from "../../runner/execute/vitest/profileWorker.js";
import { RUN_KEY } from "../../runner/execute/vitest/vitestBridge.js";
import { fromSelectedVerdicts } from "../../runner/execute/vitest/selectedVerdicts.js";
import { CHECK_CATALOGUE } from "./checkCatalogue.js";

const firstRequestFile = process.env[FIRST_REQUEST_FILE_VARIABLE];
if (firstRequestFile) markFirstRequest(firstRequestFile);
const { settings, verdicts } = inject(RUN_KEY);
const session = createTargetSession(settings);
const planned = fromSelectedVerdicts(verdicts, CHECK_CATALOGUE);
const running = runPlannedChecks(session, planned);

afterAll(() => session.close());

planned.forEach(({ check, operation }, index) => {
  test.concurrent(`${check.id} [${operation}]`, async ({ task, skip }) => {
    const outcome = await running.outcomeOf(index);
    // The worker never hears an interruption itself: the CLI cancels the vitest run instead.
    if ("interrupted" in outcome) return skip("interrupted");
    if ("notRun" in outcome) {
      task.meta.cmsConformanceNotRun = outcome.notRun;
      skip(`not run: --max-failures ${settings.maxFailures} was reached`);
      return;
    }
    const { result } = outcome;
    task.meta.cmsConformanceResult = result;
    if (result.outcome === "skipped") skip(result.skipReason);
    if (result.outcome === "failed" || result.outcome === "error") {
      throw new Error(`${result.outcome}: ${result.message}`);
    }
  });
});

// Sequential, so it runs once every concurrent test above has reported: carries the run's statistics.
test("run statistics", async ({ task }) => {
  task.meta.cmsConformanceStatistics = (await running.done).statistics;
  await stopWorkerProfile();
});

/**
 * The conformance project's tests: vitest as a thin adapter around the one loop (runPlannedChecks). The
 * loop runs the plan; each vitest test waits for its pair's outcome and reports it (its verdict in the
 * test's meta), and a last test carries the run's statistics. The pairs to run were selected once, by
 * whoever provided the run (the CLI, or globalSetup.ts). conformance.test.ts, the project's test file,
 * loads this module and hands it vitest's functions, so that it can be loaded compiled as well.
 */
import type { afterAll, test } from "vitest";
import { createTargetSession } from "../runner/engine/createTargetSession.js";
import { runPlannedChecks } from "../runner/execute/runPlannedChecks.js";
import { FIRST_REQUEST_FILE_VARIABLE, markFirstRequest } from "../runner/execute/vitest/firstRequestProbe.js";
import type { ProvidedRun } from "../runner/execute/vitest/vitestBridge.js";
import { fromSelectedVerdicts } from "../runner/execute/vitest/selectedVerdicts.js";
import { CHECK_CATALOGUE } from "./checkCatalogue.js";

/** What the tests need of vitest and of the worker, handed in by the test file. */
export interface ConformanceTestsHost {
  readonly afterAll: typeof afterAll;
  readonly test: typeof test;
  /** Called once every check has reported (the bench's profile of the worker ends there). */
  readonly onChecksDone: () => Promise<void>;
}

/** Declares one concurrent test per planned pair, and the last test that carries the run's statistics. */
export function registerConformanceTests({ settings, verdicts }: ProvidedRun, host: ConformanceTestsHost): void {
  const firstRequestFile = process.env[FIRST_REQUEST_FILE_VARIABLE];
  if (firstRequestFile) markFirstRequest(firstRequestFile, import.meta.url.endsWith(".js"));
  const session = createTargetSession(settings);
  const planned = fromSelectedVerdicts(verdicts, CHECK_CATALOGUE);
  const running = runPlannedChecks(session, planned);

  host.afterAll(() => session.close());

  planned.forEach(({ check, operation }, index) => {
    host.test.concurrent(`${check.id} [${operation}]`, async ({ task, skip }) => {
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
  host.test("run statistics", async ({ task }) => {
    task.meta.cmsConformanceStatistics = (await running.done).statistics;
    await host.onChecksDone();
  });
}

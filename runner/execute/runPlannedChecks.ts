/**
 * The one loop that runs a plan: the planned check × operation pairs, a few at a time, over one
 * TargetSession, each verdict compacted as it comes, no new check started once --max-failures is
 * reached, and the run's statistics gathered once every check has ended. Both executors go through
 * it: in process (self-tests, benchmarks) and in the vitest worker (the CLI), where vitest only
 * reports what this loop decided.
 */
import type { PlannedCheck } from "../engine/CheckCatalogue.js";
import type { CheckDefinition } from "../engine/CheckDefinition.js";
import { FailureBudget } from "../engine/FailureBudget.js";
import { runCheck } from "../engine/runCheck.js";
import type { TargetSession } from "../engine/TargetSession.js";
import type { CheckResult } from "../model/RunReport.js";
import type { RunStatistics } from "../model/RunStatistics.js";
import type { VerdictKey } from "../model/RunSettings.js";
import { compactResult } from "./compactResult.js";
import { runStatistics } from "./runStatistics.js";

/**
 * Checks run at once (the conformance project's maxConcurrency matches it). The HTTP client's
 * concurrency bounds the requests; enough checks run to keep it busy: against a target 10 ms away,
 * 8 left the connections idle while the last long checks walked alone (BENCHMARKS.md, latency);
 * against one 100 ms away, 16 left the walks of late checks waiting for a lane while the long
 * property checks held ten of them (issue 42.2): as many as the default --max-concurrency.
 */
export const CHECKS_AT_ONCE = 32;

/**
 * What became of one planned pair: its verdict; not run because --max-failures was reached first;
 * or not started because the run was interrupted (its verdict is then an error the runner writes).
 */
export type PairOutcome =
  { readonly result: CheckResult } | { readonly notRun: VerdictKey } | { readonly interrupted: VerdictKey };

/** What the loop produced once every pair has an outcome. */
export interface PlanOutcome {
  readonly results: readonly CheckResult[];
  readonly notRun: readonly VerdictKey[];
  readonly statistics: RunStatistics;
}

/** A plan under way: the outcome of each pair as it comes, and of the whole plan. */
export interface RunningPlan {
  /** The outcome of the pair at `index` of the plan. */
  outcomeOf(index: number): Promise<PairOutcome>;
  /** Every pair's outcome and the run's statistics, once the last check has ended. */
  readonly done: Promise<PlanOutcome>;
}

/** Starts running `planned` on `session`; `onResult` hears each verdict as it comes. */
export function runPlannedChecks(
  session: TargetSession,
  planned: readonly PlannedCheck<CheckDefinition>[],
  onResult: (result: CheckResult) => void = () => undefined,
  signal?: AbortSignal,
): RunningPlan {
  const budget = new FailureBudget(session.settings.maxFailures);
  const resolvers: ((outcome: PairOutcome) => void)[] = [];
  const rejecters: ((error: unknown) => void)[] = [];
  const outcomes = planned.map(
    () =>
      new Promise<PairOutcome>((resolve, reject) => {
        resolvers.push(resolve);
        rejecters.push(reject);
      }),
  );
  const results: CheckResult[] = [];
  const notRun: VerdictKey[] = [];
  let next = 0;
  const worker = async (): Promise<void> => {
    while (next < planned.length) {
      const index = next++;
      const { check, operation } = planned[index] as PlannedCheck<CheckDefinition>;
      const settle = resolvers[index] as (outcome: PairOutcome) => void;
      if (signal?.aborted) {
        settle({ interrupted: { checkId: check.id, operation } });
        continue;
      }
      if (budget.exhausted()) {
        const key = { checkId: check.id, operation };
        notRun.push(key);
        settle({ notRun: key });
        continue;
      }
      const result = compactResult(await runCheck(check, operation, session));
      budget.record(result);
      results.push(result);
      onResult(result);
      settle({ result });
    }
  };
  const done = Promise.all(Array.from({ length: Math.min(CHECKS_AT_ONCE, planned.length) }, worker)).then(
    (): PlanOutcome => ({ results, notRun, statistics: runStatistics(session) }),
    (error: unknown) => {
      // A bug of ours outside any check (runCheck judges the checks' own exceptions): no pair waits forever.
      for (const reject of rejecters) reject(error);
      throw error;
    },
  );
  return { outcomeOf: (index) => outcomes[index] as Promise<PairOutcome>, done };
}

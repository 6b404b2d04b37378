/**
 * --max-failures: counts failed and errored verdicts (both fail the gate) and says when no further
 * check should start. Checks already running finish and are reported, so a run may end with a few
 * more failures than the budget when checks run side by side.
 */
import type { CheckResult } from "../model/RunReport.js";

/** The failure count of one run against its bound (none without --max-failures). */
export class FailureBudget {
  private failures = 0;

  constructor(private readonly maxFailures: number | undefined) {}

  /** Counts the verdict if it failed or errored. */
  record(result: Pick<CheckResult, "outcome">): void {
    if (result.outcome === "failed" || result.outcome === "error") this.failures += 1;
  }

  /** True once the bound is reached: start no other check. */
  exhausted(): boolean {
    return this.maxFailures !== undefined && this.failures >= this.maxFailures;
  }
}

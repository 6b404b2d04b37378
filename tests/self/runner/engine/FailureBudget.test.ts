/** FailureBudget.ts: --max-failures and -x, counted over failed and errored verdicts. */
import { describe, expect, it } from "vitest";
import { FailureBudget } from "../../../../runner/engine/FailureBudget.js";
import type { Outcome } from "../../../../runner/model/RunReport.js";

describe("FailureBudget", () => {
  it("is never exhausted without a bound", () => {
    const budget = new FailureBudget(undefined);
    for (let n = 0; n < 50; n += 1) budget.record({ outcome: "failed" });
    expect(budget.exhausted()).toBe(false);
  });

  it("counts failed and errored verdicts only, and is exhausted once the count reaches the bound", () => {
    const budget = new FailureBudget(2);
    for (const outcome of ["passed", "warning", "skipped", "waived"] as Outcome[]) budget.record({ outcome });
    expect(budget.exhausted()).toBe(false);
    budget.record({ outcome: "failed" });
    expect(budget.exhausted()).toBe(false);
    budget.record({ outcome: "error" });
    expect(budget.exhausted()).toBe(true);
    budget.record({ outcome: "failed" });
    expect(budget.exhausted()).toBe(true);
  });

  it("with a bound of 0, starts nothing", () => {
    expect(new FailureBudget(0).exhausted()).toBe(true);
  });
});

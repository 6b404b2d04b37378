/**
 * runGate (issue 48.5): a run blames the target only for a failed verdict or an expired waiver; what
 * could not be judged alone (errors, gate failures of --fail-on-*) blames nobody yet, in one sentence
 * naming how many and the first cause.
 */
import { describe, expect, it } from "vitest";
import { buildRunReport } from "../../../../runner/report/buildRunReport.js";
import { EXPIRED_WAIVER_PREFIX, runGate } from "../../../../runner/report/runGate.js";
import { resolveRunSettings } from "../../../../runner/settings/resolveRunSettings.js";
import type { CheckResult } from "../../../../runner/model/RunReport.js";
import { makeResult } from "../../reports/runReportFixture.js";

const facts = {
  settings: resolveRunSettings([{ baseUrl: "https://cms.example.com", clientId: "c", token: "t", seed: 1 }]),
  startedAt: new Date("2026-01-01T00:00:00Z"),
  durationMs: 1,
  totalVerdicts: 10,
  sampling: [],
  gateFailures: [],
  notes: [],
};
const gateOf = (results: readonly CheckResult[], gateFailures: readonly string[] = []) =>
  runGate(buildRunReport(results, { ...facts, gateFailures }));

const passed = makeResult({ checkId: "http.valid-request-ok" });
const failed = makeResult({ checkId: "pagination.default-first-10", outcome: "failed", message: "11 items." });
const error = (checkId: string, message: string) =>
  makeResult({ checkId, operation: "listLandingPages", outcome: "error", message });

describe("runGate", () => {
  it("passes a run with nothing failed, errored or gated", () => {
    expect(gateOf([passed, makeResult({ outcome: "warning" }), makeResult({ outcome: "skipped" })])).toStrictEqual({
      kind: "passed",
    });
  });

  it("blames the target for one failed verdict, whatever errors stand beside it", () => {
    expect(gateOf([passed, error("pagination.walk-covers-all", "reset."), failed])).toStrictEqual({
      kind: "target-failed",
    });
  });

  it("blames the target for an expired waiver, though no verdict failed", () => {
    expect(gateOf([passed], [`${EXPIRED_WAIVER_PREFIX}schema.* on getWidget (expired 2026-01-01)`])).toStrictEqual({
      kind: "target-failed",
    });
  });

  it("blames nobody for errors alone: one sentence with their count and the first one's check, operation and cause", () => {
    const gate = gateOf([
      passed,
      error(
        "pagination.walk-covers-all",
        "restricted listing: no complete answer to judge (reset: socket hang up). (+2 more findings)\n- more",
      ),
      error("search.title-substring", "timeout."),
    ]);
    expect(gate).toStrictEqual({
      kind: "not-judged",
      sentence:
        "no verdict failed, but the run could not judge everything: 2 verdicts could not be judged (errors); the " +
        "first, pagination.walk-covers-all on listLandingPages: restricted listing: no complete answer to judge " +
        "(reset: socket hang up) (exit 2: not a failure of the target; the report lists each)",
    });
  });

  it("blames nobody for gate failures of --fail-on-skipped, naming their count and the first, and cuts a long cause", () => {
    const long = `skipped (--fail-on-skipped): permissions.listing-facts on getWidget: ${"x".repeat(400)}`;
    const gate = gateOf([passed, error("a.b", "one.")], [long, "skipped (--fail-on-skipped): c.d on getWidget: why"]);
    expect(gate.kind).toBe("not-judged");
    const sentence = gate.kind === "not-judged" ? gate.sentence : "";
    expect(sentence).toContain(
      "1 verdict could not be judged (error); the first, a.b on listLandingPages: one; and 2 gate failures besides " +
        "the verdicts; the first: skipped (--fail-on-skipped): permissions.listing-facts on getWidget: xxx",
    );
    expect(sentence).toContain(`${long.slice(0, 300)}… (exit 2`);
  });
});

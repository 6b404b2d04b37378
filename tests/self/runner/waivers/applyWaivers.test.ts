import { describe, expect, it } from "vitest";
import { applyWaivers } from "../../../../runner/waivers/applyWaivers.js";
import type { CheckResult, Outcome, Waiver } from "../../../../runner/model/RunReport.js";
import type { OperationName } from "../../../../contract/operations.js";

function result(checkId: string, operation: OperationName, outcome: Outcome): CheckResult {
  return {
    checkId,
    title: checkId,
    family: "analytics",
    operation,
    outcome,
    level: "MUST",
    specRefs: ["2.6"],
    registerRefs: [],
    message: "The chart of analytic://t/a is a PIE with 2 series.",
    evidence: [],
    durationMs: 3,
  };
}

const pieWaiver: Waiver = {
  checkId: "analytics.pie-single-series",
  operation: "getAnalytic",
  reason: "VEND-12: fixed in 2.4",
  expires: "2030-06-30",
};
const TODAY = "2030-06-01";

describe("applyWaivers", () => {
  it("turns a failure matching an unexpired waiver into waived, with the waiver and its reason and expiry", () => {
    // Arrange
    const failed = result("analytics.pie-single-series", "getAnalytic", "failed");
    // Act
    const applied = applyWaivers([failed], [pieWaiver], TODAY);
    // Assert
    expect(applied.results).toEqual([
      {
        ...failed,
        outcome: "waived",
        waiver: pieWaiver,
        message:
          "Waived until 2030-06-30: VEND-12: fixed in 2.4 — the failure: The chart of analytic://t/a is a PIE with 2 series.",
      },
    ]);
    expect(applied.expired).toEqual([]);
    expect(applied.unused).toEqual([]);
  });

  it("still applies on the expiry day itself, and is not reported as expired that day", () => {
    const applied = applyWaivers([result(pieWaiver.checkId, "getAnalytic", "failed")], [pieWaiver], "2030-06-30");
    expect(applied.results[0]?.outcome).toBe("waived");
    expect(applied.expired).toEqual([]);
    expect(applied.unused).toEqual([]);
  });

  it("is expired the day after its expiry day, and only then (dates compare as calendar days)", () => {
    const failed = result(pieWaiver.checkId, "getAnalytic", "failed");
    expect(applyWaivers([failed], [pieWaiver], "2030-06-29").expired).toEqual([]);
    expect(applyWaivers([failed], [pieWaiver], "2030-06-30").expired).toEqual([]);
    expect(applyWaivers([failed], [pieWaiver], "2030-07-01").expired).toEqual([pieWaiver]);
    expect(applyWaivers([failed], [{ ...pieWaiver, expires: "2029-12-31" }], "2030-01-01").results).toEqual([failed]);
    expect(applyWaivers([failed], [{ ...pieWaiver, expires: "2030-01-01" }], "2029-12-31").results[0]?.outcome).toBe(
      "waived",
    );
  });

  it("does not report an unexpired waiver whose check passed as expired, but as unused", () => {
    const applied = applyWaivers([result(pieWaiver.checkId, "getAnalytic", "passed")], [pieWaiver], "2030-06-30");
    expect(applied).toMatchObject({ expired: [], unused: [pieWaiver] });
  });

  it("does not report an expired waiver as unused", () => {
    const applied = applyWaivers([result(pieWaiver.checkId, "getAnalytic", "passed")], [pieWaiver], "2030-07-01");
    expect(applied).toMatchObject({ expired: [pieWaiver], unused: [] });
  });

  it("applies the first of two waivers for the same check and operation, and reports the other unused", () => {
    const second = { ...pieWaiver, reason: "second", expires: "2031-01-01" };
    const applied = applyWaivers([result(pieWaiver.checkId, "getAnalytic", "failed")], [pieWaiver, second], TODAY);
    expect(applied.results[0]?.waiver).toBe(pieWaiver);
    expect(applied.unused).toEqual([second]);
  });

  it("does not apply an expired waiver: the failure stays failed and the waiver is reported as expired", () => {
    const failed = result(pieWaiver.checkId, "getAnalytic", "failed");
    const applied = applyWaivers([failed], [pieWaiver], "2030-07-01");
    expect(applied.results).toEqual([failed]);
    expect(applied.expired).toEqual([pieWaiver]);
    expect(applied.unused).toEqual([]);
  });

  it("reports an expired waiver even when its check passed", () => {
    const applied = applyWaivers([result(pieWaiver.checkId, "getAnalytic", "passed")], [pieWaiver], "2031-01-01");
    expect(applied.expired).toEqual([pieWaiver]);
  });

  it("matches on check id and operation together", () => {
    const otherOperation = result(pieWaiver.checkId, "getWidget", "failed");
    const otherCheck = result("http.no-server-error", "getAnalytic", "failed");
    const applied = applyWaivers([otherOperation, otherCheck], [pieWaiver], TODAY);
    expect(applied.results.map((r) => r.outcome)).toEqual(["failed", "failed"]);
    expect(applied.unused).toEqual([pieWaiver]);
  });

  it.each<Outcome>(["passed", "warning", "skipped", "error"])(
    "leaves a %s result alone and reports the waiver unused",
    (outcome) => {
      const untouched = result(pieWaiver.checkId, "getAnalytic", outcome);
      const applied = applyWaivers([untouched], [pieWaiver], TODAY);
      expect(applied.results).toEqual([untouched]);
      expect(applied.unused).toEqual([pieWaiver]);
    },
  );

  it("returns a waiver that matches no result as unused", () => {
    const applied = applyWaivers([], [pieWaiver], TODAY);
    expect(applied).toEqual({ results: [], expired: [], unused: [pieWaiver] });
  });

  it("keeps the order of the results and does not change its inputs", () => {
    const results = [
      result("http.no-server-error", "getAnalytic", "passed"),
      result(pieWaiver.checkId, "getAnalytic", "failed"),
      result("http.no-server-error", "getWidget", "failed"),
    ];
    const frozen = structuredClone(results);
    const applied = applyWaivers(results, [pieWaiver], TODAY);
    expect(applied.results.map((r) => `${r.checkId} ${r.operation} ${r.outcome}`)).toEqual([
      "http.no-server-error getAnalytic passed",
      "analytics.pie-single-series getAnalytic waived",
      "http.no-server-error getWidget failed",
    ]);
    expect(results).toEqual(frozen);
  });

  it("refuses a today that is not YYYY-MM-DD, naming the value", () => {
    expect(() => applyWaivers([], [], "2030-6-1")).toThrow('today must be YYYY-MM-DD, received "2030-6-1"');
  });
});

/**
 * Waivers a vendor can live with (issue 27.6): the example of docs/acceptance.md (docs/examples/waivers.json)
 * waives one defect, a PIE chart with two series, wherever it fails a check (analytics.pie-single-series
 * and schema.response-body on getAnalytic), so the run passes; and it hides no other failure of those checks.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { referenceRunConfig } from "../../../../reference/referenceRunConfig.js";
import { startReferenceServer, type RunningReferenceServer } from "../../../../reference/startReferenceServer.js";
import { executeInProcess } from "../../../../checks/executeInProcess.js";
import type { CheckResult } from "../../../../runner/model/RunReport.js";
import { runConformance } from "../../../../runner/runConformance.js";
import { resolveRunSettings } from "../../../../runner/settings/resolveRunSettings.js";
import { applyWaivers } from "../../../../runner/waivers/applyWaivers.js";
import { loadWaivers } from "../../../../runner/waivers/loadWaivers.js";
import { CHECK_CATALOGUE } from "../../../../checks/checkCatalogue.js";

const EXAMPLE = new URL("../../../../docs/examples/waivers.json", import.meta.url).pathname;
const operationsOf = (id: string) => CHECK_CATALOGUE.checks.find((check) => check.id === id)?.operations;

let server: RunningReferenceServer;
beforeAll(async () => {
  server = await startReferenceServer({ seed: 5 });
});
afterAll(() => server.close());

describe("the waivers example of the docs", () => {
  it("is a valid waivers file of this suite", async () => {
    const waivers = await loadWaivers(EXAMPLE, CHECK_CATALOGUE.ids(), operationsOf);
    expect(waivers).toHaveLength(1);
  });

  it("waives the PIE defect in both checks it fails, so the run passes", async () => {
    const settings = resolveRunSettings([
      referenceRunConfig(server, server.faultBaseUrl("one-analytic-pie-two-series")),
      { seed: 1, maxExamples: 5, operations: ["getAnalytic"], checks: ["analytics.*", "schema.*"] },
    ]);
    const report = await runConformance({
      settings,
      catalogue: CHECK_CATALOGUE,
      executor: executeInProcess,
      waiversFile: EXAMPLE,
    });
    const waived = report.results.filter((result) => result.outcome === "waived").map((result) => result.checkId);
    expect(waived.sort()).toEqual(["analytics.pie-single-series", "schema.response-body"]);
    expect(report.verdict).toBe("pass");
  });

  it("hides no other failure of the same check: a verdict with one more finding stays failed", async () => {
    const [waiver] = await loadWaivers(EXAMPLE, CHECK_CATALOGUE.ids(), operationsOf);
    const failed = (message: string): CheckResult => ({
      checkId: "schema.response-body",
      title: "t",
      family: "schema",
      operation: "getAnalytic",
      outcome: "failed",
      level: "MUST",
      specRefs: ["4.3"],
      registerRefs: [],
      message,
      evidence: [],
      durationMs: 1,
    });
    const pie =
      "getAnalytic a1: the body breaks the getAnalytic.response schema: /analytic/chart/series must NOT have more than 1 items";
    const other = "getAnalytic a2: the body breaks the getAnalytic.response schema: /analytic/title must be string";
    const { results } = applyWaivers(
      [failed(pie), failed(`${pie} (+1 more finding)\n- ${other}`), failed(other)],
      [waiver as never],
      "2026-11-25",
    );
    expect(results.map((result) => result.outcome)).toEqual(["waived", "failed", "failed"]);
  });
});

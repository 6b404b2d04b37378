/**
 * planRun directly (issue 25.3): the pairs a shard keeps, which together are the selection once, and the sentence
 * that refuses a selection matching no verdict, naming every filter as the user wrote it.
 */
import { describe, expect, it } from "vitest";
import { CheckCatalogue } from "../../../runner/engine/CheckCatalogue.js";
import type { CheckDefinition } from "../../../runner/engine/CheckDefinition.js";
import { ConfigurationError } from "../../../runner/model/ConfigurationError.js";
import type { RunSettings } from "../../../runner/model/RunSettings.js";
import { planRun } from "../../../runner/planRun.js";
import { testSettings } from "./engine/engineDoubles.js";

const check = (id: string, operations: CheckDefinition["operations"]): CheckDefinition => ({
  id,
  title: id,
  rule: id,
  family: "http",
  specRefs: ["7"],
  level: "MUST",
  operations,
  registerRefs: [],
  run: async () => undefined,
});
const ALL: CheckDefinition["operations"] = [
  "listFactoryDefaultWidgets",
  "listLandingPages",
  "getAnalytic",
  "getWidget",
  "getRoleFilters",
];
const CATALOGUE = new CheckCatalogue([check("http.one", ALL), check("http.two", ALL)]);

const pairs = (settings: Partial<RunSettings>): string[] =>
  planRun(testSettings(settings), CATALOGUE).map(({ check: { id }, operation }) => `${id} ${operation}`);

function refusal(settings: Partial<RunSettings>): string {
  try {
    planRun(testSettings(settings), CATALOGUE);
  } catch (error) {
    expect(error).toBeInstanceOf(ConfigurationError);
    return (error as Error).message;
  }
  throw new Error("planRun accepted the selection");
}

describe("planRun", () => {
  it("keeps each shard's share of the selection: the shards together hold every pair once, in catalogue order", () => {
    const whole = pairs({});
    const first = pairs({ shard: { index: 1, count: 2 } });
    const second = pairs({ shard: { index: 2, count: 2 } });
    // shardOf (FNV-1a of "checkId operation") puts these pairs in shard 1 and the others in shard 2.
    expect(first).toStrictEqual([
      "http.one listLandingPages",
      "http.one getAnalytic",
      "http.one getRoleFilters",
      "http.two listLandingPages",
      "http.two getAnalytic",
      "http.two getRoleFilters",
    ]);
    expect(second).toStrictEqual([
      "http.one listFactoryDefaultWidgets",
      "http.one getWidget",
      "http.two listFactoryDefaultWidgets",
      "http.two getWidget",
    ]);
    expect([...first, ...second].sort()).toStrictEqual([...whole].sort());
  });

  it("refuses a selection that matches no verdict, naming its --checks and --exclude-checks as given", () => {
    expect(refusal({ checks: ["http.one", "http.two"], excludeChecks: ["http.one", "http.two"] })).toBe(
      "the selection --checks http.one,http.two --exclude-checks http.one,http.two matches no verdict, so the run would prove nothing; run cms-conformance list-checks to see which checks cover which operations",
    );
  });

  it("refuses a re-run whose report names no verdict of the selection, naming the report", () => {
    expect(
      refusal({
        operations: ["getWidget"],
        rerunFailed: { report: "old/report.json", verdicts: [{ checkId: "http.one", operation: "getAnalytic" }] },
      }),
    ).toBe(
      "the selection --operation getWidget --rerun-failed old/report.json matches no verdict, so the run would prove nothing; run cms-conformance list-checks to see which checks cover which operations",
    );
  });
});

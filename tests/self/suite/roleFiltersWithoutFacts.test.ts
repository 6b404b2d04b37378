/**
 * A getRoleFilters that answers no filter for every configured role leaves the union law unjudged
 * (issue 44.4): run without the role-filters fact, each role-filter check whose verdict would hold of
 * empty answers is a visible skip naming the facts to give, never a pass. With the fact, the fault
 * is caught (role-filters.expected-filters; the verdict matrix proves it).
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { faultRunConfig } from "../../../reference/referenceRunConfig.js";
import { withoutRoleFilterFacts } from "../../../reference/runConfigOverride.js";
import { startReferenceServer, type RunningReferenceServer } from "../../../reference/startReferenceServer.js";
import { runInProcess } from "./runInProcess.js";

let server: RunningReferenceServer;
beforeAll(async () => {
  server = await startReferenceServer({ seed: 3 });
});
afterAll(() => server.close());

const VACUOUS = [
  "role-filters.union-law",
  "role-filters.no-duplicate-filters",
  "role-filters.order-and-duplicates-irrelevant",
  "role-filters.exact-role-names",
  "role-filters.scope-of-request",
];

describe("role filters that are always [] and no role-filters fact", () => {
  it("skip every law that empty answers would pass, naming --role and the role-filters fact", async () => {
    const layer = withoutRoleFilterFacts(faultRunConfig(server, "role-filters-always-empty"));
    const report = await runInProcess(layer, { checks: ["role-filters.*"] });
    const verdicts = new Map(report.results.map((result) => [result.checkId, result]));
    for (const id of VACUOUS) {
      expect(verdicts.get(id)?.outcome, id).toBe("skipped");
      expect(verdicts.get(id)?.skipReason, id).toMatch(
        /^every answer held no filter, .*--role.*the role-filters key of the config file/,
      );
    }
    expect(verdicts.get("role-filters.expected-filters")?.outcome).toBe("skipped");
    expect(report.results.some((result) => result.outcome === "passed" && VACUOUS.includes(result.checkId))).toBe(
      false,
    );
  });

  it("judge the same laws on the reference, whose roles have filters", async () => {
    const report = await runInProcess(withoutRoleFilterFacts(faultRunConfig(server, "role-filters-always-empty")), {
      checks: VACUOUS,
      baseUrl: server.baseUrl,
    });
    expect(report.results.map((result) => `${result.checkId} ${result.outcome}`).sort()).toEqual(
      VACUOUS.map((id) => `${id} passed`).sort(),
    );
  });
});

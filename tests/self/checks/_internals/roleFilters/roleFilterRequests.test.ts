/** What a role-filter check does when no answer holds a filter (§4.5): it skips, naming the facts, unless it failed already. */
import { describe, expect, it } from "vitest";
import { Judgement } from "../../../../../runner/engine/Judgement.js";
import { skipWhenNoFilterSeen } from "../../../../../checks/_internals/roleFilters/roleFilterRequests.js";

describe("skipWhenNoFilterSeen", () => {
  it("skips a law judged on empty answers only, naming the --role option and the role-filters fact", () => {
    const judge = new Judgement("default");
    expect(skipWhenNoFilterSeen(judge, 0, "the union law")).toBe(true);
    expect(judge.verdict()).toMatchObject({ outcome: "skipped" });
    expect(judge.verdict().skipReason).toBe(
      "every answer held no filter, so the union law is vacuous here (a getRoleFilters that always answers [] would pass): configure roles that have filters (--role) and give each role's filters (the role-filters key of the config file) to judge it.",
    );
  });

  it("judges when a filter was seen, and keeps a failure rather than skipping", () => {
    const seen = new Judgement("default");
    expect(skipWhenNoFilterSeen(seen, 1, "the union law")).toBe(false);
    expect(seen.verdict().outcome).toBe("passed");
    const failed = new Judgement("default");
    failed.fail("a 200 without a filters array.");
    expect(skipWhenNoFilterSeen(failed, 0, "the union law")).toBe(false);
    expect(failed.verdict().outcome).toBe("failed");
  });
});

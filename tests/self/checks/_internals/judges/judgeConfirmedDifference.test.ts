import { describe, expect, it } from "vitest";
import { judgeConfirmedDifference } from "../../../../../checks/_internals/judges/judgeConfirmedDifference.js";
import { Judgement } from "../../../../../runner/engine/Judgement.js";

const comparison = {
  label: "getWidget w",
  firstName: "the listing",
  secondName: "the read",
  schemaFile: "components/Widget.json",
};
const first = { differences: [{ field: "url", first: "u", second: "v" }], evidence: [] };

describe("judgeConfirmedDifference", () => {
  it("fails the fields that differ at both looks", () => {
    const judge = new Judgement("default");
    const outcome = judgeConfirmedDifference(judge, comparison, first, {
      first: { url: "u", name: "a" },
      second: { url: "v", name: "b" },
      evidence: [],
    });
    expect(outcome).toBe("confirmed");
    expect(judge.verdict()).toMatchObject({
      outcome: "failed",
      message:
        "getWidget w: url differs between the listing and the read, at the first look and again when both were asked once more.",
      expected: 'the values of the listing: url: "u"',
      actual: 'the read: url: "v"',
    });
  });

  it("notes, and does not blame, a difference the second look does not show", () => {
    const judge = new Judgement("strict");
    const outcome = judgeConfirmedDifference(judge, comparison, first, {
      first: { url: "w", name: "a" },
      second: { url: "w", name: "b" },
      evidence: [],
    });
    expect(outcome).toBe("changed");
    expect(judge.verdict()).toMatchObject({
      outcome: "passed",
      message:
        "getWidget w: url differed between the listing and the read once and agreed when both were asked again (data changed during the run; not blamed).",
    });
  });
});

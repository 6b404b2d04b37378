/** judgeWalkTotals.ts (§2.11): the totals a walk's pages state agree with each other and with the items walked. */
import { describe, expect, it } from "vitest";
import { judgeWalkTotals } from "../../../../../checks/_internals/judges/judgeWalkTotals.js";
import { judged, walkOf } from "../../walkDoubles.js";

describe("judgeWalkTotals", () => {
  it("accepts totals that agree with each other and with every page", () => {
    expect(judged((judge) => judgeWalkTotals(judge, walkOf([[1, 2, 3], [4]]), "w")).outcome).toBe("passed");
  });

  it("has nothing to judge without totals", () => {
    expect(
      judged((judge) => judgeWalkTotals(judge, walkOf([[1, 2, 3, 4, 5]], { totalElements: undefined }), "w")).outcome,
    ).toBe("passed");
    expect(
      judged((judge) => judgeWalkTotals(judge, walkOf([[1, 2, 3, 4, 5]], { totalPages: undefined }), "w")).outcome,
    ).toBe("passed");
  });

  it("fails totalPages other than ceil(totalElements / pageSize)", () => {
    const walk = walkOf([[1, 2, 3], [4]], { totalElements: 4, totalPages: 1 });
    expect(judged((judge) => judgeWalkTotals(judge, walk, "size-3 walk"))).toMatchObject({
      outcome: "failed",
      message: "size-3 walk: totalPages 1 does not match 4 results in pages of 3.",
      expected: "totalPages 2 = ceil(4 / 3) (§2.11)",
      actual: "totalPages 1",
      evidence: [{ label: "page 0 of size 3" }],
    });
  });

  it("does not apply the ceiling to an empty result, whatever its totalPages (register empty-total-pages)", () => {
    expect(
      judged((judge) => judgeWalkTotals(judge, walkOf([[]], { totalElements: 0, totalPages: 1 }), "w")).outcome,
    ).toBe("passed");
  });

  it("fails a page with more items than pageSize", () => {
    const walk = walkOf(
      [
        [1, 2, 3],
        [4, 5, 6, 7],
      ],
      { totalElements: 7, totalPages: 3 },
    );
    expect(judged((judge) => judgeWalkTotals(judge, walk, "w"))).toMatchObject({
      outcome: "failed",
      message: "w: page 1 holds 4 items, page 0 said totalElements 7, totalPages 3.",
      expected: "at most 3 items a page and the same totals on every page (§2.11)",
      actual: "holds 4 items",
    });
  });

  it("fails a page whose totals differ from page 0's, showing both pages", () => {
    const elements = walkOf([[1, 2, 3], [4]], {
      perPage: (index) => (index === 1 ? { totalElements: 5, totalPages: 2 } : { totalElements: 4, totalPages: 2 }),
    });
    const verdict = judged((judge) => judgeWalkTotals(judge, { ...elements, totalElements: 4, totalPages: 2 }, "w"));
    expect(verdict).toMatchObject({
      outcome: "failed",
      message: "w: page 1 says totalElements 5, page 0 said totalElements 4, totalPages 2.",
      actual: "says totalElements 5",
    });
    expect(verdict.evidence.map((entry) => entry.label)).toEqual(["page 1 of size 3", "page 0 of size 3"]);
    const pages = walkOf([[1, 2, 3], [4]], {
      perPage: (index) => (index === 1 ? { totalElements: 4, totalPages: 3 } : { totalElements: 4, totalPages: 2 }),
    });
    expect(judged((judge) => judgeWalkTotals(judge, { ...pages, totalElements: 4, totalPages: 2 }, "w")).actual).toBe(
      "says totalPages 3",
    );
  });

  it("passes over a page that gave no totals", () => {
    const walk = walkOf([[1, 2, 3], [4]], {
      perPage: (index) => (index === 1 ? {} : { totalElements: 4, totalPages: 2 }),
    });
    expect(judged((judge) => judgeWalkTotals(judge, { ...walk, totalElements: 4, totalPages: 2 }, "w")).outcome).toBe(
      "passed",
    );
  });

  it("stops at the first page that disagrees, and names the search in the evidence", () => {
    const walk = walkOf(
      [
        [1, 2, 3, 4],
        [5, 6, 7, 8],
      ],
      { searchValue: "k", totalElements: 8, totalPages: 3 },
    );
    const verdict = judged((judge) => judgeWalkTotals(judge, walk, "w"));
    expect(verdict.message).toBe("w: page 0 holds 4 items, page 0 said totalElements 8, totalPages 3.");
    expect(verdict.evidence[0]?.label).toBe('page 0 of size 3, searchValue "k"');
  });
});

/** judgeWalk and judgeWalkTotals (§2.11): what a walk of a listing may not show — a stop, an item twice, a gap, totals that disagree. */
import { describe, expect, it } from "vitest";
import { judgeWalk } from "../../../../../checks/_internals/judges/judgeWalk.js";
import type { ListingWalk } from "../../../../../checks/_internals/walks/walkListing.js";
import { judged, walkOf } from "../../walkDoubles.js";

describe("judgeWalk", () => {
  it("accepts a walk that saw every item once", () => {
    expect(judged((judge) => judgeWalk(judge, walkOf([[1, 2, 3], [4, 5, 6], [7]]))).outcome).toBe("passed");
  });

  it("fails a walk the target stopped, naming the stop and showing the last page", () => {
    const walk = walkOf([[1, 2, 3], [4]], {
      totalPages: 3,
      complete: false,
      stop: { reason: "error-status", message: "page 1: status 500" },
    });
    expect(judged((judge) => judgeWalk(judge, walk))).toMatchObject({
      outcome: "failed",
      message: "walk with page size 3 stopped: page 1: status 500.",
      expected: "every page up to totalPages 3 to answer 200 with its items",
      actual: "page 1: status 500",
      evidence: [{ label: "page 1 of size 3", exchange: walk.pages[1]?.exchange }],
    });
  });

  it("says ? when the stopped walk never read totals, and passes over a walk stopped by the suite's own bound", () => {
    const unknown = walkOf([[1]], {
      totalPages: undefined,
      complete: false,
      stop: { reason: "not-json", message: "page 0: the body is not JSON" },
    });
    expect(judged((judge) => judgeWalk(judge, unknown)).expected).toBe(
      "every page up to totalPages ? to answer 200 with its items",
    );
    const sampled = walkOf([[1, 2, 3]], {
      totalElements: 30,
      totalPages: 10,
      complete: false,
      stop: { reason: "sampling-bound", message: "walked 1 of 10 pages" },
    });
    expect(judged((judge) => judgeWalk(judge, sampled)).outcome).toBe("passed");
  });

  it("fails an item on two pages, naming both, with both pages as evidence", () => {
    const walk = walkOf([[1, 2, 3], [3, 4, 5], [6]], { totalElements: 7 });
    const verdict = judged((judge) => judgeWalk(judge, walk));
    expect(verdict).toMatchObject({
      outcome: "failed",
      message: "walk with page size 3: id:widget://t/w3 appears on page 0 and again on page 1.",
      expected: "each item on exactly one page",
      actual: "id:widget://t/w3 on pages 0 and 1",
    });
    expect(verdict.evidence.map((entry) => entry.label)).toEqual(["page 0 of size 3", "page 1 of size 3"]);
    expect(verdict.evidence.map((entry) => entry.exchange)).toEqual([walk.pages[0]?.exchange, walk.pages[1]?.exchange]);
  });

  it("fails an item repeated on the same page", () => {
    expect(judged((judge) => judgeWalk(judge, walkOf([[1, 1, 2]], { totalElements: 3 }))).message).toBe(
      "walk with page size 3: id:widget://t/w1 appears on page 0 and again on page 0.",
    );
  });

  it("does not look for repeats among items without ids, but still counts them", () => {
    const walk = walkOf([[1, 2, 3]], { totalElements: 3 });
    const anonymous: ListingWalk = {
      ...walk,
      items: ["a", "a", "b"],
      pages: walk.pages.map((page) => ({ ...page, page: { ...page.page, items: ["a", "a", "b"] } })),
    };
    expect(judged((judge) => judgeWalk(judge, anonymous)).outcome).toBe("passed");
    expect(judged((judge) => judgeWalk(judge, { ...anonymous, totalElements: 4 })).message).toBe(
      "walk with page size 3: 3 items over 1 page(s), but totalElements is 4.",
    );
  });

  it("does not look for repeats when only some items have ids", () => {
    const walk = walkOf([[1, 2, 3]], { totalElements: 3 });
    const mixed = [{ id: "widget://t/w1" }, { name: "same" }, { name: "same" }];
    const partly: ListingWalk = {
      ...walk,
      items: mixed,
      pages: walk.pages.map((page) => ({ ...page, page: { ...page.page, items: mixed } })),
    };
    expect(judged((judge) => judgeWalk(judge, partly)).outcome).toBe("passed");
  });

  it("fails a complete walk that saw more or fewer items than totalElements (a gap)", () => {
    const walk = walkOf(
      [
        [1, 2, 3],
        [5, 6],
      ],
      { totalElements: 6, totalPages: 2 },
    );
    expect(judged((judge) => judgeWalk(judge, walk))).toMatchObject({
      outcome: "failed",
      message: "walk with page size 3: 5 items over 2 page(s), but totalElements is 6.",
      expected: "6 items in all",
      actual: "5 items",
      evidence: [{ label: "page 1 of size 3" }],
    });
    expect(
      judged((judge) => judgeWalk(judge, walkOf([[1, 2, 3], [4]], { totalElements: 3, totalPages: 2 }))).actual,
    ).toBe("4 items");
  });

  it("does not count items of a walk that is not complete", () => {
    expect(
      judged((judge) => judgeWalk(judge, walkOf([[1, 2, 3]], { totalElements: 9, totalPages: 3, complete: false })))
        .outcome,
    ).toBe("passed");
  });

  it("names the walk by its page size, user and search, or as told", () => {
    const walk = walkOf([[1, 1]], { caller: "restricted", searchValue: "kpi", totalElements: 2 });
    const verdict = judged((judge) => judgeWalk(judge, walk));
    expect(verdict.message).toBe(
      "walk with page size 3 as the restricted user: id:widget://t/w1 appears on page 0 and again on page 0.",
    );
    expect(verdict.evidence[0]?.label).toBe('page 0 of size 3, searchValue "kpi"');
    expect(judged((judge) => judgeWalk(judge, walk, "the search walk")).message).toMatch(/^the search walk: /);
  });

  it("records one finding for the first thing wrong", () => {
    expect(judged((judge) => judgeWalk(judge, walkOf([[1, 1], [2]], { totalElements: 9 }))).message).not.toContain(
      "more finding",
    );
  });
});

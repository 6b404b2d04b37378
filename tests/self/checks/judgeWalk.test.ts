/** judgeWalk and judgeWalkTotals (§2.11): what a walk of a listing may not show — a stop, an item twice, a gap, totals that disagree. */
import { describe, expect, it } from "vitest";
import { Judgement } from "../../../runner/engine/Judgement.js";
import { judgeWalk } from "../../conformance/checks/_internals/judges/judgeWalk.js";
import { judgeWalkTotals } from "../../conformance/checks/_internals/judges/judgeWalkTotals.js";
import type { ListingWalk, WalkedPage, WalkStop } from "../../conformance/checks/_internals/walks/walkListing.js";
import { fakeExchange } from "../engine/engineDoubles.js";

const item = (n: number) => ({ id: `widget://t/w${n}` });

/** A walk whose pages hold the given item numbers; totals as given (default: consistent with the items). */
function walkOf(
  pages: number[][],
  options: {
    pageSize?: number;
    totalElements?: number;
    totalPages?: number;
    complete?: boolean;
    stop?: WalkStop;
    caller?: ListingWalk["caller"];
    searchValue?: string;
    perPage?: (index: number) => { totalElements?: number; totalPages?: number };
  } = {},
): ListingWalk {
  const pageSize = options.pageSize ?? 3;
  const count = pages.flat().length;
  const totalElements = "totalElements" in options ? options.totalElements : count;
  const totalPages = "totalPages" in options ? options.totalPages : Math.ceil(count / pageSize);
  const walked: WalkedPage[] = pages.map((numbers, pageNumber) => {
    const totals = options.perPage?.(pageNumber) ?? { totalElements, totalPages };
    return {
      pageNumber,
      exchange: fakeExchange({ status: 200, json: { page: pageNumber } }),
      page: { items: numbers.map(item), shape: "array", ...totals },
    };
  });
  return {
    operation: "listFactoryDefaultWidgets",
    caller: options.caller ?? "admin",
    pageSize,
    ...(options.searchValue !== undefined ? { searchValue: options.searchValue } : {}),
    pages: walked,
    items: walked.flatMap((page) => page.page.items),
    ...(totalElements !== undefined ? { totalElements } : {}),
    ...(totalPages !== undefined ? { totalPages } : {}),
    complete: options.complete ?? true,
    ...(options.stop ? { stop: options.stop } : {}),
  };
}

const judged = (judge: (judgement: Judgement) => void) => {
  const judgement = new Judgement("default");
  judge(judgement);
  return judgement.verdict();
};

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

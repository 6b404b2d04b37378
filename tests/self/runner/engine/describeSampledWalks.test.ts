/** The report's sampling lines: one sentence per operation, kind and bound, saying what was not seen. */
import { describe, expect, it } from "vitest";
import { describeSampledWalks, type SampledWalk } from "../../../../runner/engine/describeSampledWalks.js";

const walk = (overrides: Partial<SampledWalk> = {}): SampledWalk => ({
  operation: "listLandingPages",
  kind: "listing",
  maxPages: 3,
  pageSize: 10,
  itemsSeen: 30,
  ...overrides,
});

describe("describeSampledWalks", () => {
  it("says nothing when no walk was bounded", () => {
    expect(describeSampledWalks([], 50)).toEqual([]);
  });

  it("gathers the walks of one operation, kind and bound in one sentence: page sizes in order, the spread of totals, the most items unseen", () => {
    const walks = [
      walk({ pageSize: 10, totalPages: 9, totalElements: 85, itemsSeen: 30 }),
      walk({ pageSize: 7, totalPages: 13, totalElements: 85, itemsSeen: 21 }),
      walk({ pageSize: 10, totalPages: 9, totalElements: 90, itemsSeen: 30 }),
    ];
    expect(describeSampledWalks(walks, 3)).toEqual([
      "listLandingPages: 3 listing walks stopped at --max-pages 3 (pageSize 7, 10; the target reports 9 to 13 pages), so items after pageNumber 2 were not seen (up to 64 of 85 items per walk)",
    ]);
  });

  it("gives one total as one number, and says when the target gave no totals", () => {
    expect(
      describeSampledWalks([walk({ totalPages: 4, totalElements: 40 }), walk({ totalPages: 4, totalElements: 40 })], 3),
    ).toEqual([
      "listLandingPages: 2 listing walks stopped at --max-pages 3 (pageSize 10; the target reports 4 pages), so items after pageNumber 2 were not seen (up to 10 of 40 items per walk)",
    ]);
    expect(describeSampledWalks([walk()], 3)).toEqual([
      "listLandingPages: 1 listing walk stopped at --max-pages 3 (pageSize 10; the target reported no totalPages), so items after pageNumber 2 were not seen",
    ]);
  });

  it("keeps the first of walks with as many items unseen, and never counts below zero", () => {
    const first = walk({ totalElements: 50, itemsSeen: 30 });
    const same = walk({ totalElements: 60, itemsSeen: 40 });
    expect(describeSampledWalks([first, same], 3)[0]).toMatch(/\(up to 20 of 50 items per walk\)$/);
    expect(describeSampledWalks([walk({ totalElements: 5, itemsSeen: 30 })], 3)[0]).toMatch(/\(0 of 5 items\)$/);
  });

  it("names a search walk's own bound, below --max-pages, and a bound of no page at all", () => {
    expect(
      describeSampledWalks(
        [walk({ kind: "search", maxPages: 1, totalPages: 2, totalElements: 12, itemsSeen: 10 })],
        50,
      ),
    ).toEqual([
      "listLandingPages: 1 search walk stopped at the search bound of 1 page (--max-pages is 50; pageSize 10; the target reports 2 pages), so items after pageNumber 0 were not seen (2 of 12 items)",
    ]);
    expect(describeSampledWalks([walk({ kind: "search", maxPages: 2 })], 50)).toEqual([
      "listLandingPages: 1 search walk stopped at the search bound of 2 pages (--max-pages is 50; pageSize 10; the target reported no totalPages), so items after pageNumber 1 were not seen",
    ]);
    expect(describeSampledWalks([walk({ maxPages: 0, totalElements: 7, itemsSeen: 0 })], 0)).toEqual([
      "listLandingPages: 1 listing walk stopped at --max-pages 0 (pageSize 10; the target reported no totalPages), so no page was seen (7 of 7 items)",
    ]);
  });

  it("orders the sentences as the spec orders its operations, then by kind, then by bound", () => {
    const lines = describeSampledWalks(
      [
        walk({ operation: "listLandingPages", kind: "search", maxPages: 2 }),
        walk({ operation: "listLandingPages", kind: "listing", maxPages: 3 }),
        walk({ operation: "listFactoryDefaultWidgets", kind: "search", maxPages: 3 }),
        walk({ operation: "listFactoryDefaultWidgets", kind: "search", maxPages: 1 }),
      ],
      3,
    );
    expect(lines).toEqual([
      "listFactoryDefaultWidgets: 1 search walk stopped at the search bound of 1 page (--max-pages is 3; pageSize 10; the target reported no totalPages), so items after pageNumber 0 were not seen",
      "listFactoryDefaultWidgets: 1 search walk stopped at --max-pages 3 (pageSize 10; the target reported no totalPages), so items after pageNumber 2 were not seen",
      "listLandingPages: 1 listing walk stopped at --max-pages 3 (pageSize 10; the target reported no totalPages), so items after pageNumber 2 were not seen",
      "listLandingPages: 1 search walk stopped at the search bound of 2 pages (--max-pages is 3; pageSize 10; the target reported no totalPages), so items after pageNumber 1 were not seen",
    ]);
  });
});

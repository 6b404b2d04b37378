/**
 * Discovery learns the page sizes a target serves (register max-page-size) once, and walks with
 * the largest: the ladder, the verdict on one rung, and what a run does with them.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  describePageSizeLimits,
  judgePageSize,
  pageSizeLadder,
} from "../../../../../checks/_internals/discovery/pageSizeLimits.js";
import { scriptedSession } from "../../../runner/engine/engineDoubles.js";
import { fakeCms, listingAnswer, widgetsTagged } from "../../fakeCms.js";
import type { FetchedPage } from "../../../../../checks/_internals/walks/fetchListingPage.js";
import { startReferenceServer, type RunningReferenceServer } from "../../../../../reference/startReferenceServer.js";
import { referenceRunConfig, variantRunConfig } from "../../../../../reference/referenceRunConfig.js";
import { runInProcess } from "../../../suite/runInProcess.js";
import { knowledgeOf } from "../../../../../checks/_internals/discovery/TargetKnowledge.js";

/** A 200 listing page of `count` items with these totals. */
const page = (count: number, totalElements: number, totalPages: number): FetchedPage =>
  ({
    ok: true,
    exchange: {} as FetchedPage["exchange"],
    page: {
      items: Array.from({ length: count }, (_, id) => ({ id: `x${id}` })),
      shape: "array",
      totalElements,
      totalPages,
    },
  }) as FetchedPage;

describe("the page-size ladder", () => {
  it("climbs 10, 20, 50, 100, … and ends at --max-page-size", () => {
    expect(pageSizeLadder(100)).toEqual([10, 20, 50, 100]);
    expect(pageSizeLadder(1000)).toEqual([10, 20, 50, 100, 200, 500, 1000]);
    expect(pageSizeLadder(75)).toEqual([10, 20, 50, 75]);
    expect(pageSizeLadder(5)).toEqual([10]);
  });

  it("accepts a size served as asked, calls a short page with totals of what it serves a cap, and anything else inconsistent", () => {
    expect(judgePageSize(page(50, 137, 3), 50, 137)).toBe("accepted");
    expect(judgePageSize(page(37, 37, 1), 50, 37)).toBe("accepted");
    expect(judgePageSize(page(0, 0, 0), 50, 0)).toBe("accepted");
    expect(judgePageSize(page(20, 137, 7), 50, 137)).toBe("capped");
    expect(judgePageSize(page(20, 137, 3), 50, 137)).toBe("inconsistent"); // totals count pages of 50: a walk skips items
    expect(judgePageSize(page(50, 140, 3), 50, 137)).toBe("inconsistent");
    expect(judgePageSize({ ...page(0, 0, 0), ok: false }, 50, 137)).toBe("refused");
  });
});

describe("the ladder's edges", () => {
  it("is 10 alone at --max-page-size 10, and ends at a maximum between its rungs", () => {
    expect(pageSizeLadder(10)).toEqual([10]);
    expect(pageSizeLadder(20)).toEqual([10, 20]);
    expect(pageSizeLadder(30)).toEqual([10, 20, 30]);
  });

  it("accepts totalPages 0 or 1 for an empty listing, and calls a page holding more than the total inconsistent", () => {
    expect(judgePageSize(page(0, 0, 1), 50, 0)).toBe("accepted");
    expect(judgePageSize(page(40, 30, 1), 50, 30)).toBe("inconsistent");
  });

  it("asks page 0 of size 10 first, then climbs as the main user", async () => {
    const { session, client } = scriptedSession(fakeCms({ widgets: widgetsTagged(30, () => []) }));
    const limits = await knowledgeOf(session).pageSizeLimits("listFactoryDefaultWidgets");
    expect(client.jsonBodies()).toEqual([10, 20, 50].map((pageSize) => ({ pagination: { pageNumber: 0, pageSize } })));
    expect(limits).toMatchObject({ total: 30, accepted: [10, 20, 50], largest: 50, ceiling: 100 });
    expect(limits).not.toHaveProperty("limit");
  });

  it("describes a refused size, a cap and totals that describe neither, and keeps one sampling line per listing", async () => {
    const refusing = scriptedSession(
      fakeCms({
        widgets: widgetsTagged(30, () => []),
        landingPages: widgetsTagged(30, () => []),
        tamper: (call) => (call.pageSize > 20 ? { status: 400, json: {} } : undefined),
      }),
    );
    await knowledgeOf(refusing.session).pageSizeLimits("listFactoryDefaultWidgets");
    await knowledgeOf(refusing.session).pageSizeLimits("listLandingPages");
    expect(refusing.session.samplingNotes()).toEqual([
      "listFactoryDefaultWidgets: page sizes 10, 20 served as asked, pageSize 50 refused (status 400); listings are walked with pageSize 20",
      "listLandingPages: page sizes 10, 20 served as asked, pageSize 50 refused (status 400); listings are walked with pageSize 20",
    ]);
    const silent = scriptedSession(
      fakeCms({
        widgets: widgetsTagged(30, () => []),
        tamper: (call) =>
          call.pageSize > 20 ? { noResponse: true, failure: { kind: "timeout", message: "late" } } : undefined,
      }),
    );
    expect(describePageSizeLimits(await knowledgeOf(silent.session).pageSizeLimits("listFactoryDefaultWidgets"))).toBe(
      "listFactoryDefaultWidgets: page sizes 10, 20 served as asked, pageSize 50 refused (no answer); listings are walked with pageSize 20",
    );
    const odd = scriptedSession(
      fakeCms({
        widgets: widgetsTagged(30, () => []),
        tamper: (call) => (call.pageSize > 20 ? listingAnswer(call, call.found.slice(0, 20), 30, 1) : undefined),
      }),
    );
    expect(describePageSizeLimits(await knowledgeOf(odd.session).pageSizeLimits("listFactoryDefaultWidgets"))).toBe(
      "listFactoryDefaultWidgets: page sizes 10, 20 served as asked, pageSize 50 served with 20 items and totalPages 1 (totals that do not describe what is served); listings are walked with pageSize 20",
    );
  });
});

describe("a run learns the limits and walks with the largest size served", () => {
  let server: RunningReferenceServer;
  beforeAll(async () => {
    server = await startReferenceServer({ seed: 6 });
  });
  afterAll(() => server.close());

  it("walks 2,500 widgets whole within --max-pages 50, so checks that need a whole listing judge it", async () => {
    const report = await runInProcess(variantRunConfig(server, "many-items"), {
      checks: ["permissions.forbidden-resource-403", "pagination.page-size-honoured"],
      operations: ["getWidget", "listFactoryDefaultWidgets"],
    });
    const outcome = (id: string) => report.results.find((result) => result.checkId === id);
    expect(outcome("permissions.forbidden-resource-403")?.outcome).toBe("passed");
    expect(outcome("pagination.page-size-honoured")?.message).toBe(
      "listFactoryDefaultWidgets: page sizes 10, 20, 50, 100 served as asked; listings are walked with pageSize 100; " +
        "Page sizes 1, 3, 7, 10, 25 honoured on the first and last pages for admin (2500 items) and restricted (1709 items).",
    );
    expect(report.meta.sampling).toEqual([]);
  });

  it("asks only for sizes a capped target serves, and says in the report where it stopped", async () => {
    const report = await runInProcess(variantRunConfig(server, "page-size-cap-consistent"), {
      checks: ["pagination.*"],
      operations: ["listLandingPages"],
    });
    expect(report.results.filter((result) => result.outcome === "failed" || result.outcome === "error")).toEqual([]);
    expect(report.results.filter((result) => result.outcome === "warning").map((result) => result.checkId)).toEqual([
      "pagination.page-size-honoured",
    ]);
    expect(report.meta.sampling).toEqual([
      expect.stringMatching(
        /^listLandingPages: page sizes 10, 20 served as asked, pageSize 50 served with 20 items and totalPages \d+ \(a consistent cap\); listings are walked with pageSize 20$/,
      ),
    ]);
  });

  it("judges the capped size it found: a cap whose totals count pages of the size asked fails", async () => {
    const report = await runInProcess(referenceRunConfig(server, server.faultBaseUrl("page-size-cap-inconsistent")), {
      checks: ["pagination.totals-consistent", "pagination.walk-covers-all"],
      operations: ["listFactoryDefaultWidgets"],
    });
    expect(report.results.map((result) => [result.checkId, result.outcome])).toEqual([
      ["pagination.totals-consistent", "failed"],
      ["pagination.walk-covers-all", "failed"],
    ]);
  });
});

/**
 * Listing walks cut at --max-pages reach the report (meta.sampling), one line per operation
 * and kind of walk, and a run whose walks all reach the end reports no sampling.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startReferenceServer, type RunningReferenceServer } from "../../../reference/startReferenceServer.js";
import { referenceRunConfig } from "../../../reference/referenceRunConfig.js";
import { validateRunReport } from "../../../reports/validateRunReport.js";
import { renderJsonReport } from "../../../reports/writeJsonReport.js";
import { describeSampledWalks, type SampledWalk } from "../../../runner/engine/describeSampledWalks.js";
import type { RunReport } from "../../../runner/model/RunReport.js";
import { runInProcess } from "./runInProcess.js";

/** Checks that walk the widget listing (discovery, a second page size) and search it. */
const WALKING_CHECKS = ["pagination.walk-covers-all", "search.widgets-by-tag", "search.results-subset"];

describe("sampling in a run", () => {
  let large: RunningReferenceServer;
  let bounded: RunReport;
  beforeAll(async () => {
    large = await startReferenceServer({ seed: 4, sizes: { widgets: 400, landingPages: 5, analytics: 3 } });
    bounded = await runInProcess(referenceRunConfig(large), {
      checks: WALKING_CHECKS,
      operations: ["listFactoryDefaultWidgets"],
      maxPages: 3,
      maxExamples: 2,
    });
  });
  afterAll(() => large.close());

  it("names listFactoryDefaultWidgets, the bound and the page size in one line per kind of walk", () => {
    const lines = bounded.meta.sampling;
    const listing = lines.filter(
      (line) => line.startsWith("listFactoryDefaultWidgets:") && line.includes("listing walk"),
    );
    expect(listing).toHaveLength(1);
    expect(listing[0]).toMatch(
      /^listFactoryDefaultWidgets: \d+ listing walks? stopped at --max-pages 3 \(pageSize [\d, ]+; the target reports \d+( to \d+)? pages\), so items after pageNumber 2 were not seen/,
    );
    expect(listing[0]).toContain("pageSize 7, 100"); // the size-7 walk and discovery's, at the largest size the target serves
    expect(listing[0]).toContain("of 400 items");
    expect(
      lines.filter((line) => line.startsWith("listFactoryDefaultWidgets:") && line.includes("search walk")),
    ).toHaveLength(1);
    // However many walks were cut, each operation and kind of walk gives one line.
    expect(
      new Set(lines.map((line) => `${line.split(":")[0]} ${/listing walk|search walk/.exec(line)?.[0]}`)).size,
    ).toBe(lines.length);
  });

  it("keeps sampling apart from the gate and the notes, and does not fail the run for it", () => {
    expect(bounded.meta.gateFailures).toEqual([]);
    expect(bounded.meta.notes).toEqual([]);
    expect(bounded.results.filter((result) => result.outcome === "failed" || result.outcome === "error")).toEqual([]);
  });

  it("writes a report.json that validates against the report schema", () => {
    const data: unknown = JSON.parse(renderJsonReport(bounded));
    expect(validateRunReport(data)).toEqual([]);
  });

  it("reports no sampling when the default bound covers the default reference server", async () => {
    const server = await startReferenceServer({ seed: 4 });
    try {
      const report = await runInProcess(referenceRunConfig(server), { checks: WALKING_CHECKS, maxExamples: 2 });
      expect(report.results.length).toBeGreaterThan(0);
      expect(report.meta.sampling).toEqual([]);
    } finally {
      await server.close();
    }
  });
});

describe("describeSampledWalks", () => {
  const walk = (overrides: Partial<SampledWalk> = {}): SampledWalk => ({
    operation: "listFactoryDefaultWidgets",
    kind: "listing",
    maxPages: 50,
    pageSize: 100,
    totalPages: 1000,
    totalElements: 100_000,
    itemsSeen: 5000,
    ...overrides,
  });

  it("gives one line per operation and kind, however many walks, in the spec's operation order", () => {
    const walks = [
      walk(),
      walk({ operation: "listLandingPages" }),
      walk(),
      walk({ kind: "search", maxPages: 20, pageSize: 10, totalPages: 300, totalElements: 3000, itemsSeen: 200 }),
      walk(),
    ];
    expect(describeSampledWalks(walks, 50)).toEqual([
      "listFactoryDefaultWidgets: 3 listing walks stopped at --max-pages 50 (pageSize 100; the target reports 1000 pages), so items after pageNumber 49 were not seen (up to 95000 of 100000 items per walk)",
      "listFactoryDefaultWidgets: 1 search walk stopped at the search bound of 20 pages (--max-pages is 50; pageSize 10; the target reports 300 pages), so items after pageNumber 19 were not seen (2800 of 3000 items)",
      "listLandingPages: 1 listing walk stopped at --max-pages 50 (pageSize 100; the target reports 1000 pages), so items after pageNumber 49 were not seen (95000 of 100000 items)",
    ]);
  });

  it("says when the target's totals are unknown and is empty when no walk was cut", () => {
    const { totalPages: _pages, totalElements: _elements, ...unknownTotals } = walk({ maxPages: 0, itemsSeen: 0 });
    expect(describeSampledWalks([unknownTotals], 0)).toEqual([
      "listFactoryDefaultWidgets: 1 listing walk stopped at --max-pages 0 (pageSize 100; the target reported no totalPages), so no page was seen",
    ]);
    expect(describeSampledWalks([], 50)).toEqual([]);
  });
});

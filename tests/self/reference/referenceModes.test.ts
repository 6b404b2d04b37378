import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { validateBody } from "../../../contract/validators.js";
import { buildReferenceData } from "../../../reference/data/buildReferenceData.js";
import { CHART_TYPES } from "../../../reference/data/buildAnalytics.js";
import { REFERENCE_MODES, type ReferenceMode } from "../../../reference/referenceMode.js";
import { startReferenceServer, type RunningReferenceServer } from "../../../reference/startReferenceServer.js";
import { asObject, callOperation, listedIds, totals, walkAll } from "./referenceClient.js";

describe("reference data (docs/design.md §6)", () => {
  it("is the same for the same seed and different for another", () => {
    expect(buildReferenceData(5)).toEqual(buildReferenceData(5));
    expect(buildReferenceData(5).widgets).not.toEqual(buildReferenceData(6).widgets);
  });

  it("has the sizes and shapes the issue asks for", () => {
    const data = buildReferenceData(1);
    expect(data.widgets.length).toBeGreaterThanOrEqual(120);
    expect(data.landingPages.filter((record) => !record.archived).length).toBeGreaterThanOrEqual(45);
    expect(data.analytics.length).toBeGreaterThanOrEqual(30);
    expect(data.roles.length).toBeGreaterThanOrEqual(6);
    for (const { widget } of data.widgets) {
      expect(String(widget.id).replace("widget://", "").split("/").length).toBeGreaterThanOrEqual(3);
      expect(data.translations[String(widget.name)]).toBeDefined();
      expect((widget.tags ?? []).length).toBeLessThanOrEqual(4);
    }
    expect(new Set(data.landingPages.map((record) => record.page.landingPageType))).toEqual(
      new Set(["DEFAULT", "SHARED", "PERSONAL"]),
    );
    expect(data.landingPages.some((record) => /[À-ú]/.test(String(record.page.title)))).toBe(true);
    expect(new Set(data.landingPages.map((record) => record.owner))).toEqual(new Set(["admin", "restricted"]));
    const charts = data.analytics.map((record) => record.analytic.chart ?? {});
    expect(new Set(charts.map((chart) => chart.type))).toEqual(new Set(CHART_TYPES));
    expect(charts.filter((chart) => chart.type === "PIE").every((chart) => chart.series?.length === 1)).toBe(true);
    expect(charts.some((chart) => chart.type === "GAUGE" && chart.category === undefined)).toBe(true);
    expect(charts.some((chart) => chart.type === "GAUGE" && chart.category !== undefined)).toBe(true);
    expect(data.analytics.every((record) => /\.\d{3}Z$/.test(String(record.analytic.createdDate)))).toBe(true);
  });

  it("honours sizes, including zero, and refuses a negative size", () => {
    const data = buildReferenceData(1, { widgets: 0, landingPages: 3, analytics: 0 });
    expect([data.widgets.length, data.landingPages.length, data.analytics.length]).toEqual([0, 3, 0]);
    expect(() => buildReferenceData(1, { widgets: -1 })).toThrow(/widgets must be an integer/);
  });
});

describe.each(REFERENCE_MODES)("reference server in mode %s", (mode: ReferenceMode) => {
  let server: RunningReferenceServer;
  beforeAll(async () => {
    server = await startReferenceServer({ mode, seed: 11 });
  });
  afterAll(() => server.close());

  /** Every mode answers bodies that keep what the spec states and every register default. */
  function expectValid(name: string, json: unknown): void {
    const result = validateBody(name, json);
    expect(result.stated).toEqual([]);
    expect(result.registerDefaults).toEqual([]);
  }

  it("answers every operation with bodies that validate", async () => {
    for (const caller of ["admin", "restricted"] as const) {
      const widgets = await callOperation(
        server,
        "listFactoryDefaultWidgets",
        { pagination: { pageSize: 30 } },
        caller,
      );
      expectValid("listFactoryDefaultWidgets.response", widgets.json);
      const pages = await callOperation(server, "listLandingPages", { pagination: { pageSize: 30 } }, caller);
      expectValid("listLandingPages.response", pages.json);
      for (const widgetId of listedIds(widgets.json, "widgets").slice(0, 5)) {
        expectValid("getWidget.response", (await callOperation(server, "getWidget", { widgetId }, caller)).json);
      }
    }
    for (const analyticId of server.fixtures.analyticIds)
      expectValid("getAnalytic.response", (await callOperation(server, "getAnalytic", { analyticId })).json);
    expectValid(
      "getRoleFilters.response",
      (await callOperation(server, "getRoleFilters", { roles: server.fixtures.roles })).json,
    );
  });

  if (mode === "empty") {
    it("has no items: totals 0 and empty arrays", async () => {
      for (const [operation, field] of [
        ["listFactoryDefaultWidgets", "widgets"],
        ["listLandingPages", "landingPages"],
      ] as const) {
        const answer = await callOperation(server, operation, {});
        expect(totals(answer.json)).toEqual({ totalElements: 0, totalPages: 0 });
        expect(listedIds(answer.json, field)).toEqual([]);
      }
      expect(server.fixtures.analyticIds).toEqual([]);
    });
  }

  if (mode === "extra-fields") {
    it("adds unknown fields at every level, and latitude/longitude on ColumnRefs", async () => {
      const listing = asObject((await callOperation(server, "listFactoryDefaultWidgets", {})).json);
      expect(listing.referenceExtraText).toBeDefined();
      expect(asObject(listing.listInformation).referenceExtraText).toBeDefined();
      const widget = asObject((listing.widgets as unknown[])[0]);
      expect(asObject(widget.permission).referenceExtraText).toBeDefined();
      const analytic = asObject(
        asObject((await callOperation(server, "getAnalytic", { analyticId: server.fixtures.analyticIds[0] })).json)
          .analytic,
      );
      const series = asObject((asObject(analytic.chart).series as unknown[])[0]);
      expect(asObject(asObject(series.column).latitude).column).toBe("latitude");
    });
  }

  if (mode === "spec-minimal") {
    it("leaves out only what the spec lets go: GAUGE categories; filters, arrays empty; every tabled field present", async () => {
      const widget = asObject(
        (asObject((await callOperation(server, "listFactoryDefaultWidgets", {})).json).widgets as unknown[])[0],
      );
      expect(Object.keys(widget).sort()).toEqual([
        "description",
        "id",
        "name",
        "permission",
        "preferredSize",
        "tags",
        "thumbnailURL",
        "url",
      ]);
      expect(widget.tags).toEqual([]);
      const page = asObject(
        (asObject((await callOperation(server, "listLandingPages", {})).json).landingPages as unknown[])[0],
      );
      expect(Object.keys(page).sort()).toEqual(["id", "includeHeader", "landingPageType", "pageId", "title"]);
      const charts: Record<string, unknown>[] = [];
      for (const analyticId of server.fixtures.analyticIds) {
        const analytic = asObject(asObject((await callOperation(server, "getAnalytic", { analyticId })).json).analytic);
        expect([analytic.tags, analytic.properties]).toEqual([[], []]);
        charts.push(asObject(analytic.chart));
      }
      expect(charts.every((chart) => Object.keys(asObject(chart.filter)).length === 0)).toBe(true);
      expect(charts.every((chart) => Array.isArray(chart.order) && chart.order.length === 0)).toBe(true);
      const gauges = charts.filter((chart) => chart.type === "GAUGE");
      expect(gauges.length).toBeGreaterThan(0);
      expect(gauges.every((chart) => !("category" in chart))).toBe(true);
      expect(charts.filter((chart) => chart.type !== "GAUGE").every((chart) => "category" in chart)).toBe(true);
    });
  }

  if (mode !== "empty") {
    it("keeps the pagination semantics", async () => {
      const all = await walkAll(server, "listLandingPages", "admin", 8);
      expect(new Set(all).size).toBe(all.length);
      expect(totals((await callOperation(server, "listLandingPages", {})).json).totalElements).toBe(all.length);
    });
  }
});

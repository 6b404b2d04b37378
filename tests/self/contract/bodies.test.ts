import { describe, expect, it } from "vitest";
import { validateBody, type BodyValidation } from "../../../contract/validators.js";
import {
  completeAnalytic,
  completeLandingPage,
  completeWidget,
  roleFilters,
  sdkMinimalAnalytic,
  sdkMinimalWidget,
  widgetsListing,
} from "./bodyExamples.js";

const clone = <T>(value: T): T => structuredClone(value);

function statedKeywords(result: BodyValidation): string[] {
  return result.stated.map((issue) => `${issue.instancePath} ${issue.keyword}`);
}

describe("valid bodies", () => {
  it.each([
    ["listFactoryDefaultWidgets.request", {}],
    ["listFactoryDefaultWidgets.request", { searchValue: "Sales", pagination: { pageNumber: 0, pageSize: 10 } }],
    ["listLandingPages.request", { searchValue: "início", pagination: { pageNumber: 3 } }],
    ["getAnalytic.request", { analyticId: "analytic://senior.com.br/a1" }],
    ["getWidget.request", { widgetId: "widget://senior.com.br/platform/cms/sales-chart" }],
    ["getRoleFilters.request", { roles: ["admin", "admin"], domainName: "hcm", serviceName: "payroll" }],
    ["listFactoryDefaultWidgets.response", widgetsListing],
    [
      "listLandingPages.response",
      { landingPages: [completeLandingPage], listInformation: { totalElements: 1, totalPages: 1 } },
    ],
    ["getAnalytic.response", { analytic: completeAnalytic }],
    ["getWidget.response", completeWidget],
    ["getRoleFilters.response", roleFilters],
    [
      "error.cms.badRequest",
      { message: "Requisição inválida", errorCode: "E1", reason: "BAD_REQUEST", domain: "platform", service: "cms" },
    ],
    [
      "error.cms.notFound",
      { message: "Não encontrado", errorCode: "E2", reason: "OBJECT_NOT_FOUND", domain: "platform", service: "cms" },
    ],
    ["error.cms", { message: "x", errorCode: "E2", reason: "OBJECT_NOT_FOUND", domain: "platform", service: "cms" }],
    [
      "error.authorization",
      {
        message: "x",
        errorCode: "getRoleFiltersResponse",
        reason: "BAD_REQUEST",
        domain: "platform",
        service: "authorization",
      },
    ],
    ["error.unauthorized", { error: "invalid_token", error_description: "token expired" }],
  ])("%s accepts a complete body (%#)", (name, body) => {
    const result = validateBody(name, body);
    expect(result.stated).toEqual([]);
    expect(result.registerDefaults).toEqual([]);
  });

  it("accepts unknown extra fields everywhere, such as ColumnRef latitude/longitude", () => {
    const analytic = clone(completeAnalytic) as Record<string, unknown> & typeof completeAnalytic;
    analytic.extra = { nested: true };
    const column = analytic.chart?.series?.[0]?.column as Record<string, unknown>;
    column.latitude = { schema: "geo", table: "points", column: "lat" };
    column.longitude = { schema: "geo", table: "points", column: "lon" };
    const result = validateBody("getAnalytic.response", { analytic, requestId: "abc" });
    expect(result.stated).toEqual([]);
    expect(result.registerDefaults).toEqual([]);
  });

  it("accepts bodies with only the SDK-required fields, with no warning", () => {
    for (const [name, body] of [
      ["getWidget.response", sdkMinimalWidget],
      ["getAnalytic.response", { analytic: sdkMinimalAnalytic }],
      [
        "listLandingPages.response",
        {
          landingPages: [{ id: "landing://t/p", pageId: "p", title: "T", landingPageType: "DEFAULT" }],
          listInformation: { totalElements: 1, totalPages: 1 },
        },
      ],
    ] as const) {
      const result = validateBody(name, body);
      expect(result.stated, name).toEqual([]);
      expect(result.registerDefaults, name).toEqual([]);
    }
  });

  it("accepts with a warning a body that leaves out SDK-required fields", () => {
    const result = validateBody("getWidget.response", { description: "platform.cms.d" });
    expect(result.stated).toEqual([]);
    expect(result.registerDefaults.map((issue) => `${issue.params.missingProperty} ${issue.register}`)).toEqual([
      "id required-response-fields",
      "name required-response-fields",
      "url required-response-fields",
    ]);
  });

  it("accepts a single widget object with a list-collection-shape warning", () => {
    const result = validateBody("listFactoryDefaultWidgets.response", {
      widgets: completeWidget,
      listInformation: { totalElements: 1, totalPages: 1 },
    });
    expect(result.stated).toEqual([]);
    expect(result.registerDefaults.map((issue) => issue.register)).toEqual(["list-collection-shape"]);
  });

  it("warns on an Order.order outside ASC/DESC and on a non-GAUGE chart without category", () => {
    const analytic = clone(completeAnalytic);
    analytic.chart!.type = "BAR";
    delete analytic.chart!.category;
    analytic.chart!.order![0]!.order = "ascending";
    const result = validateBody("getAnalytic.response", { analytic });
    expect(result.stated).toEqual([]);
    expect(result.registerDefaults.map((issue) => issue.register).sort()).toEqual([
      "chart-category-non-gauge",
      "order-direction-values",
    ]);
  });

  it("accepts a GAUGE chart without category and without a warning", () => {
    expect(validateBody("getAnalytic.response", { analytic: sdkMinimalAnalytic }).registerDefaults).toEqual([]);
  });
});

describe("invalid bodies are rejected for the rule the spec states", () => {
  it("rejects a PIE chart with two series (§2.6, §8)", () => {
    const analytic = clone(completeAnalytic);
    analytic.chart!.series!.push(clone(analytic.chart!.series![0]!));
    expect(statedKeywords(validateBody("getAnalytic.response", { analytic }))).toEqual([
      "/analytic/chart/series maxItems",
    ]);
  });

  it("accepts a PIE chart with no series: only one is accepted means at most one (§2.6, §8; register pie-series-count)", () => {
    const analytic = clone(completeAnalytic);
    analytic.chart!.series = [];
    expect(statedKeywords(validateBody("getAnalytic.response", { analytic }))).toEqual([]);
  });

  it.each([
    ["2024-03-05T14:07:09Z", "without milliseconds"],
    ["2024-03-05T14:07:09.123-03:00", "with an offset instead of Z"],
    ["2024-03-05 14:07:09.123Z", "with a space"],
    ["2024-02-30T14:07:09.123Z", "on a day that does not exist"],
    ["2024-03-05T14:07:09.12Z", "with two fraction digits"],
  ])("rejects createdDate %s (%s) (§2.5)", (createdDate) => {
    const analytic = { ...clone(completeAnalytic), createdDate };
    expect(validateBody("getAnalytic.response", { analytic }).stated.map((issue) => issue.instancePath)).toEqual([
      "/analytic/createdDate",
    ]);
  });

  it.each([
    [
      "landingPageType lower case",
      "listLandingPages.response",
      {
        landingPages: [{ ...completeLandingPage, landingPageType: "shared" }],
        listInformation: { totalElements: 1, totalPages: 1 },
      },
      "/landingPages/0/landingPageType",
    ],
    [
      "analytic:// id without tenant",
      "getAnalytic.response",
      { analytic: { ...completeAnalytic, id: "analytic://a1" } },
      "/analytic/id",
    ],
    [
      "landing:// id with no page part",
      "listLandingPages.response",
      {
        landingPages: [{ ...completeLandingPage, id: "landing://tenant" }],
        listInformation: { totalElements: 1, totalPages: 1 },
      },
      "/landingPages/0/id",
    ],
    ["widget id without the scheme", "getWidget.response", { ...completeWidget, id: "senior/platform/w" }, "/id"],
    ["widget id with an empty segment", "getWidget.response", { ...completeWidget, id: "widget://a//b" }, "/id"],
    [
      "chart type misspelled",
      "getAnalytic.response",
      { analytic: { ...completeAnalytic, chart: { ...completeAnalytic.chart, type: "Pie" } } },
      "/analytic/chart/type",
    ],
    [
      "precision fractional",
      "getAnalytic.response",
      {
        analytic: {
          ...completeAnalytic,
          chart: { ...completeAnalytic.chart, category: { schema: "s", table: "t", column: "c", precision: 1.5 } },
        },
      },
      "/analytic/chart/category/precision",
    ],
    [
      "function type misspelled",
      "getAnalytic.response",
      {
        analytic: {
          ...completeAnalytic,
          chart: { ...completeAnalytic.chart, category: { schema: "s", table: "t", column: "c", function: "average" } },
        },
      },
      "/analytic/chart/category/function",
    ],
    [
      "preferred height as a string",
      "getWidget.response",
      { ...completeWidget, preferredSize: { height: "4", width: 6 } },
      "/preferredSize/height",
    ],
    ["tags not strings", "getWidget.response", { ...completeWidget, tags: ["a", 1] }, "/tags/1"],
    [
      "includeHeader as a string",
      "listLandingPages.response",
      {
        landingPages: [{ ...completeLandingPage, includeHeader: "true" }],
        listInformation: { totalElements: 1, totalPages: 1 },
      },
      "/landingPages/0/includeHeader",
    ],
    [
      "totalElements fractional",
      "listFactoryDefaultWidgets.response",
      { ...widgetsListing, listInformation: { totalElements: 2.5, totalPages: 1 } },
      "/listInformation/totalElements",
    ],
    [
      "totalPages negative",
      "listFactoryDefaultWidgets.response",
      { ...widgetsListing, listInformation: { totalElements: 2, totalPages: -1 } },
      "/listInformation/totalPages",
    ],
    ["listInformation missing (§1 listings return totals)", "listFactoryDefaultWidgets.response", { widgets: [] }, ""],
    ["getAnalytic not wrapped in analytic (§4.3)", "getAnalytic.response", completeAnalytic, ""],
    [
      "role-filter sequence fractional",
      "getRoleFilters.response",
      { filters: [{ key: { domainName: "d", serviceName: "s", sequence: 1.5 }, filters: [] }] },
      "/filters/0/key/sequence",
    ],
    [
      "role-filter value not a string",
      "getRoleFilters.response",
      { filters: [{ key: { domainName: "d", serviceName: "s", sequence: 1 }, filters: [{ name: "n", value: 5 }] }] },
      "/filters/0/filters/0/value",
    ],
    [
      "404 body whose reason is not OBJECT_NOT_FOUND",
      "error.cms.notFound",
      { message: "m", errorCode: "E", reason: "BAD_REQUEST", domain: "platform", service: "cms" },
      "/reason",
    ],
    [
      "400 body whose reason is not BAD_REQUEST",
      "error.cms.badRequest",
      { message: "m", errorCode: "E", reason: "OBJECT_NOT_FOUND", domain: "platform", service: "cms" },
      "/reason",
    ],
    [
      "cms error with service authorization",
      "error.cms",
      { message: "m", errorCode: "E", reason: "BAD_REQUEST", domain: "platform", service: "authorization" },
      "/service",
    ],
    [
      "getRoleFilters 400 with another errorCode",
      "error.authorization",
      { message: "m", errorCode: "BAD", reason: "BAD_REQUEST", domain: "platform", service: "authorization" },
      "/errorCode",
    ],
    ["401 body whose error is a number", "error.unauthorized", { error: 401, error_description: "d" }, "/error"],
    [
      "pageNumber negative",
      "listFactoryDefaultWidgets.request",
      { pagination: { pageNumber: -1 } },
      "/pagination/pageNumber",
    ],
    ["pageSize zero", "listLandingPages.request", { pagination: { pageSize: 0 } }, "/pagination/pageSize"],
    ["widgetId not a widget URI", "getWidget.request", { widgetId: "sales-chart" }, "/widgetId"],
    ["roles not an array", "getRoleFilters.request", { roles: "admin" }, "/roles"],
  ])("rejects %s", (_label, name, body, path) => {
    const result = validateBody(name, body);
    expect(result.stated.length).toBeGreaterThan(0);
    expect(result.stated.map((issue) => issue.instancePath)).toContain(path);
  });

  it("rejects a non-object body for every body name", () => {
    for (const name of ["getWidget.response", "getAnalytic.request", "error.unauthorized"]) {
      expect(statedKeywords(validateBody(name, [1, 2])), name).toEqual([" type"]);
    }
  });

  it("throws on an unknown body name, naming the known ones", () => {
    expect(() => validateBody("getWidgets.response", {})).toThrow(
      /unknown body "getWidgets.response"; known bodies: listFactoryDefaultWidgets.request/,
    );
  });
});

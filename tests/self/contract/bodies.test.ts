import { describe, expect, it } from "vitest";
import { validateBody, type BodyValidation } from "../../../contract/validators.js";
import {
  completeAnalytic,
  completeLandingPage,
  completeWidget,
  roleFilters,
  sdkRequiredOnlyWidget,
  specMinimalAnalytic,
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
    column.suffixes = ["%"]; // not a near miss of a tabled name (three letters more than sufix)
    const result = validateBody("getAnalytic.response", { analytic, requestId: "abc" });
    expect(result.stated).toEqual([]);
    expect(result.registerDefaults).toEqual([]);
  });

  it("accepts the least the spec allows: a GAUGE chart without category, an empty filter, empty arrays", () => {
    const result = validateBody("getAnalytic.response", { analytic: specMinimalAnalytic });
    expect(result.stated).toEqual([]);
    expect(result.registerDefaults).toEqual([]);
  });

  it("accepts a single widget object with a list-collection-shape warning", () => {
    const result = validateBody("listFactoryDefaultWidgets.response", {
      widgets: completeWidget,
      listInformation: { totalElements: 1, totalPages: 1 },
    });
    expect(result.stated).toEqual([]);
    expect(result.registerDefaults.map((issue) => issue.register)).toEqual(["list-collection-shape"]);
  });

  it("warns on an Order.order outside ASC/DESC", () => {
    const analytic = clone(completeAnalytic);
    analytic.chart.order[0]!.order = "ascending";
    const result = validateBody("getAnalytic.response", { analytic });
    expect(result.stated).toEqual([]);
    expect(result.registerDefaults.map((issue) => issue.register)).toEqual(["order-direction-values"]);
  });
});

/** A body as the target would send it: fields set to undefined are left out. */
const sent = (body: unknown): unknown => JSON.parse(JSON.stringify(body));
const listed = (page: unknown) => ({ landingPages: [page], listInformation: { totalElements: 1, totalPages: 1 } });
const withChart = (chart: Record<string, unknown>) => ({
  analytic: { ...completeAnalytic, chart: { ...completeAnalytic.chart, ...chart } },
});

describe("every field of a §2, §4 or §7 table is present (register required-response-fields)", () => {
  it("rejects a widget with only the SDK-required fields, citing each missing field with its table", () => {
    const result = validateBody("getWidget.response", sdkRequiredOnlyWidget);
    expect(result.stated.map((issue) => issue.message)).toEqual(
      ["description", "permission", "thumbnailURL", "tags", "preferredSize"].map(
        (field) => `must have required property '${field}' (§2.1 Widget)`,
      ),
    );
    expect(result.registerDefaults).toEqual([]);
  });

  it.each([
    ["BAR", ["/analytic/chart required category"]],
    ["TABLE", ["/analytic/chart required category"]],
    ["GAUGE", []],
  ])("asks a %s chart for its category: optional for type GAUGE only (§2.6)", (type, expected) => {
    const analytic = clone(completeAnalytic);
    analytic.chart.type = type as typeof analytic.chart.type;
    delete analytic.chart.category;
    const result = validateBody("getAnalytic.response", { analytic });
    expect(
      result.stated.map((issue) => `${issue.instancePath} ${issue.keyword} ${String(issue.params.missingProperty)}`),
    ).toEqual(expected);
  });

  it.each([
    ["a widget's tags", "getWidget.response", { ...completeWidget, tags: undefined }, "", "tags", "§2.1 Widget"],
    [
      "a permission's action",
      "getWidget.response",
      { ...completeWidget, permission: { resource: "r" } },
      "/permission",
      "action",
      "§2.2 Permission",
    ],
    [
      "a preferred width",
      "getWidget.response",
      { ...completeWidget, preferredSize: { height: 1 } },
      "/preferredSize",
      "width",
      "§2.3 PreferredSize",
    ],
    [
      "a landing page's includeHeader",
      "listLandingPages.response",
      listed({ ...completeLandingPage, includeHeader: undefined }),
      "/landingPages/0",
      "includeHeader",
      "§2.4 LandingPage",
    ],
    [
      "an analytic's properties",
      "getAnalytic.response",
      { analytic: { ...completeAnalytic, properties: undefined } },
      "/analytic",
      "properties",
      "§2.5 Analytic",
    ],
    [
      "a property's value",
      "getAnalytic.response",
      { analytic: { ...completeAnalytic, properties: [{ name: "n" }] } },
      "/analytic/properties/0",
      "value",
      "§2.5 Property",
    ],
    [
      "a chart's filter",
      "getAnalytic.response",
      withChart({ filter: undefined }),
      "/analytic/chart",
      "filter",
      "§2.6 Chart",
    ],
    [
      "a series' label",
      "getAnalytic.response",
      withChart({ series: [{ column: completeAnalytic.chart.series[0]!.column }] }),
      "/analytic/chart/series/0",
      "label",
      "§2.8 Series",
    ],
    [
      "an order's function",
      "getAnalytic.response",
      withChart({ order: [{ schema: "s", table: "t", column: "c", order: "ASC" }] }),
      "/analytic/chart/order/0",
      "function",
      "§2.9 Order",
    ],
    [
      "a role-filter key's sequence",
      "getRoleFilters.response",
      { filters: [{ key: { domainName: "d", serviceName: "s" }, filters: [] }] },
      "/filters/0/key",
      "sequence",
      "§2.12 RoleFilterGroup.key",
    ],
    [
      "the widgets of a listing",
      "listFactoryDefaultWidgets.response",
      { listInformation: { totalElements: 0, totalPages: 0 } },
      "",
      "widgets",
      "§4.1 ListFactoryDefaultWidgetsResponse",
    ],
    [
      "the landingPages of a listing",
      "listLandingPages.response",
      { listInformation: { totalElements: 0, totalPages: 0 } },
      "",
      "landingPages",
      "§4.2 ListLandingPagesResponse",
    ],
    [
      "a 400 body's message",
      "error.cms.badRequest",
      { errorCode: "E", reason: "BAD_REQUEST", domain: "platform", service: "cms" },
      "",
      "message",
      "§7 CmsBadRequestError",
    ],
    [
      "a 404 body's errorCode",
      "error.cms.notFound",
      { message: "m", reason: "OBJECT_NOT_FOUND", domain: "platform", service: "cms" },
      "",
      "errorCode",
      "§7 CmsNotFoundError",
    ],
    [
      "a getRoleFilters 400 body's message",
      "error.authorization",
      { errorCode: "getRoleFiltersResponse", reason: "BAD_REQUEST", domain: "platform", service: "authorization" },
      "",
      "message",
      "§7 AuthorizationBadRequestError",
    ],
    [
      "a 401 body's error_description",
      "error.unauthorized",
      { error: "e" },
      "",
      "error_description",
      "§7 UnauthorizedError",
    ],
    ["a 401 body's error", "error.unauthorized", { error_description: "d" }, "", "error", "§7 UnauthorizedError"],
  ])("rejects a body without %s", (_label, name, body, path, field, table) => {
    const result = validateBody(name, sent(body));
    expect(result.stated.map((issue) => [issue.instancePath, issue.message])).toContainEqual([
      path,
      `must have required property '${field}' (${table})`,
    ]);
    expect(result.registerDefaults).toEqual([]);
  });
});

describe("a renamed field fails, an unknown extra field passes (registers required-response-fields, unknown-extra-fields)", () => {
  it.each([
    ["thumbnailUrl", "thumbnailURL"],
    ["ThumbnailURL", "thumbnailURL"],
    ["thumbnailUri", "thumbnailURL"],
    ["tag", "tags"],
    ["Description", "description"],
  ])("names %s as §2.1's %s renamed", (renamed, tabled) => {
    const { [tabled]: value, ...rest } = completeWidget as Record<string, unknown>;
    const result = validateBody("getWidget.response", { ...rest, [renamed]: value });
    expect(result.stated.map((issue) => issue.message)).toEqual([
      `has no '${tabled}' but has '${renamed}', which looks like §2.1 Widget's '${tabled}' renamed`,
    ]);
    expect(result.stated[0]?.keyword).toBe("renamed");
  });

  it.each(["suffix", "Sufix", "SUFFIX"])("names ColumnRef %s as §2.7's sufix renamed", (renamed) => {
    const analytic = clone(completeAnalytic);
    const { sufix, ...column } = analytic.chart.series[0]!.column;
    const result = validateBody("getAnalytic.response", {
      analytic: {
        ...analytic,
        chart: { ...analytic.chart, series: [{ label: "l", column: { ...column, [renamed]: sufix } }] },
      },
    });
    expect(result.stated.map((issue) => `${issue.instancePath} ${issue.message}`)).toEqual([
      `/analytic/chart/series/0/column has no 'sufix' but has '${renamed}', which looks like §2.7 ColumnRef's 'sufix' renamed`,
    ]);
  });

  it("names a field renamed where the tabled one may be absent: a GAUGE chart's Category", () => {
    const { category, ...chart } = { ...clone(completeAnalytic).chart, type: "GAUGE" };
    const result = validateBody(
      "getAnalytic.response",
      withChart({ ...chart, category: undefined, Category: category }),
    );
    expect(result.stated.map((issue) => `${issue.instancePath} ${issue.keyword}`)).toEqual(["/analytic/chart renamed"]);
  });

  it("passes a near-miss name beside its tabled field, and unknown names that are no near miss", () => {
    const analytic = clone(completeAnalytic) as Record<string, unknown> & typeof completeAnalytic;
    const column = analytic.chart.series[0]!.column as Record<string, unknown>;
    column.suffix = column.sufix; // a corrected spelling sent beside §2.7's sufix
    column.suffixes = ["%"]; // three letters more than sufix: no rename
    expect(validateBody("getAnalytic.response", { analytic: { ...analytic, creator: "u", urls: [] } }).stated).toEqual(
      [],
    );
    const widget = { ...completeWidget, uri: "x", widgetType: "chart", thumbnail: "t", tagList: [] };
    expect(validateBody("getWidget.response", widget).stated).toEqual([]);
  });

  it("leaves requests alone: a request's unknown fields are not renamed ones", () => {
    expect(validateBody("listLandingPages.request", { searchvalue: "x" }).stated).toEqual([]);
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

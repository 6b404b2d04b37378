/**
 * What contract/validators.ts reports, issue by issue: the first issue of a large body that its
 * sample lacks (once, beside the sample's own), register departures kept apart from stated
 * violations, the caps of MAX_ISSUES_PER_BODY, and formatSchemaIssue's one line.
 */
import { describe, expect, it } from "vitest";
import { formatSchemaIssue, type SchemaIssue } from "../../../contract/schemaIssue.js";
import { contractAjv, VALIDATOR_SETS } from "../../../contract/generateContractValidators.js";
import { MAX_ISSUES_PER_BODY, validateAgainst, validateBody } from "../../../contract/validators.js";
import { completeAnalytic, completeWidget } from "./bodyExamples.js";

const listing = (widgets: unknown[], listInformation: unknown = { totalElements: widgets.length, totalPages: 1 }) => ({
  widgets,
  listInformation,
});

/** 3,000 complete widgets: far more JSON values than the large-body bound, so only a sample is searched. */
const manyWidgets = (): unknown[] => Array.from({ length: 3_000 }, () => completeWidget);

const badHeight = (height: unknown) => ({ ...completeWidget, preferredSize: { height, width: 6 } });

/** An analytic whose chart orders the records by `orders`. */
const ordered = (orders: unknown[]) => ({
  analytic: { ...completeAnalytic, chart: { ...completeAnalytic.chart, order: orders } },
});
const goodOrder = completeAnalytic.chart.order[0];
/** An Order outside ASC/DESC: a departure from register order-direction-values, no stated violation. */
const ascending = { ...goodOrder, order: "ascending" };
/** 3,000 orders: far more JSON values than the large-body bound. */
const manyOrders = (): unknown[] => Array.from({ length: 3_000 }, () => goodOrder);

const where = (issues: readonly SchemaIssue[]) => issues.map((issue) => `${issue.instancePath} ${issue.schemaPath}`);

/** The three issues ajv reports for a bad item of the widgets' anyOf (an array of widgets, or one widget). */
const itemIssues = (index: number) => [
  `/widgets/${index}/preferredSize/height PreferredSize.json/properties/height/type`,
  "/widgets #/type",
  "/widgets #/properties/widgets/anyOf",
];

describe("issues of a large body", () => {
  it("a bad item inside the sample is listed once, not again as the whole body's first issue", () => {
    const widgets = manyWidgets();
    widgets[0] = badHeight("tall");
    const result = validateBody("listFactoryDefaultWidgets.response", listing(widgets));
    expect(result.sampled).toBe(true);
    expect(where(result.stated)).toEqual(itemIssues(0));
  });

  it("the whole body's first issue, past the sample, is listed before the sample's own issues", () => {
    const widgets = manyWidgets();
    widgets[2_500] = badHeight("tall");
    const result = validateBody("listFactoryDefaultWidgets.response", listing(widgets, { totalElements: "3000" }));
    expect(where(result.stated)).toEqual([
      ...itemIssues(2_500),
      "/listInformation ../components/ListInformation.json/required",
      "/listInformation/totalElements ../components/ListInformation.json/properties/totalElements/type",
    ]);
  });

  it("an issue past the sample is listed even when the sample has the same issue elsewhere", () => {
    const filter = { name: "companyBranchId", value: "47" };
    const key = { domainName: "hcm", serviceName: "payroll", sequence: 1 };
    const longGroup = { key, filters: Array.from({ length: 3_000 }, () => filter) };
    longGroup.filters[2_500] = { value: "47" } as typeof filter;
    const shortGroup = { key, filters: [{ value: "48" }] };
    const result = validateBody("getRoleFilters.response", { filters: [longGroup, shortGroup] });
    expect(result.registerDefaults).toEqual([]);
    expect(result.sampled).toBe(true);
    // Both issues have the same schemaPath (the filters' required, in RoleFilterGroup.json), at two places.
    expect(where(result.stated)).toEqual([
      "/filters/0/filters/2500 ../components/RoleFilterGroup.json/properties/filters/items/required",
      "/filters/1/filters/0 ../components/RoleFilterGroup.json/properties/filters/items/required",
    ]);
  });

  it("only the first issue past the sample is added, not every one (evidence, not an inventory)", () => {
    const widgets = manyWidgets();
    widgets[2_500] = badHeight("tall");
    widgets[2_600] = badHeight("short");
    const result = validateBody("listFactoryDefaultWidgets.response", listing(widgets));
    expect(where(result.stated)).toEqual(itemIssues(2_500));
  });

  it("only the first departure from the register's defaults past the sample is added, not every one", () => {
    const orders = manyOrders();
    orders[2_500] = ascending;
    orders[2_600] = ascending;
    const result = validateBody("getAnalytic.response", ordered(orders));
    expect(result.stated).toEqual([]);
    expect(where(result.registerDefaults)).toEqual(["/analytic/chart/order/2500/order #/x-strict"]);
  });

  it("keeps at most MAX_ISSUES_PER_BODY issues when the sample alone holds more", () => {
    const bad = { id: 1, name: 2, url: 3, description: 4, tags: 5, preferredSize: { height: "a", width: "b" } };
    const result = validateBody(
      "listFactoryDefaultWidgets.response",
      listing(Array.from({ length: 2_000 }, () => bad)),
    );
    expect(result.sampled).toBe(true);
    expect(result.stated).toHaveLength(MAX_ISSUES_PER_BODY);
  });

  it("a large body whose only departures are from the register's defaults is marked as sampled", () => {
    const orders = manyOrders();
    orders[0] = ascending;
    const result = validateBody("getAnalytic.response", ordered(orders));
    expect(result.stated).toEqual([]);
    expect(where(result.registerDefaults)).toEqual(["/analytic/chart/order/0/order #/x-strict"]);
    expect(result.registerDefaults[0]?.register).toBe("order-direction-values");
    expect(result.sampled).toBe(true);
  });

  it("lists no stated violation among the register's departures", () => {
    const orders = manyOrders();
    orders[0] = ascending;
    orders[1] = { ...goodOrder, function: "average" };
    const result = validateBody("getAnalytic.response", ordered(orders));
    expect(result.stated.map((issue) => issue.instancePath)).toEqual(["/analytic/chart/order/1/function"]);
    expect(result.registerDefaults.map((issue) => [issue.instancePath, issue.register])).toEqual([
      ["/analytic/chart/order/0/order", "order-direction-values"],
    ]);
  });
});

describe("issues of a small body", () => {
  it("keeps at most MAX_ISSUES_PER_BODY departures from the register's defaults", () => {
    const result = validateBody("getAnalytic.response", ordered(Array.from({ length: 60 }, () => ascending)));
    expect(result.sampled).toBeUndefined();
    expect(result.stated).toEqual([]);
    expect(result.registerDefaults).toHaveLength(MAX_ISSUES_PER_BODY);
    expect(result.registerDefaults[49]?.instancePath).toBe("/analytic/chart/order/49/order");
  });

  it("counts the stated issues in all only when more were found than kept", () => {
    // 48 items that are not widgets: 48 issues, and the anyOf's two of the whole list: exactly the cap.
    const atTheCap = validateBody("listFactoryDefaultWidgets.response", listing(new Array(48).fill(0)));
    expect(atTheCap.stated).toHaveLength(MAX_ISSUES_PER_BODY);
    expect(atTheCap).not.toHaveProperty("statedTotal");
    const overTheCap = validateBody("listFactoryDefaultWidgets.response", listing(new Array(49).fill(0)));
    expect(overTheCap.stated).toHaveLength(MAX_ISSUES_PER_BODY);
    expect(overTheCap.statedTotal).toBe(MAX_ISSUES_PER_BODY + 1);
    expect(validateBody("getWidget.response", completeWidget)).toEqual({
      body: "getWidget.response",
      stated: [],
      registerDefaults: [],
    });
  });

  it("validateAgainst takes a path below schemas/ as well as a full $id", () => {
    const byPath = validateAgainst("bodies/getWidget.request.json", { widgetId: 5 });
    expect(byPath.body).toBe("bodies/getWidget.request.json");
    expect(where(byPath.stated)).toEqual(["/widgetId #/properties/widgetId/type"]);
    const byId = validateAgainst(
      "https://schemas.cms-conformance.invalid/bodies/getWidget.request.json",
      { widgetId: 5 },
      "label",
    );
    expect(byId.body).toBe("label");
    expect(byId.stated).toEqual(byPath.stated);
  });

  it("refuses a schema id that names no schema", () => {
    expect(() => validateAgainst("bodies/nothing.json", {})).toThrow(
      "no schema with $id https://schemas.cms-conformance.invalid/bodies/nothing.json",
    );
  });

  it("refuses an unknown body, naming every known one", () => {
    expect(() => validateBody("getWidget.reply", {})).toThrow(
      /^unknown body "getWidget\.reply"; known bodies: .*getWidget\.request, getWidget\.response, /,
    );
  });

  it("compiles each set as its name says: the stated or the strict reading, every error or the first", () => {
    const errorsOf = (set: (typeof VALIDATOR_SETS)[number], name: string, data: unknown) => {
      const validate = contractAjv(set).getSchema(`https://schemas.cms-conformance.invalid/bodies/${name}.json`);
      return validate?.(data) ? [] : (validate?.errors ?? []).map((error) => error.schemaPath);
    };
    // Two stated violations: every error, or the first only.
    const twoWrong = { pagination: { pageNumber: "x", pageSize: "y" } };
    for (const set of ["stated", "strict"] as const)
      expect(errorsOf(set, "listLandingPages.request", twoWrong).length, set).toBeGreaterThan(1);
    for (const set of ["statedFirstError", "strictFirstError"] as const)
      expect(errorsOf(set, "listLandingPages.request", twoWrong), set).toHaveLength(1);
    // A register default only the strict reading applies: getRoleFilters' roles is required there.
    expect(errorsOf("stated", "getRoleFilters.request", {})).toEqual([]);
    expect(errorsOf("statedFirstError", "getRoleFilters.request", {})).toEqual([]);
    for (const set of ["strict", "strictFirstError"] as const)
      expect(errorsOf(set, "getRoleFilters.request", {}).join(), set).toContain(
        "https://schemas.cms-conformance.invalid/x-strict/",
      );
  });

  it("compiles with ajv's strict mode: a schema with an unknown keyword is refused, not ignored", () => {
    for (const set of VALIDATOR_SETS)
      expect(() => contractAjv(set).compile({ type: "object", propertys: {} }), set).toThrow(/unknown keyword/);
  });
});

describe("formatSchemaIssue", () => {
  it("says where, what and which rule, in one line", () => {
    const [rootIssue] = validateBody("getWidget.response", 5).stated;
    expect(formatSchemaIssue(rootIssue as SchemaIssue)).toBe('(root) must be object {"type":"object"} (schema #/type)');
    const { url: _url, ...widgetWithoutUrl } = completeWidget;
    const [missingIssue] = validateBody("listFactoryDefaultWidgets.response", listing([widgetWithoutUrl])).stated;
    expect(formatSchemaIssue(missingIssue as SchemaIssue)).toBe(
      `/widgets/0 must have required property 'url' (§2.1 Widget) {"missingProperty":"url"} (schema #/required)`,
    );
    const [registerIssue] = validateBody("getAnalytic.response", ordered([ascending])).registerDefaults;
    expect(formatSchemaIssue(registerIssue as SchemaIssue)).toBe(
      `/analytic/chart/order/0/order must be equal to one of the allowed values {"allowedValues":["ASC","DESC"]} (schema #/x-strict) [register: order-direction-values]`,
    );
  });

  it("leaves out empty parameters and an absent register", () => {
    const issue: SchemaIssue = {
      instancePath: "/a/0",
      schemaPath: "#/properties/a/items/not",
      keyword: "not",
      params: {},
      message: "must NOT be valid",
    };
    expect(formatSchemaIssue(issue)).toBe("/a/0 must NOT be valid (schema #/properties/a/items/not)");
  });
});

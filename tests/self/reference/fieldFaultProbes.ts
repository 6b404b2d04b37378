/**
 * Probes of the faults that leave out or rename a field a §2, §4 or §7 table lists (issue 44): the
 * reference sends the field, the fault does not, and the stated reading names the missing (or renamed)
 * field. Same contract as FAULT_PROBES: the reference keeps the rule, the fault breaks it.
 */
import { expect } from "vitest";
import { validateBody } from "../../../contract/validators.js";
import type { ProbeContext } from "./faultProbes.js";
import { asObject, type Answer } from "./referenceClient.js";

/** "instancePath missingProperty" of each stated missing field, "instancePath renamed field" of each renamed one. */
const findings = (name: string, json: unknown): string[] =>
  validateBody(name, json).stated.map((issue) =>
    issue.keyword === "renamed"
      ? `${issue.instancePath} renamed ${String(issue.params.field)}`
      : `${issue.instancePath} ${issue.keyword} ${String(issue.params.missingProperty)}`,
  );
const firstWidget = (answer: Answer) => asObject((asObject(answer.json).widgets as unknown[])[0]);
const firstPage = (answer: Answer) => asObject((asObject(answer.json).landingPages as unknown[])[0]);
const analyticOf = (answer: Answer) => asObject(asObject(answer.json).analytic);
const chartOf = (answer: Answer) => asObject(analyticOf(answer).chart);
const seriesColumn = (answer: Answer) => asObject(asObject((chartOf(answer).series as unknown[])[0]).column);

/** The §7 body of an invalid request (malformed JSON) to `operation`, from both sides. */
async function badRequests({ both }: ProbeContext, operation: "getWidget" | "getRoleFilters") {
  const [reference, faulty] = await both(operation, { widgetId: 5, roles: "admin" });
  expect([reference.status, faulty.status]).toEqual([400, 400]);
  return [asObject(reference.json), asObject(faulty.json)] as const;
}

/** Probes by fault name. */
export const FIELD_FAULT_PROBES: Readonly<Record<string, (context: ProbeContext) => Promise<void>>> = {
  "widget-without-thumbnail-url": async ({ both }) => {
    const [reference, faulty] = await both("listFactoryDefaultWidgets", {});
    expect(firstWidget(reference).thumbnailURL).toEqual(expect.any(String));
    expect(firstWidget(faulty)).toEqual({ ...firstWidget(reference), thumbnailURL: undefined });
    expect(findings("listFactoryDefaultWidgets.response", faulty.json)).toContain("/widgets/0 required thumbnailURL");
    const widgetId = String(firstWidget(reference).id);
    const [read, faultyRead] = await both("getWidget", { widgetId });
    expect(findings("getWidget.response", read.json)).toEqual([]);
    expect(findings("getWidget.response", faultyRead.json)).toEqual([" required thumbnailURL"]);
  },
  "landing-page-without-include-header": async ({ both }) => {
    const [reference, faulty] = await both("listLandingPages", {});
    expect(firstPage(reference).includeHeader).toEqual(expect.any(Boolean));
    expect(firstPage(faulty)).toEqual({ ...firstPage(reference), includeHeader: undefined });
    expect(findings("listLandingPages.response", faulty.json)).toContain("/landingPages/0 required includeHeader");
  },
  "analytic-without-properties": async ({ both, analyticOfType }) => {
    const [reference, faulty] = await both("getAnalytic", { analyticId: analyticOfType("BAR") });
    expect(analyticOf(reference).properties).toEqual(expect.any(Array));
    expect(findings("getAnalytic.response", reference.json)).toEqual([]);
    expect(findings("getAnalytic.response", faulty.json)).toEqual(["/analytic required properties"]);
  },
  "chart-without-filter": async ({ server, both }) => {
    const charts = await Promise.all(
      server.fixtures.analyticIds.map(async (analyticId) => both("getAnalytic", { analyticId })),
    );
    const empty = charts.filter(([reference]) => Object.keys(asObject(chartOf(reference).filter)).length === 0);
    expect(empty.length).toBeGreaterThan(0);
    for (const [, faulty] of empty)
      expect(findings("getAnalytic.response", faulty.json)).toEqual(["/analytic/chart required filter"]);
    const filled = charts.find(([reference]) => Object.keys(asObject(chartOf(reference).filter)).length > 0);
    expect(filled?.[1].json).toEqual(filled?.[0].json);
  },
  "chart-without-category": async ({ both, analyticOfType }) => {
    const [reference, faulty] = await both("getAnalytic", { analyticId: analyticOfType("TABLE") });
    expect(chartOf(reference).category).toBeDefined();
    expect(findings("getAnalytic.response", faulty.json)).toEqual(["/analytic/chart required category"]);
    const [gauge, faultyGauge] = await both("getAnalytic", { analyticId: analyticOfType("GAUGE") });
    expect(faultyGauge.json).toEqual(gauge.json);
  },
  "chart-category-null": async ({ both, analyticOfType }) => {
    const [reference, faulty] = await both("getAnalytic", { analyticId: analyticOfType("TABLE") });
    expect(chartOf(reference).category).toEqual(expect.any(Object));
    expect(chartOf(faulty).category).toBeNull();
    expect(
      findings("getAnalytic.response", faulty.json).some((finding) => finding.includes("/analytic/chart/category")),
    ).toBe(true);
    const [gauge, faultyGauge] = await both("getAnalytic", { analyticId: analyticOfType("GAUGE") });
    expect(faultyGauge.json).toEqual(gauge.json);
  },
  "role-filter-key-without-sequence": async ({ server, both }) => {
    const [reference, faulty] = await both("getRoleFilters", { roles: server.fixtures.roles });
    const groups = (answer: Answer) => asObject(answer.json).filters as unknown[];
    expect(groups(reference).length).toBeGreaterThan(0);
    expect(asObject(asObject(groups(reference)[0]).key).sequence).toEqual(expect.any(Number));
    expect(findings("getRoleFilters.response", faulty.json)).toContain("/filters/0/key required sequence");
  },
  "sdk-optional-fields-left-out": async ({ both, analyticOfType }) => {
    const [widgets, faultyWidgets] = await both("listFactoryDefaultWidgets", {});
    expect(Object.keys(firstWidget(widgets)).length).toBe(8);
    expect(Object.keys(firstWidget(faultyWidgets)).sort()).toEqual(["id", "name", "url"]);
    const [pages, faultyPages] = await both("listLandingPages", {});
    expect(Object.keys(firstPage(pages))).toContain("includeHeader");
    expect(Object.keys(firstPage(faultyPages))).not.toContain("includeHeader");
    const [analytic, faultyAnalytic] = await both("getAnalytic", { analyticId: analyticOfType("LINE") });
    expect(findings("getAnalytic.response", analytic.json)).toEqual([]);
    expect(Object.keys(analyticOf(faultyAnalytic)).sort()).toEqual(["chart", "createdBy", "createdDate", "id", "name"]);
    expect(Object.keys(chartOf(faultyAnalytic)).sort()).toEqual(["datasetId", "series", "type"]);
    expect(findings("getAnalytic.response", faultyAnalytic.json)).toContain("/analytic/chart required category");
  },
  "bad-request-without-message": async (context) => {
    for (const operation of ["getWidget", "getRoleFilters"] as const) {
      const [reference, faulty] = await badRequests(context, operation);
      expect(reference.message).toEqual(expect.any(String));
      expect(faulty).toEqual({ ...reference, message: undefined });
    }
    const [, faulty] = await badRequests(context, "getWidget");
    expect(findings("error.cms.badRequest", faulty)).toEqual([" required message"]);
  },
  "not-found-without-error-code": async ({ both }) => {
    const [reference, faulty] = await both("getWidget", { widgetId: "widget://acme.com.br/platform/cms/none" });
    expect([reference.status, faulty.status]).toEqual([404, 404]);
    expect(findings("error.cms.notFound", reference.json)).toEqual([]);
    expect(findings("error.cms.notFound", faulty.json)).toEqual([" required errorCode"]);
  },
  "unauthorized-without-description": async ({ both }) => {
    const [reference, faulty] = await both("getWidget", { widgetId: "widget://t/w" }, "none");
    expect([reference.status, faulty.status]).toEqual([401, 401]);
    expect(asObject(faulty.json)).toEqual({ error: asObject(reference.json).error });
    expect(findings("error.unauthorized", faulty.json)).toEqual([" required error_description"]);
  },
  "column-ref-suffix-spelled-right": async ({ both, analyticOfType }) => {
    const [reference, faulty] = await both("getAnalytic", { analyticId: analyticOfType("BAR") });
    const { sufix, ...rest } = seriesColumn(reference);
    expect(sufix).toEqual(expect.any(String));
    expect(seriesColumn(faulty)).toEqual({ ...rest, suffix: sufix });
    expect(findings("getAnalytic.response", faulty.json)).toContain("/analytic/chart/series/0/column renamed suffix");
    expect(findings("getAnalytic.response", faulty.json)).not.toContain(
      "/analytic/chart/series/0/column required sufix",
    );
  },
  "widget-thumbnail-url-camel-case": async ({ both }) => {
    const [reference, faulty] = await both("listFactoryDefaultWidgets", {});
    const { thumbnailURL, ...rest } = firstWidget(reference);
    expect(firstWidget(faulty)).toEqual({ ...rest, thumbnailUrl: thumbnailURL });
    expect(findings("listFactoryDefaultWidgets.response", faulty.json)).toContain("/widgets/0 renamed thumbnailUrl");
  },
  "error-code-snake-case": async ({ both }) => {
    const [reference, faulty] = await both("getAnalytic", { analyticId: "analytic://acme.com.br/none" });
    expect([reference.status, faulty.status]).toEqual([404, 404]);
    const { errorCode, ...rest } = asObject(reference.json);
    expect(asObject(faulty.json)).toEqual({ ...rest, error_code: errorCode });
    expect(findings("error.cms.notFound", faulty.json)).toEqual([" renamed error_code"]);
  },
};

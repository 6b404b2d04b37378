/**
 * One probe per fault of the catalogue: the same requests against the reference and the
 * fault's base path, asserting the reference keeps the rule and the fault breaks it in the
 * specific way its description says.
 */
import { expect } from "vitest";
import { validateBody } from "../../../contract/validators.js";
import type { RunningReferenceServer } from "../../../reference/startReferenceServer.js";
import { BOUNDARY_FAULT_PROBES } from "./boundaryFaultProbes.js";
import { STATEMENT_FAULT_PROBES } from "./statementFaultProbes.js";
import { CREDENTIAL_FORM_FAULT_PROBES } from "./credentialFormFaultProbes.js";
import { SEARCH_FORM_FAULT_PROBES } from "./searchFormFaultProbes.js";
import { FIELD_FAULT_PROBES } from "./fieldFaultProbes.js";
import { VALUE_SHAPE_FAULT_PROBES } from "./valueShapeFaultProbes.js";
import { CONSISTENCY_FAULT_PROBES } from "./consistencyFaultProbes.js";
import { IDENTITY_FAULT_PROBES } from "./identityFaultProbes.js";
import { REQUEST_READING_FAULT_PROBES } from "./requestReadingProbes.js";
import { JSON_TEXT_FAULT_PROBES } from "./jsonTextFaultProbes.js";
import {
  asObject,
  call,
  callOperation,
  headersFor,
  listedIds,
  PATHS,
  totals,
  walkAll,
  type Answer,
  type Caller,
  type Operation,
} from "./referenceClient.js";

/** What a probe gets: the running server and the two base URLs to compare. */
export interface ProbeContext {
  readonly server: RunningReferenceServer;
  readonly reference: string;
  readonly faulty: string;
  /** The same operation call on both bases: [reference, fault]. */
  both(operation: Operation, body: unknown, caller?: Caller): Promise<[Answer, Answer]>;
  /** A widget id the admin sees and the restricted user may not. */
  hiddenWidgetId(): Promise<string>;
  /** An analytic id whose chart has this type. */
  analyticOfType(type: string): string;
}

const stated = (name: string, json: unknown) => validateBody(name, json).stated;
const analyticOf = (answer: Answer) => asObject(asObject(answer.json).analytic);
const chartOf = (answer: Answer) => asObject(analyticOf(answer).chart);
const UNKNOWN_WIDGET = { widgetId: "widget://acme.com.br/platform/cms/does-not-exist" };

/** Probes by fault name. */
export const FAULT_PROBES: Readonly<Record<string, (context: ProbeContext) => Promise<void>>> = {
  ...BOUNDARY_FAULT_PROBES,
  ...STATEMENT_FAULT_PROBES,
  ...CREDENTIAL_FORM_FAULT_PROBES,
  ...SEARCH_FORM_FAULT_PROBES,
  ...FIELD_FAULT_PROBES,
  ...VALUE_SHAPE_FAULT_PROBES,
  ...CONSISTENCY_FAULT_PROBES,
  ...IDENTITY_FAULT_PROBES,
  ...REQUEST_READING_FAULT_PROBES,
  ...JSON_TEXT_FAULT_PROBES,
  "pagination-default-20": async ({ both }) => {
    for (const [operation, field] of [
      ["listFactoryDefaultWidgets", "widgets"],
      ["listLandingPages", "landingPages"],
    ] as const) {
      const [reference, faulty] = await both(operation, {});
      expect(listedIds(reference.json, field)).toHaveLength(10);
      expect(listedIds(faulty.json, field)).toHaveLength(20);
    }
  },
  "landing-default-returns-all": async ({ both }) => {
    const [reference, faulty] = await both("listLandingPages", {});
    expect(listedIds(reference.json, "landingPages")).toHaveLength(10);
    expect(listedIds(faulty.json, "landingPages")).toHaveLength(Number(totals(reference.json).totalElements));
    const [widgets, faultyWidgets] = await both("listFactoryDefaultWidgets", {});
    expect(faultyWidgets.json).toEqual(widgets.json);
  },
  "pagination-required-400": async ({ both }) => {
    for (const [operation, field] of [
      ["listFactoryDefaultWidgets", "widgets"],
      ["listLandingPages", "landingPages"],
    ] as const) {
      const [reference, faulty] = await both(operation, {});
      expect(reference.status).toBe(200);
      expect(faulty.status).toBe(400);
      expect(stated("error.cms.badRequest", faulty.json)).toEqual([]);
      const [paged, faultyPaged] = await both(operation, { pagination: { pageNumber: 0, pageSize: 10 } });
      expect(faultyPaged.json).toEqual(paged.json);
      expect(listedIds(faultyPaged.json, field)).toHaveLength(10);
    }
  },
  "page-number-one-based": async ({ both, server, faulty }) => {
    const [reference, zero] = await both("listLandingPages", { pagination: { pageNumber: 0, pageSize: 5 } });
    expect(listedIds(reference.json, "landingPages")).toHaveLength(5);
    expect(listedIds(zero.json, "landingPages")).toEqual([]);
    const one = await callOperation(
      server,
      "listLandingPages",
      { pagination: { pageNumber: 1, pageSize: 5 } },
      "admin",
      faulty,
    );
    expect(listedIds(one.json, "landingPages")).toEqual(listedIds(reference.json, "landingPages"));
  },
  "total-pages-floored": async ({ both }) => {
    const [reference, faulty] = await both("listFactoryDefaultWidgets", { pagination: { pageSize: 7 } });
    const total = Number(totals(reference.json).totalElements);
    expect(total % 7).not.toBe(0);
    expect(totals(reference.json).totalPages).toBe(Math.ceil(total / 7));
    expect(totals(faulty.json)).toEqual({ totalElements: total, totalPages: Math.floor(total / 7) });
  },
  "total-elements-page-count": async ({ both }) => {
    const [reference, faulty] = await both("listLandingPages", { pagination: { pageSize: 5 } });
    expect(Number(totals(reference.json).totalElements)).toBeGreaterThan(5);
    expect(totals(faulty.json).totalElements).toBe(5);
    expect(totals(faulty.json).totalPages).toBe(totals(reference.json).totalPages);
  },
  "pages-overlap": async ({ server, reference, faulty, both }) => {
    const [page0] = await both("listFactoryDefaultWidgets", { pagination: { pageNumber: 0, pageSize: 5 } });
    const [page1, faultyPage1] = await both("listFactoryDefaultWidgets", {
      pagination: { pageNumber: 1, pageSize: 5 },
    });
    expect(listedIds(page1.json, "widgets")).not.toContain(listedIds(page0.json, "widgets")[4]);
    expect(listedIds(faultyPage1.json, "widgets")[0]).toBe(listedIds(page0.json, "widgets")[4]);
    const correctWalk = await walkAll(server, "listFactoryDefaultWidgets", "admin", 25, reference);
    const faultyWalk = await walkAll(server, "listFactoryDefaultWidgets", "admin", 25, faulty);
    expect(new Set(correctWalk).size).toBe(correctWalk.length);
    expect(new Set(faultyWalk).size).toBeLessThan(faultyWalk.length);
  },
  "page-size-ignored": async ({ both }) => {
    const [reference, faulty] = await both("listFactoryDefaultWidgets", { pagination: { pageSize: 3 } });
    expect(listedIds(reference.json, "widgets")).toHaveLength(3);
    expect(listedIds(faulty.json, "widgets")).toHaveLength(10);
  },
  "past-end-repeats-last-page": async ({ both }) => {
    const [reference, faulty] = await both("listLandingPages", { pagination: { pageNumber: 999, pageSize: 10 } });
    expect(listedIds(reference.json, "landingPages")).toEqual([]);
    expect(listedIds(faulty.json, "landingPages").length).toBeGreaterThan(0);
    expect(totals(faulty.json)).toEqual(totals(reference.json));
  },
  "pie-two-series": async ({ both, analyticOfType }) => {
    const [reference, faulty] = await both("getAnalytic", { analyticId: analyticOfType("PIE") });
    expect(chartOf(reference).series).toHaveLength(1);
    expect(chartOf(faulty).series).toHaveLength(2);
    expect(stated("getAnalytic.response", faulty.json).map((issue) => issue.keyword)).toContain("maxItems");
    const [bar, faultyBar] = await both("getAnalytic", { analyticId: analyticOfType("BAR") });
    expect(faultyBar.json).toEqual(bar.json);
  },
  "widget-id-without-scheme": async ({ both }) => {
    const [reference, faulty] = await both("listFactoryDefaultWidgets", {});
    expect(listedIds(reference.json, "widgets").every((id) => id.startsWith("widget://"))).toBe(true);
    expect(listedIds(faulty.json, "widgets").every((id) => !id.startsWith("widget://"))).toBe(true);
    expect(stated("listFactoryDefaultWidgets.response", faulty.json).map((issue) => issue.keyword)).toContain(
      "pattern",
    );
  },
  "landing-id-without-tenant": async ({ both }) => {
    const [reference, faulty] = await both("listLandingPages", {});
    expect(stated("listLandingPages.response", reference.json)).toEqual([]);
    expect(listedIds(faulty.json, "landingPages")[0]).toMatch(/^landing:\/\/page-\d+$/);
    expect(stated("listLandingPages.response", faulty.json).map((issue) => issue.keyword)).toContain("pattern");
  },
  "landing-type-lower-case": async ({ both }) => {
    const [reference, faulty] = await both("listLandingPages", {});
    const types = (answer: Answer) =>
      (asObject(answer.json).landingPages as unknown[]).map((page) => asObject(page).landingPageType);
    expect(types(faulty)).toEqual(types(reference).map((type) => String(type).toLowerCase()));
    expect(stated("listLandingPages.response", faulty.json).map((issue) => issue.keyword)).toContain("enum");
  },
  "chart-type-misspelled": async ({ both, analyticOfType }) => {
    const [reference, faulty] = await both("getAnalytic", { analyticId: analyticOfType("STACKED_BAR") });
    expect(chartOf(reference).type).toBe("STACKED_BAR");
    expect(chartOf(faulty).type).toBe("STACKED-BAR");
    expect(stated("getAnalytic.response", faulty.json).length).toBeGreaterThan(0);
  },
  "precision-as-string": async ({ both, analyticOfType }) => {
    const [reference, faulty] = await both("getAnalytic", { analyticId: analyticOfType("LINE") });
    const precision = (answer: Answer) => asObject(asObject((chartOf(answer).series as unknown[])[0]).column).precision;
    expect(typeof precision(reference)).toBe("number");
    expect(precision(faulty)).toBe(String(precision(reference)));
    expect(stated("getAnalytic.response", faulty.json).map((issue) => issue.keyword)).toContain("type");
  },
  "created-date-without-millis": async ({ both, analyticOfType }) => {
    const [reference, faulty] = await both("getAnalytic", { analyticId: analyticOfType("AREA") });
    expect(analyticOf(reference).createdDate).toMatch(/\.\d{3}Z$/);
    expect(analyticOf(faulty).createdDate).toBe(String(analyticOf(reference).createdDate).replace(/\.\d{3}Z$/, "Z"));
    expect(stated("getAnalytic.response", faulty.json).map((issue) => issue.instancePath)).toContain(
      "/analytic/createdDate",
    );
  },
  "totals-as-strings": async ({ both }) => {
    const [reference, faulty] = await both("listFactoryDefaultWidgets", {});
    const { totalElements, totalPages } = totals(reference.json);
    expect(totals(faulty.json)).toEqual({ totalElements: String(totalElements), totalPages: String(totalPages) });
    expect(stated("listFactoryDefaultWidgets.response", faulty.json).length).toBeGreaterThan(0);
  },
  "widget-wrapped": async ({ both, server }) => {
    const widgetId = listedIds((await callOperation(server, "listFactoryDefaultWidgets", {})).json, "widgets")[0];
    const [reference, faulty] = await both("getWidget", { widgetId });
    expect(asObject(reference.json).id).toBe(widgetId);
    expect(faulty.json).toEqual({ widget: reference.json });
  },
  "analytic-unwrapped": async ({ both, server }) => {
    const [reference, faulty] = await both("getAnalytic", { analyticId: server.fixtures.analyticIds[0] });
    expect(faulty.json).toEqual(analyticOf(reference));
    expect(stated("getAnalytic.response", faulty.json).map((issue) => issue.keyword)).toContain("required");
  },
  "get-widget-wrong-id": async ({ both, server }) => {
    const widgetId = listedIds((await callOperation(server, "listFactoryDefaultWidgets", {})).json, "widgets")[3];
    const [reference, faulty] = await both("getWidget", { widgetId });
    expect(asObject(reference.json).id).toBe(widgetId);
    expect(faulty.status).toBe(200);
    expect(asObject(faulty.json).id).not.toBe(widgetId);
    expect(stated("getWidget.response", faulty.json)).toEqual([]);
  },
  "malformed-id-served": async ({ both, server }) => {
    const [reference, faulty] = await both("getWidget", { widgetId: "not-a-widget-uri" });
    expect(reference.status).toBe(400);
    expect(faulty.status).toBe(200);
    expect(stated("getWidget.response", faulty.json)).toEqual([]);
    const [analytic, faultyAnalytic] = await both("getAnalytic", { analyticId: "analytic://no-identifier" });
    expect([analytic.status, faultyAnalytic.status]).toEqual([400, 200]);
    expect(analyticOf(faultyAnalytic).id).toBe(server.fixtures.analyticIds[0]);
    const [unknown, faultyUnknown] = await both("getWidget", UNKNOWN_WIDGET);
    expect([unknown.status, faultyUnknown.status]).toEqual([404, 404]);
  },
  "unknown-id-400": async ({ both }) => {
    const [reference, faulty] = await both("getWidget", UNKNOWN_WIDGET);
    expect(reference.status).toBe(404);
    expect(faulty.status).toBe(400);
    expect(stated("error.cms.badRequest", faulty.json)).toEqual([]);
  },
  "not-found-reason-bad-request": async ({ both }) => {
    const [reference, faulty] = await both("getWidget", UNKNOWN_WIDGET);
    expect([reference.status, faulty.status]).toEqual([404, 404]);
    expect(asObject(faulty.json).reason).toBe("BAD_REQUEST");
    expect(stated("error.cms.notFound", reference.json)).toEqual([]);
    expect(stated("error.cms.notFound", faulty.json).map((issue) => issue.keyword)).toEqual(["const"]);
  },
  "framework-default-400-bodies": async ({ both, server, reference, faulty }) => {
    const [correct, framework] = await both("getWidget", { widgetId: 42 });
    expect([correct.status, framework.status]).toEqual([400, 400]);
    expect(stated("error.cms.badRequest", correct.json)).toEqual([]);
    expect(asObject(framework.json)).toMatchObject({ status: 400, error: "Bad Request" });
    const [roles, faultyRoles] = await both("getRoleFilters", { roles: "x" });
    expect(stated("error.authorization", roles.json)).toEqual([]);
    expect(asObject(faultyRoles.json).error).toBe("Bad Request");
    // Malformed JSON still gets the §7 body.
    const headers = headersFor(server, "admin");
    const malformed = await call(faulty, PATHS.getWidget, { raw: '{"x": ', headers });
    expect(malformed.json).toEqual((await call(reference, PATHS.getWidget, { raw: '{"x": ', headers })).json);
  },
  "bad-request-without-domain-service": async ({ both }) => {
    const [reference, faulty] = await both("getWidget", {});
    expect([reference.status, faulty.status]).toEqual([400, 400]);
    expect(
      stated("error.cms.badRequest", faulty.json)
        .map((issue) => issue.params.missingProperty)
        .sort(),
    ).toEqual(["domain", "service"]);
    const [roles, faultyRoles] = await both("getRoleFilters", {});
    expect(faultyRoles.json).toEqual(roles.json);
  },
  "role-filters-error-code": async ({ both }) => {
    const [reference, faulty] = await both("getRoleFilters", { roles: "admin" });
    expect([reference.status, faulty.status]).toEqual([400, 400]);
    expect(stated("error.authorization", reference.json)).toEqual([]);
    expect(asObject(faulty.json).errorCode).toBe("invalidField");
    expect(stated("error.authorization", faulty.json).map((issue) => issue.instancePath)).toEqual(["/errorCode"]);
  },
  "unauthorized-body-not-json": async ({ both }) => {
    const [reference, faulty] = await both("listLandingPages", {}, "none");
    expect([reference.status, faulty.status]).toEqual([401, 401]);
    expect(stated("error.unauthorized", reference.json)).toEqual([]);
    expect(faulty.json).toBeUndefined();
    expect(faulty.contentType).toMatch(/^text\/plain/);
  },
  "missing-token-accepted": async ({ both }) => {
    const [reference, faulty] = await both("listFactoryDefaultWidgets", {}, "none");
    expect(reference.status).toBe(401);
    expect(faulty.status).toBe(200);
  },
  "invalid-token-accepted": async ({ server, reference, faulty }) => {
    const headers = { ...headersFor(server, "none"), Authorization: "Bearer forged-token" };
    expect((await call(reference, PATHS.getWidget, { body: {}, headers })).status).toBe(401);
    const answer = await call(faulty, PATHS.listLandingPages, { body: {}, headers });
    expect(answer.status).toBe(200);
    const missing = await call(faulty, PATHS.listLandingPages, { body: {}, headers: headersFor(server, "none") });
    expect(missing.status).toBe(401);
  },
  "missing-client-id-accepted": async ({ server, reference, faulty }) => {
    const { client_id: _clientId, ...headers } = headersFor(server, "admin");
    expect((await call(reference, PATHS.getRoleFilters, { body: { roles: [] }, headers })).status).toBe(401);
    expect((await call(faulty, PATHS.getRoleFilters, { body: { roles: [] }, headers })).status).toBe(200);
    expect(
      (await call(faulty, PATHS.listLandingPages, { body: {}, headers: { ...headers, client_id: "other" } })).status,
    ).toBe(401);
  },
  "any-client-id-accepted": async ({ server, reference, faulty }) => {
    const headers = { ...headersFor(server, "admin"), client_id: `${server.credentials.clientId}x` };
    expect((await call(reference, PATHS.getRoleFilters, { body: { roles: [] }, headers })).status).toBe(401);
    expect((await call(faulty, PATHS.getRoleFilters, { body: { roles: [] }, headers })).status).toBe(200);
    expect((await call(faulty, PATHS.listLandingPages, { body: {}, headers })).status).toBe(200);
    const { client_id: _clientId, ...without } = headersFor(server, "admin");
    expect((await call(faulty, PATHS.listLandingPages, { body: {}, headers: without })).status).toBe(401);
  },
  "every-permission-ignored": async ({ both, server, reference, faulty, hiddenWidgetId }) => {
    const [read, faultyRead] = await both("getWidget", { widgetId: await hiddenWidgetId() }, "restricted");
    expect([read.status, faultyRead.status]).toEqual([403, 200]);
    const analyticId = server.fixtures.forbiddenAnalyticIds[0] as string;
    const [analytic, faultyAnalytic] = await both("getAnalytic", { analyticId }, "restricted");
    expect([analytic.status, faultyAnalytic.status]).toEqual([403, 200]);
    const pages = await walkAll(server, "listLandingPages", "restricted", 200, reference);
    const faultyPages = await walkAll(server, "listLandingPages", "restricted", 200, faulty);
    expect(faultyPages).toEqual(expect.arrayContaining(pages));
    expect(faultyPages).toEqual(expect.arrayContaining([server.fixtures.othersLandingPageIds[0]]));
    expect(pages).not.toContain(server.fixtures.othersLandingPageIds[0]);
  },
  "analytic-permission-ignored": async ({ both, server, hiddenWidgetId }) => {
    const analyticId = server.fixtures.forbiddenAnalyticIds[0] as string;
    const [reference, faulty] = await both("getAnalytic", { analyticId }, "restricted");
    expect([reference.status, faulty.status]).toEqual([403, 200]);
    const [widget, faultyWidget] = await both("getWidget", { widgetId: await hiddenWidgetId() }, "restricted");
    expect([widget.status, faultyWidget.status]).toEqual([403, 403]);
  },
  "own-pages-only-ignored": async ({ server, reference, faulty }) => {
    const pages = await walkAll(server, "listLandingPages", "restricted", 200, reference);
    const faultyPages = await walkAll(server, "listLandingPages", "restricted", 200, faulty);
    for (const own of server.fixtures.ownLandingPageIds) expect(pages).toContain(own);
    for (const other of server.fixtures.othersLandingPageIds) {
      expect(pages).not.toContain(other);
      expect(faultyPages).toContain(other);
    }
  },
  "restricted-landing-403": async ({ both, server }) => {
    const [listing, refused] = await both("listLandingPages", {}, "restricted");
    expect([listing.status, refused.status]).toEqual([200, 403]);
    expect(listedIds(listing.json, "landingPages")).toEqual(
      expect.arrayContaining([server.fixtures.ownLandingPageIds[0]]),
    );
    const [main, faultyMain] = await both("listLandingPages", {});
    expect([main.status, faultyMain.status]).toEqual([200, 200]);
    const [widgets, faultyWidgets] = await both("listFactoryDefaultWidgets", {}, "restricted");
    expect([widgets.status, faultyWidgets.status]).toEqual([200, 200]);
  },
  "search-drops-permission-filter": async ({ both, server, reference, faulty }) => {
    const visible = await walkAll(server, "listFactoryDefaultWidgets", "restricted", 200);
    const tagged: { id: string; tag: string }[] = [];
    for (const id of await walkAll(server, "listFactoryDefaultWidgets", "admin", 200)) {
      if (visible.includes(id) || tagged.length > 0) continue;
      const [read] = await both("getWidget", { widgetId: id });
      const tag = ((asObject(read.json).tags as string[] | undefined) ?? [])[0];
      if (tag !== undefined) tagged.push({ id, tag });
    }
    const { id: hidden, tag } = tagged[0] as { id: string; tag: string };
    const search = { searchValue: tag, pagination: { pageNumber: 0, pageSize: 200 } };
    const [correct, leaky] = await both("listFactoryDefaultWidgets", search, "restricted");
    expect(listedIds(correct.json, "widgets")).not.toContain(hidden);
    expect(listedIds(leaky.json, "widgets")).toContain(hidden);
    const unfiltered = await walkAll(server, "listFactoryDefaultWidgets", "restricted", 200, faulty);
    expect(unfiltered).toEqual(await walkAll(server, "listFactoryDefaultWidgets", "restricted", 200, reference));
  },
  "restricted-reads-forbidden-widget": async ({ both, hiddenWidgetId }) => {
    const [reference, faulty] = await both("getWidget", { widgetId: await hiddenWidgetId() }, "restricted");
    expect(reference.status).toBe(403);
    expect(faulty.status).toBe(200);
  },
  "restricted-listing-leaks-widgets": async ({ server, reference, faulty }) => {
    const correct = await walkAll(server, "listFactoryDefaultWidgets", "restricted", 200, reference);
    const leaked = (await walkAll(server, "listFactoryDefaultWidgets", "restricted", 200, faulty)).filter(
      (id) => !correct.includes(id),
    );
    expect(leaked.length).toBeGreaterThan(0);
    const answer = await callOperation(server, "getWidget", { widgetId: leaked[0] }, "restricted", faulty);
    expect(answer.status).toBe(403);
  },
  "restricted-lists-archived-pages": async ({ server, reference, faulty }) => {
    const subsetGap = async (base: string) => {
      const admin = await walkAll(server, "listLandingPages", "admin", 100, base);
      return (await walkAll(server, "listLandingPages", "restricted", 100, base)).filter((id) => !admin.includes(id));
    };
    expect(await subsetGap(reference)).toEqual([]);
    expect((await subsetGap(faulty)).length).toBeGreaterThan(0);
  },
  "widget-search-case-sensitive": async ({ both }) => {
    const [reference, faulty] = await both("listFactoryDefaultWidgets", { searchValue: "KPI" });
    expect(Number(totals(reference.json).totalElements)).toBeGreaterThan(0);
    expect(totals(faulty.json).totalElements).toBe(0);
    const [lower, faultyLower] = await both("listFactoryDefaultWidgets", { searchValue: "kpi" });
    expect(faultyLower.json).toEqual(lower.json);
  },
  "widget-search-ignores-tags": async ({ both }) => {
    const [reference, faulty] = await both("listFactoryDefaultWidgets", { searchValue: "realtime" });
    expect(Number(totals(reference.json).totalElements)).toBeGreaterThan(0);
    expect(totals(faulty.json).totalElements).toBe(0);
    const [text, faultyText] = await both("listFactoryDefaultWidgets", { searchValue: "Receita" });
    expect(faultyText.json).toEqual(text.json);
  },
  "widget-search-tags-only": async ({ both, server }) => {
    const fact = server.fixtures.translatedWidgetText;
    const [reference, faulty] = await both("listFactoryDefaultWidgets", { searchValue: fact?.text });
    expect(listedIds(reference.json, "widgets")).toContain(fact?.widgetId);
    expect(totals(faulty.json).totalElements).toBe(0);
    const [tag, faultyTag] = await both("listFactoryDefaultWidgets", { searchValue: "realtime" });
    expect(faultyTag.json).toEqual(tag.json);
  },
  "widget-search-id-and-url": async ({ both }) => {
    const [listing] = await both("listFactoryDefaultWidgets", {});
    const [widgetId] = listedIds(listing.json, "widgets");
    const [reference, faulty] = await both("listFactoryDefaultWidgets", { searchValue: widgetId });
    expect(totals(reference.json).totalElements).toBe(0);
    expect(listedIds(faulty.json, "widgets")).toContain(widgetId);
  },
  "widget-search-ascii-case-only": async ({ both, server }) => {
    const fact = server.fixtures.translatedWidgetText;
    const [reference, faulty] = await both("listFactoryDefaultWidgets", { searchValue: fact?.text.toUpperCase() });
    expect(listedIds(reference.json, "widgets")).toContain(fact?.widgetId);
    expect(totals(faulty.json).totalElements).toBe(0);
    const [ascii, faultyAscii] = await both("listFactoryDefaultWidgets", { searchValue: "REALTIME" });
    expect(faultyAscii.json).toEqual(ascii.json);
  },
  "search-without-pagination-returns-all": async ({ both }) => {
    const [reference, faulty] = await both("listFactoryDefaultWidgets", { searchValue: "kpi" });
    expect(Number(totals(reference.json).totalElements)).toBeGreaterThan(10);
    expect(listedIds(reference.json, "widgets")).toHaveLength(10);
    expect(listedIds(faulty.json, "widgets")).toHaveLength(Number(totals(reference.json).totalElements));
  },
  "landing-search-on-page-id": async ({ both }) => {
    const [reference, faulty] = await both("listLandingPages", { searchValue: "Página Inicial" });
    expect(Number(totals(reference.json).totalElements)).toBeGreaterThan(0);
    expect(totals(faulty.json).totalElements).toBe(0);
    const [byId, faultyById] = await both("listLandingPages", { searchValue: "page-001" });
    expect(totals(byId.json).totalElements).toBe(0);
    expect(totals(faultyById.json).totalElements).toBe(1);
  },
  "landing-search-includes-archived": async ({ server, reference, faulty }) => {
    const unfiltered = await walkAll(server, "listLandingPages", "admin", 100, reference);
    expect(await walkAll(server, "listLandingPages", "admin", 100, faulty)).toEqual(unfiltered);
    const searched = await walkAll(server, "listLandingPages", "admin", 100, reference, "a");
    const faultySearched = await walkAll(server, "listLandingPages", "admin", 100, faulty, "a");
    expect(searched.every((id) => unfiltered.includes(id))).toBe(true);
    expect(faultySearched.filter((id) => !unfiltered.includes(id)).length).toBeGreaterThan(0);
  },
  "landing-search-ignored": async ({ both }) => {
    const [all] = await both("listLandingPages", {});
    const [reference, faulty] = await both("listLandingPages", { searchValue: "Página" });
    expect(Number(totals(reference.json).totalElements)).toBeLessThan(Number(totals(all.json).totalElements));
    expect(faulty.json).toEqual(all.json);
    const [widgets, faultyWidgets] = await both("listFactoryDefaultWidgets", { searchValue: "kpi" });
    expect(faultyWidgets.json).toEqual(widgets.json);
  },
  "landing-search-also-page-id": async ({ both }) => {
    const [reference, faulty] = await both("listLandingPages", { searchValue: "page-001" });
    expect(totals(reference.json).totalElements).toBe(0);
    expect(listedIds(faulty.json, "landingPages")).toEqual(["landing://acme.com.br/page-001"]);
    const [byTitle, faultyByTitle] = await both("listLandingPages", { searchValue: "Página" });
    expect(faultyByTitle.json).toEqual(byTitle.json);
  },
  "widget-search-ignored": async ({ both }) => {
    const [all] = await both("listFactoryDefaultWidgets", {});
    const [reference, faulty] = await both("listFactoryDefaultWidgets", { searchValue: "zq-nothing-holds-this" });
    expect(totals(reference.json).totalElements).toBe(0);
    expect(faulty.json).toEqual(all.json);
    const [pages, faultyPages] = await both("listLandingPages", { searchValue: "zq-nothing-holds-this" });
    expect(faultyPages.json).toEqual(pages.json);
  },
  "search-like-wildcards": async ({ both }) => {
    const [all] = await both("listLandingPages", {});
    const [percent, faultyPercent] = await both("listLandingPages", { searchValue: "%" });
    expect(totals(percent.json).totalElements).toBe(0);
    expect(totals(faultyPercent.json)).toEqual(totals(all.json));
    const [underscore, faultyUnderscore] = await both("listFactoryDefaultWidgets", { searchValue: "real_ime" });
    expect(totals(underscore.json).totalElements).toBe(0);
    const [realtime] = await both("listFactoryDefaultWidgets", { searchValue: "realtime" });
    expect(faultyUnderscore.json).toEqual(realtime.json);
    const [plain, faultyPlain] = await both("listLandingPages", { searchValue: "Página" });
    expect(faultyPlain.json).toEqual(plain.json);
  },
  "search-as-regex": async ({ both }) => {
    const [dot, faultyDot] = await both("listLandingPages", { searchValue: "P.gina" });
    const [pagina] = await both("listLandingPages", { searchValue: "Página" });
    expect(totals(dot.json).totalElements).toBe(0);
    expect(faultyDot.json).toEqual(pagina.json);
    for (const searchValue of ["(", "["]) {
      for (const operation of ["listLandingPages", "listFactoryDefaultWidgets"] as const) {
        const [reference, faulty] = await both(operation, { searchValue });
        expect([reference.status, faulty.status]).toEqual([200, 500]);
      }
    }
  },
  "search-quote-500": async ({ both }) => {
    for (const operation of ["listLandingPages", "listFactoryDefaultWidgets"] as const) {
      const [reference, faulty] = await both(operation, { searchValue: "d'a" });
      expect([reference.status, faulty.status]).toEqual([200, 500]);
    }
    const [quote, faultyQuote] = await both("listLandingPages", { searchValue: '"' });
    expect(faultyQuote.json).toEqual(quote.json);
    const [, unauthenticated] = await both("listLandingPages", { searchValue: "'" }, "none");
    expect(unauthenticated.status).toBe(401);
  },
  "search-ignores-page-number": async ({ both }) => {
    const [page0, faultyPage0] = await both("listFactoryDefaultWidgets", {
      searchValue: "kpi",
      pagination: { pageNumber: 0, pageSize: 3 },
    });
    const [page1, faultyPage1] = await both("listFactoryDefaultWidgets", {
      searchValue: "kpi",
      pagination: { pageNumber: 1, pageSize: 3 },
    });
    expect(listedIds(page1.json, "widgets")).not.toEqual(listedIds(page0.json, "widgets"));
    expect(faultyPage0.json).toEqual(page0.json);
    expect(faultyPage1.json).toEqual(page0.json);
    const [plain, faultyPlain] = await both("listFactoryDefaultWidgets", {
      pagination: { pageNumber: 1, pageSize: 3 },
    });
    expect(faultyPlain.json).toEqual(plain.json);
  },
  "search-totals-unfiltered": async ({ both }) => {
    const [all] = await both("listLandingPages", { pagination: { pageSize: 4 } });
    const [reference, faulty] = await both("listLandingPages", { searchValue: "Página", pagination: { pageSize: 4 } });
    expect(Number(totals(reference.json).totalElements)).toBeLessThan(Number(totals(all.json).totalElements));
    expect(totals(faulty.json)).toEqual(totals(all.json));
    expect(listedIds(faulty.json, "landingPages")).toEqual(listedIds(reference.json, "landingPages"));
    const [plain, faultyPlain] = await both("listFactoryDefaultWidgets", {});
    expect(faultyPlain.json).toEqual(plain.json);
  },
  "empty-search-matches-nothing": async ({ both }) => {
    const [unfiltered] = await both("listFactoryDefaultWidgets", {});
    const [reference, faulty] = await both("listFactoryDefaultWidgets", { searchValue: "" });
    expect(reference.json).toEqual(unfiltered.json);
    expect(totals(faulty.json).totalElements).toBe(0);
    const [, faultyPlain] = await both("listFactoryDefaultWidgets", {});
    expect(faultyPlain.json).toEqual(unfiltered.json);
  },
  "shared-roles-in-listing": async ({ both }) => {
    const [reference, faulty] = await both("listLandingPages", { pagination: { pageSize: 30 } });
    const pages = (answer: Answer) => (asObject(answer.json).landingPages as unknown[]).map(asObject);
    expect(pages(reference).some((page) => "roles" in page)).toBe(false);
    const shared = pages(faulty).filter((page) => page.landingPageType === "SHARED");
    expect(shared.length).toBeGreaterThan(0);
    expect(shared.every((page) => Array.isArray(page.roles) && page.roles.length > 0)).toBe(true);
    expect(
      pages(faulty)
        .filter((page) => page.landingPageType !== "SHARED")
        .some((page) => "roles" in page),
    ).toBe(false);
  },
  "shared-roles-in-search-results": async ({ both }) => {
    const pages = (answer: Answer) => (asObject(answer.json).landingPages as unknown[]).map(asObject);
    const [listing, faultyListing] = await both("listLandingPages", { pagination: { pageSize: 30 } });
    expect(faultyListing.json).toEqual(listing.json);
    const shared = pages(listing).find((page) => page.landingPageType === "SHARED");
    const word = (String(shared?.title).match(/[\p{L}\p{N}]{3,}/u) ?? [])[0] as string;
    const [search, faultySearch] = await both("listLandingPages", { searchValue: word, pagination: { pageSize: 30 } });
    expect(pages(search).some((page) => "roles" in page)).toBe(false);
    expect(pages(faultySearch).some((page) => page.landingPageType === "SHARED" && Array.isArray(page.roles))).toBe(
      true,
    );
  },
  "role-filters-first-role-only": async ({ both, server }) => {
    const [first] = await both("getRoleFilters", { roles: ["guest"] });
    const [reference, faulty] = await both("getRoleFilters", { roles: ["guest", ...server.fixtures.roles] });
    expect(asObject(reference.json).filters).not.toEqual([]);
    expect(faulty.json).toEqual(first.json);
  },
  "role-filters-unknown-role-empties": async ({ both }) => {
    const [known] = await both("getRoleFilters", { roles: ["admin", "seller"] });
    const [reference, faulty] = await both("getRoleFilters", { roles: ["admin", "no-such-role", "seller"] });
    expect(reference.json).toEqual(known.json);
    expect(asObject(reference.json).filters).not.toEqual([]);
    expect(faulty.json).toEqual({ filters: [] });
  },
  "role-filters-always-empty": async ({ both }) => {
    const [reference, faulty] = await both("getRoleFilters", { roles: ["admin"] });
    expect(asObject(reference.json).filters).not.toEqual([]);
    expect(faulty.json).toEqual({ filters: [] });
  },
  "role-filters-ignore-roles": async ({ both, server }) => {
    const [all] = await both("getRoleFilters", { roles: server.fixtures.roles });
    const [reference, faulty] = await both("getRoleFilters", { roles: ["no-such-role"] });
    expect(reference.json).toEqual({ filters: [] });
    expect(asObject(all.json).filters).not.toEqual([]);
    expect(faulty.json).toEqual(all.json);
  },
  "role-filters-prefix-match": async ({ both }) => {
    const [admin] = await both("getRoleFilters", { roles: ["admin"] });
    const [reference, faulty] = await both("getRoleFilters", { roles: ["admi"] });
    expect(reference.json).toEqual({ filters: [] });
    expect(asObject(admin.json).filters).not.toEqual([]);
    expect(faulty.json).toEqual(admin.json);
  },
  "role-filters-any-scope": async ({ both, server }) => {
    const { roles, domainName, serviceName } = server.fixtures;
    const keys = (answer: Answer) =>
      (asObject(answer.json).filters as unknown[]).map((group) => asObject(asObject(group).key));
    const [reference, faulty] = await both("getRoleFilters", { roles, domainName, serviceName });
    expect(keys(reference).length).toBeGreaterThan(0);
    expect(keys(reference).every((key) => key.domainName === domainName && key.serviceName === serviceName)).toBe(true);
    expect(keys(faulty).some((key) => key.domainName !== domainName)).toBe(true);
    const [unscoped] = await both("getRoleFilters", { roles });
    expect(faulty.json).toEqual(unscoped.json);
  },
  "role-filters-service-ignored": async ({ both, server }) => {
    const { roles, domainName, serviceName } = server.fixtures;
    const [asked, faultyAsked] = await both("getRoleFilters", { roles, domainName, serviceName });
    expect(asObject(asked.json).filters).not.toEqual([]);
    expect(faultyAsked.json).toEqual(asked.json);
    const [reference, faulty] = await both("getRoleFilters", { roles, domainName, serviceName: "no-such-service" });
    expect(reference.json).toEqual({ filters: [] });
    expect(faulty.json).toEqual(asked.json);
  },
  "role-filters-empty-roles-every-filter": async ({ both, server }) => {
    const [all] = await both("getRoleFilters", { roles: server.fixtures.roles });
    const [reference, faulty] = await both("getRoleFilters", { roles: [] });
    expect(reference.json).toEqual({ filters: [] });
    expect(asObject(all.json).filters).not.toEqual([]);
    expect(faulty.json).toEqual(all.json);
    const [admin, faultyAdmin] = await both("getRoleFilters", { roles: ["admin"] });
    expect(faultyAdmin.json).toEqual(admin.json);
  },
  "role-filters-unknown-role-contributes": async ({ both }) => {
    const [first] = await both("getRoleFilters", { roles: ["admin"] });
    const [reference, faulty] = await both("getRoleFilters", { roles: ["no-such-role"] });
    expect(reference.json).toEqual({ filters: [] });
    expect(asObject(first.json).filters).not.toEqual([]);
    expect(faulty.json).toEqual(first.json);
  },
  "text-plain-content-type": async ({ both }) => {
    const [reference, faulty] = await both("listLandingPages", {});
    expect(reference.contentType).toMatch(/^application\/json/);
    expect(faulty.contentType).toMatch(/^text\/plain/);
    expect(faulty.json).toEqual(reference.json);
    const [, faultyError] = await both("getWidget", {});
    expect(faultyError.contentType).toMatch(/^application\/json/);
  },
  "html-content-type-everywhere": async ({ both }) => {
    for (const [operation, body] of [
      ["listLandingPages", {}],
      ["getWidget", { widgetId: "widget://cms-conformance/no-such-widget" }],
    ] as const) {
      const [reference, faulty] = await both(operation, body);
      expect(reference.contentType).toMatch(/^application\/json/);
      expect(faulty.contentType).toMatch(/^text\/html/);
      expect(faulty.status).toBe(reference.status);
      expect(faulty.json).toEqual(reference.json);
    }
  },
  "malformed-json-500": async ({ server, reference, faulty }) => {
    const headers = headersFor(server, "admin");
    expect((await call(reference, PATHS.listLandingPages, { raw: "{", headers })).status).toBe(400);
    expect((await call(faulty, PATHS.listLandingPages, { raw: "{", headers })).status).toBe(500);
    expect((await call(faulty, PATHS.listLandingPages, { raw: "[]", headers })).status).toBe(400);
  },
  "string-page-number-accepted": async ({ both }) => {
    const [reference, faulty] = await both("listFactoryDefaultWidgets", {
      pagination: { pageNumber: "1", pageSize: 5 },
    });
    expect(reference.status).toBe(400);
    expect(faulty.status).toBe(200);
    const [text, faultyText] = await both("listFactoryDefaultWidgets", { pagination: { pageNumber: "ten" } });
    const [first] = await both("listFactoryDefaultWidgets", { pagination: { pageNumber: 0 } });
    expect([text.status, faultyText.status]).toEqual([400, 200]);
    expect(faultyText.json).toEqual(first.json);
    const [negative, faultyNegative] = await both("listFactoryDefaultWidgets", { pagination: { pageNumber: "-1" } });
    expect([negative.status, faultyNegative.status]).toEqual([400, 400]);
  },
  "invalid-pagination-ignored": async ({ both }) => {
    for (const pagination of [
      { pageNumber: "1", pageSize: 5 },
      { pageNumber: -1, pageSize: 10 },
      { pageNumber: 0, pageSize: 0 },
      { pageNumber: 1.5 },
      "first",
    ]) {
      const [reference, faulty] = await both("listLandingPages", { pagination });
      expect(reference.status, JSON.stringify(pagination)).toBe(400);
      expect(faulty.status, JSON.stringify(pagination)).toBe(200);
    }
    const [, unpaged] = await both("listLandingPages", {});
    const [, faultySearch] = await both("listLandingPages", { searchValue: 42 });
    expect(faultySearch.json).toEqual(unpaged.json);
    const [id, faultyId] = await both("getWidget", { widgetId: 42 });
    expect([id.status, faultyId.status]).toEqual([400, 400]);
  },
  "missing-widget-id-500": async ({ both }) => {
    const [reference, faulty] = await both("getWidget", {});
    expect(reference.status).toBe(400);
    expect(faulty.status).toBe(500);
    const [malformed, faultyMalformed] = await both("getWidget", { widgetId: "nope" });
    expect([malformed.status, faultyMalformed.status]).toEqual([400, 400]);
  },
};

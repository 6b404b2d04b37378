/**
 * Probes of the faults written to prove statements of the interface (issue 44.5: reference/faults/
 * typeFaults.ts and answerFaults.ts). Same contract as FAULT_PROBES: the reference keeps the rule, the
 * fault breaks it in the way its description says, and the contract's schema sees the break where the
 * fault is caught by schema.response-body.
 */
import { expect } from "vitest";
import { validateBody } from "../../../contract/validators.js";
import type { ProbeContext } from "./faultProbes.js";
import { asObject, callOperation, listedIds, walkAll, type Answer } from "./referenceClient.js";

const stated = (name: string, json: unknown) => validateBody(name, json).stated;
const paths = (name: string, json: unknown) => stated(name, json).map((issue) => issue.instancePath);
const analyticOf = (answer: Answer) => asObject(asObject(answer.json).analytic);
const chartOf = (answer: Answer) => asObject(analyticOf(answer).chart);
const firstWidget = (answer: Answer) => asObject((asObject(answer.json).widgets as unknown[])[0]);

/** getAnalytic on both bases for an analytic whose chart is a BAR (it has series, order, a filter and properties). */
async function barAnalytic({ both, analyticOfType }: ProbeContext): Promise<[Answer, Answer]> {
  return both("getAnalytic", { analyticId: analyticOfType("BAR") });
}

/** Probes by fault name. */
export const STATEMENT_FAULT_PROBES: Readonly<Record<string, (context: ProbeContext) => Promise<void>>> = {
  "widget-description-as-object": async ({ both }) => {
    const [reference, faulty] = await both("listFactoryDefaultWidgets", {});
    expect(typeof firstWidget(reference).description).toBe("string");
    expect(firstWidget(faulty).description).toEqual({ key: firstWidget(reference).description });
    expect(paths("listFactoryDefaultWidgets.response", faulty.json)).toContain("/widgets/0/description");
  },
  "permission-action-as-array": async ({ both }) => {
    const [reference, faulty] = await both("listFactoryDefaultWidgets", {});
    const action = (answer: Answer) => asObject(firstWidget(answer).permission).action;
    expect(typeof action(reference)).toBe("string");
    expect(action(faulty)).toEqual([action(reference)]);
    expect(paths("listFactoryDefaultWidgets.response", faulty.json)).toContain("/widgets/0/permission/action");
  },
  "preferred-size-fractional": async ({ both, server }) => {
    const widgetId = listedIds((await callOperation(server, "listFactoryDefaultWidgets", {})).json, "widgets")[0];
    const [reference, faulty] = await both("getWidget", { widgetId });
    const width = (answer: Answer) => Number(asObject(asObject(answer.json).preferredSize).width);
    expect(Number.isInteger(width(reference))).toBe(true);
    expect(width(faulty)).toBe(width(reference) + 0.5);
    expect(paths("getWidget.response", faulty.json)).toContain("/preferredSize/width");
  },
  "include-header-as-string": async ({ both }) => {
    const [reference, faulty] = await both("listLandingPages", {});
    const header = (answer: Answer) => asObject((asObject(answer.json).landingPages as unknown[])[0]).includeHeader;
    expect(typeof header(reference)).toBe("boolean");
    expect(header(faulty)).toBe(String(header(reference)));
    expect(paths("listLandingPages.response", faulty.json)).toContain("/landingPages/0/includeHeader");
  },
  "properties-as-map": async (context) => {
    const [reference, faulty] = await barAnalytic(context);
    const properties = analyticOf(reference).properties as { name: string; value: string }[];
    expect(properties.length).toBeGreaterThan(0);
    expect(analyticOf(faulty).properties).toEqual(
      Object.fromEntries(properties.map((property) => [property.name, property.value])),
    );
    expect(paths("getAnalytic.response", faulty.json)).toContain("/analytic/properties");
  },
  "chart-filter-as-text": async (context) => {
    const [reference, faulty] = await barAnalytic(context);
    expect(typeof chartOf(reference).filter).toBe("object");
    expect(chartOf(faulty).filter).toBe(JSON.stringify(chartOf(reference).filter));
    expect(paths("getAnalytic.response", faulty.json)).toContain("/analytic/chart/filter");
  },
  "series-column-as-text": async (context) => {
    const [reference, faulty] = await barAnalytic(context);
    const column = asObject(asObject((chartOf(reference).series as unknown[])[0]).column);
    expect(asObject((chartOf(faulty).series as unknown[])[0]).column).toBe(
      `${String(column.schema)}.${String(column.table)}.${String(column.column)}`,
    );
    expect(paths("getAnalytic.response", faulty.json)).toContain("/analytic/chart/series/0/column");
  },
  "order-direction-as-boolean": async (context) => {
    const [reference, faulty] = await barAnalytic(context);
    const direction = (answer: Answer) => asObject((chartOf(answer).order as unknown[])[0]).order;
    expect(["ASC", "DESC"]).toContain(direction(reference));
    expect(direction(faulty)).toBe(direction(reference) === "ASC");
    expect(paths("getAnalytic.response", faulty.json)).toContain("/analytic/chart/order/0/order");
  },
  "function-type-lower-case": async (context) => {
    const [reference, faulty] = await barAnalytic(context);
    const fn = (answer: Answer) => asObject((chartOf(answer).order as unknown[])[0]).function;
    expect(fn(reference)).toMatch(/^[A-Z_]+$/);
    expect(fn(faulty)).toBe(String(fn(reference)).toLowerCase());
    expect(paths("getAnalytic.response", faulty.json)).toContain("/analytic/chart/order/0/function");
  },
  "role-filter-sequence-as-string": async ({ both, server }) => {
    const { roles, domainName, serviceName } = server.fixtures;
    const [reference, faulty] = await both("getRoleFilters", { roles, domainName, serviceName });
    const sequence = (answer: Answer) =>
      asObject(asObject((asObject(answer.json).filters as unknown[])[0]).key).sequence;
    expect(typeof sequence(reference)).toBe("number");
    expect(sequence(faulty)).toBe(String(sequence(reference)));
    expect(paths("getRoleFilters.response", faulty.json)).toContain("/filters/0/key/sequence");
  },
  "single-role-as-array": async ({ both, server }) => {
    const [role] = server.fixtures.roles;
    const [reference, faulty] = await both("getRoleFilters", { roles: role });
    expect([reference.status, faulty.status]).toEqual([400, 200]);
    const [asArray] = await both("getRoleFilters", { roles: [role] });
    expect(faulty.json).toEqual(asArray.json);
  },
  "landing-ids-collide": async ({ server, faulty }) => {
    const reference = await walkAll(server, "listLandingPages", "admin", 100);
    const broken = await walkAll(server, "listLandingPages", "admin", 100, faulty);
    expect(new Set(reference).size).toBe(reference.length);
    expect(broken).toHaveLength(reference.length);
    expect(new Set(broken).size).toBe(reference.length - 1);
  },
  "analytic-id-without-tenant": async ({ both, server }) => {
    const analyticId = server.fixtures.analyticIds[0];
    const [reference, faulty] = await both("getAnalytic", { analyticId });
    expect(analyticOf(reference).id).toBe(analyticId);
    expect(analyticOf(faulty).id).toMatch(/^analytic:\/\/[^/]+$/);
    expect(paths("getAnalytic.response", faulty.json)).toContain("/analytic/id");
  },
  "get-analytic-wrong-id": async ({ both, server }) => {
    const analyticId = server.fixtures.analyticIds[1];
    const [reference, faulty] = await both("getAnalytic", { analyticId });
    expect(analyticOf(reference).id).toBe(analyticId);
    expect(faulty.status).toBe(200);
    expect(analyticOf(faulty).id).not.toBe(analyticId);
    expect(stated("getAnalytic.response", faulty.json)).toEqual([]);
  },
  "role-filters-bare-array": async ({ both, server }) => {
    const { roles, domainName, serviceName } = server.fixtures;
    const [reference, faulty] = await both("getRoleFilters", { roles, domainName, serviceName });
    expect(faulty.json).toEqual(asObject(reference.json).filters);
    expect(stated("getRoleFilters.response", faulty.json).length).toBeGreaterThan(0);
  },
  "role-filters-path-under-cms": async ({ both, server }) => {
    const { roles, domainName, serviceName } = server.fixtures;
    const [reference, faulty] = await both("getRoleFilters", { roles, domainName, serviceName });
    expect([reference.status, faulty.status]).toEqual([200, 404]);
    const [listing, faultyListing] = await both("listLandingPages", {});
    expect(faultyListing.json).toEqual(listing.json);
  },
};

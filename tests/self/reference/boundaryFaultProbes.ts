/**
 * Probes of the faults where real backends break (issue 12): page-size caps, integer
 * boundaries, one odd item among many, near-miss tokens, unions with duplicates, foreign error
 * bodies. Same contract as FAULT_PROBES: the reference keeps the rule, the fault breaks it.
 */
import { expect } from "vitest";
import { validateBody } from "../../../contract/validators.js";
import type { ProbeContext } from "./faultProbes.js";
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
} from "./referenceClient.js";

const stated = (name: string, json: unknown) => validateBody(name, json).stated;

/** Every (domainName, serviceName, sequence, name, value) of a getRoleFilters answer, duplicates kept. */
function filterTriples(answer: Answer): string[] {
  return (asObject(answer.json).filters as unknown[]).flatMap((group) => {
    const { key, filters } = asObject(group);
    return (filters as unknown[]).map((filter) => JSON.stringify([key, asObject(filter).name, asObject(filter).value]));
  });
}

/** The status of a cms call whose Authorization header is `authorization`. */
async function statusWith(context: ProbeContext, base: string, authorization: string): Promise<number> {
  const headers = { ...headersFor(context.server, "none"), Authorization: authorization };
  return (await call(base, PATHS.listLandingPages, { body: {}, headers })).status;
}

/** Probes by fault name. */
export const BOUNDARY_FAULT_PROBES: Readonly<Record<string, (context: ProbeContext) => Promise<void>>> = {
  "page-size-cap-inconsistent": async ({ both, server, faulty }) => {
    const [reference, capped] = await both("listFactoryDefaultWidgets", {
      pagination: { pageNumber: 0, pageSize: 50 },
    });
    expect(listedIds(reference.json, "widgets")).toHaveLength(50);
    expect(listedIds(capped.json, "widgets")).toHaveLength(20);
    expect(totals(capped.json)).toEqual(totals(reference.json));
    const total = Number(totals(reference.json).totalElements);
    expect((await walkAll(server, "listFactoryDefaultWidgets", "admin", 50, faulty)).length).toBeLessThan(total);
    const [small, faultySmall] = await both("listFactoryDefaultWidgets", {
      pagination: { pageNumber: 1, pageSize: 10 },
    });
    expect(faultySmall.json).toEqual(small.json);
  },
  "restricted-totals-count-all": async ({ both }) => {
    const [admin, faultyAdmin] = await both("listFactoryDefaultWidgets", {});
    expect(faultyAdmin.json).toEqual(admin.json);
    const [reference, faulty] = await both("listFactoryDefaultWidgets", {}, "restricted");
    expect(Number(totals(reference.json).totalElements)).toBeLessThan(Number(totals(admin.json).totalElements));
    expect(totals(faulty.json)).toEqual(totals(admin.json));
    expect(listedIds(faulty.json, "widgets")).toEqual(listedIds(reference.json, "widgets"));
  },
  "int32-overflow-500": async ({ both }) => {
    const [reference, faulty] = await both("listLandingPages", {
      pagination: { pageNumber: 2 ** 31 - 1, pageSize: 10 },
    });
    expect(reference.status).toBe(200);
    expect(listedIds(reference.json, "landingPages")).toEqual([]);
    expect(faulty.status).toBe(500);
    const [far, faultyFar] = await both("listLandingPages", { pagination: { pageNumber: 1_000_000, pageSize: 10 } });
    expect(faultyFar.json).toEqual(far.json);
  },
  "negative-page-number-clamped": async ({ both }) => {
    const [first] = await both("listLandingPages", { pagination: { pageNumber: 0, pageSize: 5 } });
    const [reference, faulty] = await both("listLandingPages", { pagination: { pageNumber: -1, pageSize: 5 } });
    expect(reference.status).toBe(400);
    expect(faulty.status).toBe(200);
    expect(listedIds(faulty.json, "landingPages")).toEqual(listedIds(first.json, "landingPages"));
    const [second, faultySecond] = await both("listLandingPages", { pagination: { pageNumber: 1, pageSize: 5 } });
    expect(faultySecond.json).toEqual(second.json);
  },
  "large-page-number-wraps": async ({ both }) => {
    const [first] = await both("listFactoryDefaultWidgets", { pagination: { pageNumber: 0, pageSize: 5 } });
    const [reference, faulty] = await both("listFactoryDefaultWidgets", {
      pagination: { pageNumber: 2 ** 32, pageSize: 5 },
    });
    expect(listedIds(reference.json, "widgets")).toEqual([]);
    expect(listedIds(faulty.json, "widgets")).toEqual(listedIds(first.json, "widgets"));
    const [below, faultyBelow] = await both("listFactoryDefaultWidgets", {
      pagination: { pageNumber: 2 ** 31, pageSize: 5 },
    });
    expect(faultyBelow.json).toEqual(below.json);
  },
  "one-analytic-pie-two-series": async ({ both, server }) => {
    const changed: number[] = [];
    for (const [index, analyticId] of server.fixtures.analyticIds.entries()) {
      const [reference, faulty] = await both("getAnalytic", { analyticId });
      if (JSON.stringify(reference.json) === JSON.stringify(faulty.json)) continue;
      changed.push(index);
      const chart = asObject(asObject(asObject(faulty.json).analytic).chart);
      expect([chart.type, (chart.series as unknown[]).length]).toEqual(["PIE", 2]);
      expect(stated("getAnalytic.response", faulty.json).map((issue) => issue.keyword)).toContain("maxItems");
    }
    expect(changed).toHaveLength(1);
    expect(changed[0]).toBeGreaterThan(0);
  },
  "one-widget-broken": async ({ both, server }) => {
    const ids = await walkAll(server, "listFactoryDefaultWidgets", "admin", 100);
    const [reference, faulty] = await both("getWidget", { widgetId: ids[Math.floor(ids.length / 2)] });
    expect(Array.isArray(asObject(reference.json).tags)).toBe(true);
    expect(asObject(faulty.json).tags).toBe((asObject(reference.json).tags as string[]).join(","));
    expect(stated("getWidget.response", faulty.json).map((issue) => issue.instancePath)).toEqual(["/tags"]);
    for (const widgetId of [ids[0], ids[ids.length - 1]]) {
      const [other, faultyOther] = await both("getWidget", { widgetId });
      expect(faultyOther.json).toEqual(other.json);
    }
  },
  "token-prefix-accepted": async (context) => {
    const { token } = context.server.credentials;
    expect(await statusWith(context, context.reference, `Bearer ${token}x`)).toBe(401);
    expect(await statusWith(context, context.faulty, `Bearer ${token}x`)).toBe(200);
    expect(await statusWith(context, context.faulty, `Bearer ${token.slice(0, -1)}`)).toBe(401);
  },
  "token-last-char-ignored": async (context) => {
    const { token } = context.server.credentials;
    const changed = `${token.slice(0, -1)}${token.endsWith("0") ? "1" : "0"}`;
    expect(await statusWith(context, context.reference, `Bearer ${changed}`)).toBe(401);
    expect(await statusWith(context, context.faulty, `Bearer ${changed}`)).toBe(200);
    expect(await statusWith(context, context.faulty, `Bearer ${token}x`)).toBe(401);
  },
  "token-case-insensitive": async (context) => {
    const { token, restrictedToken } = context.server.credentials;
    for (const sent of [token.toUpperCase(), `${token.slice(0, 3).toUpperCase()}${token.slice(3)}`]) {
      expect(await statusWith(context, context.reference, `Bearer ${sent}`)).toBe(401);
      expect(await statusWith(context, context.faulty, `Bearer ${sent}`)).toBe(200);
    }
    expect(await statusWith(context, context.faulty, `Bearer ${restrictedToken.toUpperCase()}`)).toBe(200);
    expect(await statusWith(context, context.faulty, `Bearer ${token}x`)).toBe(401);
    expect(await statusWith(context, context.faulty, `Bearer ${token.slice(0, -1)}`)).toBe(401);
  },
  "empty-bearer-accepted": async (context) => {
    for (const authorization of ["Bearer ", "Bearer"]) {
      expect(await statusWith(context, context.reference, authorization)).toBe(401);
      expect(await statusWith(context, context.faulty, authorization)).toBe(200);
    }
    expect(await statusWith(context, context.faulty, "Bearer forged-token")).toBe(401);
  },
  "role-filters-duplicates": async ({ both, server }) => {
    const [role] = server.fixtures.roles;
    const [reference, faulty] = await both("getRoleFilters", { roles: [role, role] });
    expect(filterTriples(reference).length).toBeGreaterThan(0);
    expect(new Set(filterTriples(reference)).size).toBe(filterTriples(reference).length);
    expect(new Set(filterTriples(faulty)).size).toBeLessThan(filterTriples(faulty).length);
    expect(new Set(filterTriples(faulty))).toEqual(new Set(filterTriples(reference)));
  },
  "role-filters-first-two-roles": async ({ both, server }) => {
    const roles = server.fixtures.roles;
    const [firstTwo] = await both("getRoleFilters", { roles: roles.slice(0, 2) });
    const [reference, faulty] = await both("getRoleFilters", { roles });
    expect(new Set(filterTriples(reference)).size).toBeGreaterThan(new Set(filterTriples(firstTwo)).size);
    expect(faulty.json).toEqual(firstTwo.json);
    const [pair, faultyPair] = await both("getRoleFilters", { roles: roles.slice(1, 3) });
    expect(faultyPair.json).toEqual(pair.json);
  },
  "unauthorized-foreign-body": async ({ both }) => {
    const [reference, faulty] = await both("getWidget", {}, "none");
    expect([reference.status, faulty.status]).toEqual([401, 401]);
    expect(stated("error.unauthorized", reference.json)).toEqual([]);
    expect(Object.keys(asObject(faulty.json))).toEqual(["message"]);
    expect(stated("error.unauthorized", faulty.json).length).toBeGreaterThan(0);
  },
  "bad-request-foreign-body": async ({ both, server, faulty }) => {
    const [reference, foreign] = await both("getWidget", {});
    expect([reference.status, foreign.status]).toEqual([400, 400]);
    expect(stated("error.cms.badRequest", reference.json)).toEqual([]);
    expect(foreign.json).toEqual({ status: 400, title: "Bad Request" });
    expect(stated("error.cms.badRequest", foreign.json).length).toBeGreaterThan(0);
    const notFound = await callOperation(
      server,
      "getWidget",
      { widgetId: "widget://acme.com.br/none/none/none" },
      "admin",
      faulty,
    );
    expect(notFound.status).toBe(404);
    expect(stated("error.cms.notFound", notFound.json)).toEqual([]);
  },
};

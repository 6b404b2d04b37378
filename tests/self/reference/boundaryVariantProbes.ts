/**
 * Probes of the legitimate variants where real backends differ at the boundaries (issue 12):
 * a page-size cap, error statuses and bodies §7 leaves open, private PERSONAL pages, more roles,
 * a rate limit, a server not available now. Same contract as VARIANT_PROBES: the variant really answers otherwise.
 */
import { expect } from "vitest";
import { validateBody } from "../../../contract/validators.js";
import { asObject, callOperation, listedIds, totals, walkAll } from "./referenceClient.js";
import type { VariantProbeContext } from "./variantProbes.js";

/** Probes by variant name. */
export const BOUNDARY_VARIANT_PROBES: Readonly<Record<string, (context: VariantProbeContext) => Promise<void>>> = {
  "page-size-cap-consistent": async ({ both, server, variant }) => {
    const [reference, capped] = await both("listFactoryDefaultWidgets", {
      pagination: { pageNumber: 0, pageSize: 50 },
    });
    const total = Number(totals(reference.json).totalElements);
    expect(listedIds(reference.json, "widgets")).toHaveLength(50);
    expect(listedIds(capped.json, "widgets")).toHaveLength(20);
    expect(totals(capped.json)).toEqual({ totalElements: total, totalPages: Math.ceil(total / 20) });
    const walked = await walkAll(server, "listFactoryDefaultWidgets", "admin", 50, variant);
    expect(walked).toEqual(await walkAll(server, "listFactoryDefaultWidgets", "admin", 20));
  },
  "personal-pages-private": async ({ server, variant }) => {
    const mine = await walkAll(server, "listLandingPages", "restricted", 100);
    const adminSees = new Set(await walkAll(server, "listLandingPages", "admin", 100));
    const adminSeesInVariant = new Set(await walkAll(server, "listLandingPages", "admin", 100, variant));
    const hidden = mine.filter((id) => adminSees.has(id) && !adminSeesInVariant.has(id));
    expect(hidden.length).toBeGreaterThan(0);
    const pages = asObject(
      (await callOperation(server, "listLandingPages", { pagination: { pageSize: 100 } }, "restricted")).json,
    ).landingPages as unknown[];
    const types = new Map(pages.map((page) => [asObject(page).id, asObject(page).landingPageType]));
    expect(hidden.every((id) => types.get(id) === "PERSONAL")).toBe(true);
    expect(await walkAll(server, "listLandingPages", "restricted", 100, variant)).toEqual(mine);
  },
  "widget-for-restricted-only": async ({ server, variant, both }) => {
    const restricted = await walkAll(server, "listFactoryDefaultWidgets", "restricted", 100, variant);
    const admin = new Set(await walkAll(server, "listFactoryDefaultWidgets", "admin", 100, variant));
    const onlyRestricted = restricted.filter((id) => !admin.has(id));
    expect(onlyRestricted).toHaveLength(1);
    expect(await walkAll(server, "listFactoryDefaultWidgets", "restricted", 100)).toEqual(restricted);
    const [read, hidden] = await both("getWidget", { widgetId: onlyRestricted[0] });
    expect([read.status, hidden.status]).toEqual([200, 403]);
  },
  "malformed-id-404": async ({ both }) => {
    const [reference, variant] = await both("getWidget", { widgetId: "not-a-uri" });
    expect([reference.status, variant.status]).toEqual([400, 404]);
    expect(validateBody("error.cms.notFound", variant.json).stated).toEqual([]);
    const [missing, variantMissing] = await both("getAnalytic", {});
    expect(variantMissing.json).toEqual(missing.json);
  },
  "forbidden-403-any-body": async ({ both, server }) => {
    const all = await walkAll(server, "listFactoryDefaultWidgets", "admin", 100);
    const visible = new Set(await walkAll(server, "listFactoryDefaultWidgets", "restricted", 100));
    const [reference, variant] = await both(
      "getWidget",
      { widgetId: all.find((id) => !visible.has(id)) },
      "restricted",
    );
    expect([reference.status, variant.status]).toEqual([403, 403]);
    expect(reference.contentType).toMatch(/^application\/json/);
    expect(variant.contentType).toMatch(/^text\/html/);
  },
  "portuguese-messages": async ({ both }) => {
    const [reference, variant] = await both("getWidget", {});
    expect(asObject(reference.json).message).toMatch(/required/);
    expect(asObject(variant.json).message).toMatch(/obrigatório/);
    expect({ ...asObject(variant.json), message: "" }).toEqual({ ...asObject(reference.json), message: "" });
    const [, unauthorized] = await both("listLandingPages", {}, "none");
    expect(asObject(unauthorized.json).error_description).toMatch(/inválido/);
  },
  "rate-limited": async ({ both }) => {
    const statuses: number[] = [];
    for (let request = 0; request < 7; request += 1) statuses.push((await both("listLandingPages", {}))[1].status);
    expect(statuses.filter((status) => status === 429)).toHaveLength(1);
    expect(statuses.filter((status) => status === 200)).toHaveLength(6);
  },
  "not-available-now": async ({ both }) => {
    const statuses: number[] = [];
    for (let request = 0; request < 21; request += 1) statuses.push((await both("listLandingPages", {}))[1].status);
    expect(statuses.filter((status) => status !== 200).sort()).toEqual([502, 503, 504]);
    expect(statuses.filter((status) => status === 200)).toHaveLength(18);
  },
  "extra-roles": async ({ both, server }) => {
    const roles = server.variantFixtures("extra-roles").roles;
    expect(roles.length).toBe(server.fixtures.roles.length + 5);
    const [reference, variant] = await both("getRoleFilters", {
      roles: roles.filter((role) => !server.fixtures.roles.includes(role)),
    });
    expect(asObject(reference.json).filters).toEqual([]);
    expect((asObject(variant.json).filters as unknown[]).length).toBeGreaterThan(0);
  },
  "restricted-sees-every-widget": async ({ server, variant }) => {
    const admin = await walkAll(server, "listFactoryDefaultWidgets", "admin", 100, variant);
    expect(await walkAll(server, "listFactoryDefaultWidgets", "restricted", 100, variant)).toEqual(admin);
    expect(await walkAll(server, "listFactoryDefaultWidgets", "restricted", 100)).not.toEqual(admin);
    const analyticId = server.fixtures.forbiddenAnalyticIds[0] as string;
    expect((await callOperation(server, "getAnalytic", { analyticId }, "restricted", variant)).status).toBe(200);
    expect(await walkAll(server, "listLandingPages", "restricted", 100, variant)).toEqual(
      await walkAll(server, "listLandingPages", "restricted", 100),
    );
  },
  "roles-mostly-without-filters": async ({ both, server }) => {
    const [first, variantFirst] = await both("getRoleFilters", { roles: server.fixtures.roles.slice(0, 1) });
    expect(asObject(first.json).filters).not.toEqual([]);
    expect(variantFirst.json).toEqual(first.json);
    const [others, variantOthers] = await both("getRoleFilters", { roles: server.fixtures.roles.slice(1) });
    expect(asObject(others.json).filters).not.toEqual([]);
    expect(variantOthers.json).toEqual({ filters: [] });
  },
};

/**
 * Probes of the faults of issue 44 item 6 and its search cases: what widget search looks in
 * (description, permission, parts of tags) and the valid request forms a target must serve
 * (a null field, a charset on Content-Type, header names in another case). Same contract as
 * FAULT_PROBES: the reference keeps the rule, the fault breaks it.
 */
import { request } from "node:http";
import { expect } from "vitest";
import type { ProbeContext } from "./faultProbes.js";
import { asObject, callOperation, headersFor, listedIds, PATHS, totals } from "./referenceClient.js";

/** The first listed widget of the reference. */
async function firstWidget({ both }: ProbeContext): Promise<Record<string, unknown>> {
  const [listing] = await both("listFactoryDefaultWidgets", {});
  return asObject((asObject(listing.json).widgets as unknown[])[0]);
}

/** The status of a POST whose headers go out with their names exactly as written (fetch would lower-case them). */
function statusWithRawHeaders(base: string, path: string, headers: Record<string, string>): Promise<number> {
  return new Promise((resolve, reject) => {
    const body = "{}";
    const sent = request(new URL(base + path), { method: "POST", headers: { ...headers, "Content-Length": "2" } });
    sent.on("response", (response) => {
      response.resume();
      resolve(response.statusCode ?? 0);
    });
    sent.on("error", reject);
    sent.end(body);
  });
}

/** The §5 headers with each name in lower case. */
function lowerCaseNames(headers: Record<string, string>): Record<string, string> {
  return Object.fromEntries(Object.entries(headers).map(([name, value]) => [name.toLowerCase(), value]));
}

/** Probes by fault name. */
export const SEARCH_FORM_FAULT_PROBES: Readonly<Record<string, (context: ProbeContext) => Promise<void>>> = {
  "widget-search-ignores-description": async (context) => {
    const widget = await firstWidget(context);
    const [reference, faulty] = await context.both("listFactoryDefaultWidgets", { searchValue: widget.description });
    expect(listedIds(reference.json, "widgets")).toContain(widget.id);
    expect(totals(faulty.json).totalElements).toBe(0);
    const [byName, faultyByName] = await context.both("listFactoryDefaultWidgets", { searchValue: widget.name });
    expect(faultyByName.json).toEqual(byName.json);
  },
  "widget-search-matches-permission": async (context) => {
    const widget = await firstWidget(context);
    const resource = asObject(widget.permission).resource;
    const [reference, faulty] = await context.both("listFactoryDefaultWidgets", { searchValue: resource });
    expect(totals(reference.json).totalElements).toBe(0);
    expect(listedIds(faulty.json, "widgets")).toContain(widget.id);
  },
  "nfd-search-normalises-value": async ({ server, faulty }) => {
    // The variant nfd-stored-text stores the same NFD texts and searches them as sent: the rule kept.
    const nfd = server.variantBaseUrl("nfd-stored-text");
    const listing = await callOperation(server, "listLandingPages", { pagination: { pageSize: 12 } }, "admin", faulty);
    const titles = (asObject(listing.json).landingPages as unknown[]).map((page) => String(asObject(page).title));
    const decomposed = titles.find((title) => title !== title.normalize("NFC"));
    expect(decomposed).toBeDefined();
    const body = { searchValue: decomposed };
    const kept = await callOperation(server, "listLandingPages", body, "admin", nfd);
    expect(Number(totals(kept.json).totalElements)).toBeGreaterThan(0);
    const broken = await callOperation(server, "listLandingPages", body, "admin", faulty);
    expect(totals(broken.json).totalElements).toBe(0);
  },
  "listing-null-pagination-500": async ({ both }) => {
    const [reference, faulty] = await both("listLandingPages", { pagination: null });
    const [absent] = await both("listLandingPages", {});
    expect(reference.status).toBe(200);
    expect(reference.json).toEqual(absent.json);
    expect(faulty.status).toBe(500);
    const [given, faultyGiven] = await both("listLandingPages", { pagination: { pageNumber: 0, pageSize: 10 } });
    expect(faultyGiven.json).toEqual(given.json);
  },
  "content-type-charset-refused": async ({ server, reference, faulty }) => {
    const headers = { ...headersFor(server, "admin"), "Content-Type": "application/json; charset=utf-8" };
    expect(await statusWithRawHeaders(faulty, PATHS.listFactoryDefaultWidgets, headers)).toBe(415);
    expect(await statusWithRawHeaders(reference, PATHS.listFactoryDefaultWidgets, headers)).toBe(200);
    const plain = headersFor(server, "admin");
    expect(await statusWithRawHeaders(faulty, PATHS.listFactoryDefaultWidgets, plain)).toBe(200);
  },
  "header-names-case-sensitive": async ({ server, reference, faulty }) => {
    const lower = lowerCaseNames(headersFor(server, "admin"));
    expect(await statusWithRawHeaders(reference, PATHS.listLandingPages, lower)).toBe(200);
    expect(await statusWithRawHeaders(faulty, PATHS.listLandingPages, lower)).toBe(415);
    const canonical = headersFor(server, "admin");
    expect(await statusWithRawHeaders(faulty, PATHS.listLandingPages, canonical)).toBe(200);
  },
};

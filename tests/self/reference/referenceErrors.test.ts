import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { validateBody } from "../../../contract/validators.js";
import { startReferenceServer, type RunningReferenceServer } from "../../../reference/startReferenceServer.js";
import { asObject, call, callOperation, headersFor, PATHS, type Operation } from "./referenceClient.js";

let server: RunningReferenceServer;
beforeAll(async () => {
  server = await startReferenceServer({ seed: 3 });
});
afterAll(() => server.close());

const CMS: readonly Operation[] = ["listFactoryDefaultWidgets", "listLandingPages", "getAnalytic", "getWidget"];
const ALL: readonly Operation[] = [...CMS, "getRoleFilters"];
/** A body each operation accepts with 200. */
const VALID: Record<Operation, () => unknown> = {
  listFactoryDefaultWidgets: () => ({}),
  listLandingPages: () => ({}),
  getAnalytic: () => ({ analyticId: server.fixtures.analyticIds[0] }),
  getWidget: () => ({ widgetId: "widget://acme.com.br/x" }),
  getRoleFilters: () => ({ roles: ["admin"] }),
};

/** Asserts a §7 body with no stated issue and no register departure. */
function expectBody(name: string, json: unknown): void {
  const result = validateBody(name, json);
  expect(result.stated, JSON.stringify(json)).toEqual([]);
  expect(result.registerDefaults, JSON.stringify(json)).toEqual([]);
}

function badRequestBodyOf(operation: Operation): string {
  return operation === "getRoleFilters" ? "error.authorization" : "error.cms.badRequest";
}

describe("reference server: 401 (§5, §7)", () => {
  it.each(ALL)("%s refuses a missing or unknown client_id with 401 {error, error_description}", async (operation) => {
    const { client_id: _clientId, ...withoutClient } = headersFor(server, "admin");
    for (const headers of [withoutClient, { ...withoutClient, client_id: "someone-else" }]) {
      const answer = await call(server.baseUrl, PATHS[operation], { body: VALID[operation](), headers });
      expect(answer.status).toBe(401);
      expect(answer.contentType).toMatch(/^application\/json/);
      expectBody("error.unauthorized", answer.json);
    }
  });

  it.each(CMS)("%s refuses a missing or invalid bearer token with 401", async (operation) => {
    for (const authorization of [undefined, "Bearer not-a-token", "Basic abc", "Bearer"]) {
      const headers = headersFor(server, "none");
      if (authorization !== undefined) headers.Authorization = authorization;
      const answer = await call(server.baseUrl, PATHS[operation], { body: VALID[operation](), headers });
      expect(answer.status).toBe(401);
      expectBody("error.unauthorized", answer.json);
    }
  });

  it("getRoleFilters accepts a valid client_id with or without the bearer token, but not a wrong token", async () => {
    expect((await callOperation(server, "getRoleFilters", { roles: ["admin"] }, "none")).status).toBe(200);
    expect((await callOperation(server, "getRoleFilters", { roles: ["admin"] }, "admin")).status).toBe(200);
    const headers = { ...headersFor(server, "none"), Authorization: "Bearer wrong" };
    expect((await call(server.baseUrl, PATHS.getRoleFilters, { body: { roles: [] }, headers })).status).toBe(401);
  });
});

describe("reference server: 400 (§7)", () => {
  const invalidRaw: readonly (readonly [string, string])[] = [
    ["invalid JSON", "{"],
    ["an empty body", ""],
    ["an array", "[]"],
    ["a string", '"hello"'],
    ["null", "null"],
  ];
  it.each(ALL.flatMap((operation) => invalidRaw.map(([label, raw]) => [operation, label, raw] as const)))(
    "%s answers %s with 400 and its §7 body",
    async (operation, _label, raw) => {
      const answer = await call(server.baseUrl, PATHS[operation], { raw, headers: headersFor(server, "admin") });
      expect(answer.status).toBe(400);
      expect(answer.contentType).toMatch(/^application\/json/);
      expectBody(badRequestBodyOf(operation), answer.json);
    },
  );

  it.each([
    ["listFactoryDefaultWidgets", { pagination: { pageNumber: "1" } }],
    ["listFactoryDefaultWidgets", { pagination: { pageNumber: -1 } }],
    ["listFactoryDefaultWidgets", { pagination: { pageSize: 0 } }],
    ["listFactoryDefaultWidgets", { pagination: { pageSize: 2.5 } }],
    ["listFactoryDefaultWidgets", { pagination: { pageNumber: 1e300 } }],
    ["listFactoryDefaultWidgets", { pagination: "first" }],
    ["listFactoryDefaultWidgets", { searchValue: 42 }],
    ["listLandingPages", { pagination: { pageNumber: 0.5 } }],
    ["listLandingPages", { pagination: { pageSize: "10" } }],
    ["listLandingPages", { searchValue: ["a"] }],
    ["getWidget", {}],
    ["getWidget", { widgetId: 12 }],
    ["getWidget", { widgetId: "sales-chart" }],
    ["getWidget", { widgetId: "widget://" }],
    ["getAnalytic", {}],
    ["getAnalytic", { analyticId: null }],
    ["getAnalytic", { analyticId: "analytic://acme.com.br" }],
    ["getAnalytic", { analyticId: "analytic://acme.com.br/a/b" }],
    ["getRoleFilters", {}],
    ["getRoleFilters", { roles: "admin" }],
    ["getRoleFilters", { roles: [1, 2] }],
    ["getRoleFilters", { roles: [], domainName: 5 }],
  ] as const)("%s %j answers 400 with its §7 body", async (operation, body) => {
    const answer = await callOperation(server, operation, body);
    expect(answer.status).toBe(400);
    expectBody(badRequestBodyOf(operation), answer.json);
  });

  it("answers a body over 64 KiB with 413 and the §7 shape", async () => {
    const answer = await callOperation(server, "listFactoryDefaultWidgets", { searchValue: "x".repeat(70 * 1024) });
    expect(answer.status).toBe(413);
    expectBody("error.cms.badRequest", answer.json);
  });
});

describe("reference server: 404, 405, and no 5xx (§4, §7)", () => {
  it.each([
    ["getWidget", { widgetId: "widget://acme.com.br/platform/cms/does-not-exist" }],
    ["getAnalytic", { analyticId: "analytic://acme.com.br/does-not-exist" }],
  ] as const)("%s answers a well-formed unknown id with 404 OBJECT_NOT_FOUND", async (operation, body) => {
    const answer = await callOperation(server, operation, body);
    expect(answer.status).toBe(404);
    expectBody("error.cms.notFound", answer.json);
  });

  it("answers an unknown path with 404, an unknown fault prefix with 404, and another method with 405", async () => {
    const headers = headersFor(server, "admin");
    expect((await call(server.baseUrl, "/platform/cms/listEverything", { headers })).status).toBe(404);
    expect(
      (await call(server.baseUrl, "/faults/no-such-fault/platform/cms/listLandingPages", { headers })).status,
    ).toBe(404);
    for (const method of ["GET", "PUT", "DELETE"]) {
      const answer = await call(server.baseUrl, PATHS.listLandingPages, { headers, method });
      expect(answer.status).toBe(405);
      expect(answer.contentType).toMatch(/^application\/json/);
    }
  });

  it("answers a 403 with a small JSON body", async () => {
    const hidden = await startReferenceServer({ sizes: { widgets: 2 } });
    try {
      const statuses: number[] = [];
      const listing = await callOperation(hidden, "listFactoryDefaultWidgets", {});
      for (const widget of asObject(listing.json).widgets as unknown[]) {
        const answer = await callOperation(hidden, "getWidget", { widgetId: asObject(widget).id }, "restricted");
        statuses.push(answer.status);
        if (answer.status === 403) expect(answer.contentType).toMatch(/^application\/json/);
      }
      expect(statuses.sort()).toEqual([200, 403]);
    } finally {
      await hidden.close();
    }
  });
});

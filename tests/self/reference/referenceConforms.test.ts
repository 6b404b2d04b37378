import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { validateBody } from "../../../contract/validators.js";
import { createSeededRandom } from "../../../reference/data/seededRandom.js";
import { startReferenceServer, type RunningReferenceServer } from "../../../reference/startReferenceServer.js";
import { asObject, callOperation, listedIds, totals, walkAll, type Caller, type Operation } from "./referenceClient.js";

let server: RunningReferenceServer;
let widgetIds: string[];
let restrictedWidgetIds: string[];

beforeAll(async () => {
  server = await startReferenceServer({ seed: 7 });
  widgetIds = await walkAll(server, "listFactoryDefaultWidgets", "admin", 50);
  restrictedWidgetIds = await walkAll(server, "listFactoryDefaultWidgets", "restricted", 50);
});
afterAll(() => server.close());

/** Asserts a 200 JSON answer whose body validates with no stated issue and no register departure. */
async function expectValid200(operation: Operation, body: unknown, caller: Caller = "admin"): Promise<unknown> {
  const answer = await callOperation(server, operation, body, caller);
  expect(answer.status, answer.text).toBe(200);
  expect(answer.contentType).toMatch(/^application\/json/);
  const result = validateBody(`${operation}.response`, answer.json);
  expect(result.stated).toEqual([]);
  expect(result.registerDefaults).toEqual([]);
  return answer.json;
}

describe("reference server: valid requests answer 200 with valid bodies", () => {
  it.each([
    ["listFactoryDefaultWidgets", {}],
    ["listFactoryDefaultWidgets", { searchValue: "receita", pagination: { pageNumber: 0, pageSize: 5 } }],
    ["listFactoryDefaultWidgets", { pagination: { pageNumber: 2 } }],
    ["listFactoryDefaultWidgets", { pagination: { pageSize: 100 } }],
    ["listFactoryDefaultWidgets", { searchValue: "", extraUnknownField: true }],
    ["listLandingPages", {}],
    ["listLandingPages", { searchValue: "página", pagination: { pageNumber: 0, pageSize: 3 } }],
    ["listLandingPages", { pagination: { pageNumber: 999, pageSize: 10 } }],
    ["getRoleFilters", { roles: ["admin", "seller"], domainName: "hcm", serviceName: "payroll" }],
    ["getRoleFilters", { roles: [] }],
    ["getRoleFilters", { roles: ["no-such-role"] }],
  ] as const)("%s %j", async (operation, body) => {
    await expectValid200(operation, body);
    await expectValid200(operation, body, "restricted");
  });

  it("answers every analytic of the fixtures with a valid { analytic } whose id echoes the request", async () => {
    for (const analyticId of server.fixtures.analyticIds) {
      const json = await expectValid200("getAnalytic", { analyticId });
      expect(asObject(asObject(json).analytic).id).toBe(analyticId);
    }
  });

  it("answers every listed widget with the same widget, unwrapped (§4.4)", async () => {
    expect(widgetIds.length).toBeGreaterThanOrEqual(120);
    const listed = asObject(
      await expectValid200("listFactoryDefaultWidgets", { pagination: { pageNumber: 0, pageSize: 15 } }),
    ).widgets as unknown[];
    for (const widget of listed) {
      const json = await expectValid200("getWidget", { widgetId: asObject(widget).id });
      expect(json).toEqual(widget);
    }
  });

  it("answers 60 seeded random valid requests with valid bodies", async () => {
    const random = createSeededRandom(2024);
    const words = ["receita", "KPI", "mobile", "Estoque", "platform.cms", "Página", "painel", "x", ""];
    for (let n = 0; n < 60; n++) {
      const kind = random.int(0, 4);
      const caller: Caller = random.chance(0.5) ? "admin" : "restricted";
      const pagination = random.chance(0.7)
        ? { pagination: { pageNumber: random.int(0, 6), pageSize: random.int(1, 40) } }
        : {};
      const search = random.chance(0.5) ? { searchValue: random.pick(words) } : {};
      if (kind === 0) await expectValid200("listFactoryDefaultWidgets", { ...search, ...pagination }, caller);
      else if (kind === 1) await expectValid200("listLandingPages", { ...search, ...pagination }, caller);
      else if (kind === 2) await expectValid200("getWidget", { widgetId: random.pick(restrictedWidgetIds) }, caller);
      else if (kind === 3)
        await expectValid200("getAnalytic", { analyticId: random.pick(server.fixtures.analyticIds) }, "admin");
      else {
        const roles = Array.from({ length: random.int(0, 4) }, () =>
          random.pick([...server.fixtures.roles, "unknown"]),
        );
        await expectValid200(
          "getRoleFilters",
          { roles, domainName: server.fixtures.domainName, serviceName: server.fixtures.serviceName },
          caller,
        );
      }
    }
  });
});

describe("reference server: pagination (§2.11, §4.1, §4.2, §8)", () => {
  it.each(["listFactoryDefaultWidgets", "listLandingPages"] as const)(
    "%s without pagination is page 0 of size 10",
    async (operation) => {
      const field = operation === "listFactoryDefaultWidgets" ? "widgets" : "landingPages";
      const plain = await callOperation(server, operation, {});
      const page0 = await callOperation(server, operation, { pagination: { pageNumber: 0, pageSize: 10 } });
      expect(listedIds(plain.json, field)).toHaveLength(10);
      expect(plain.json).toEqual(page0.json);
    },
  );

  it.each([
    ["listFactoryDefaultWidgets", 7],
    ["listFactoryDefaultWidgets", 10],
    ["listLandingPages", 4],
    ["listLandingPages", 100],
  ] as const)("%s walks every item once with size %i, totals = ceil, past the end empty", async (operation, size) => {
    const field = operation === "listFactoryDefaultWidgets" ? "widgets" : "landingPages";
    const all = await walkAll(server, operation, "admin", size);
    expect(new Set(all).size).toBe(all.length);
    expect([...all].sort()).toEqual(all); // stable order: by id
    const first = await callOperation(server, operation, { pagination: { pageNumber: 0, pageSize: size } });
    expect(totals(first.json)).toEqual({ totalElements: all.length, totalPages: Math.ceil(all.length / size) });
    const past = await callOperation(server, operation, {
      pagination: { pageNumber: Math.ceil(all.length / size), pageSize: size },
    });
    expect(past.status).toBe(200);
    expect(listedIds(past.json, field)).toEqual([]);
    expect(totals(past.json)).toEqual(totals(first.json));
  });

  it("gives totalPages 0 for an empty result", async () => {
    const answer = await callOperation(server, "listLandingPages", { searchValue: "no title has this" });
    expect(totals(answer.json)).toEqual({ totalElements: 0, totalPages: 0 });
    expect(listedIds(answer.json, "landingPages")).toEqual([]);
  });
});

describe("reference server: search (§4.1, §4.2)", () => {
  async function widgetSearch(searchValue: string, caller: Caller = "admin"): Promise<string[]> {
    return walkAll(server, "listFactoryDefaultWidgets", caller, 200, server.baseUrl, searchValue);
  }

  it("finds widgets by tag ignoring case, as a subset of the unfiltered listing", async () => {
    const lower = await widgetSearch("kpi");
    const upper = await widgetSearch("KPI");
    expect(lower.length).toBeGreaterThan(0);
    expect(upper).toEqual(lower);
    expect(lower.every((id) => widgetIds.includes(id))).toBe(true);
    expect(lower.length).toBeLessThan(widgetIds.length);
  });

  it("finds widgets by translated text (with accents, any case) and by i18n key", async () => {
    const translated = await widgetSearch("PREVISÃO DO TEMPO");
    expect(translated.length).toBeGreaterThan(0);
    expect(translated.every((id) => id.includes("weather"))).toBe(true);
    const byKey = await widgetSearch("platform.cms.widget.daily");
    expect(byKey.length).toBeGreaterThan(0);
    expect(byKey.every((id) => id.includes("/daily-"))).toBe(true);
  });

  it("treats an empty searchValue as no filter", async () => {
    expect(await widgetSearch("")).toEqual(widgetIds);
    const plain = await callOperation(server, "listLandingPages", {});
    const empty = await callOperation(server, "listLandingPages", { searchValue: "" });
    expect(empty.json).toEqual(plain.json);
  });

  it("searches landing pages on the title, ignoring case, never on pageId", async () => {
    const titled = await walkAll(server, "listLandingPages", "admin", 100, server.baseUrl, "área do COLABORADOR");
    expect(titled.length).toBeGreaterThan(0);
    const byPageId = await callOperation(server, "listLandingPages", { searchValue: "page-00" });
    expect(totals(byPageId.json).totalElements).toBe(0);
  });
});

describe("reference server: permissions (§4.1, §4.2, §5)", () => {
  it("lists a strict subset of widgets to the restricted user, each readable by it", async () => {
    expect(restrictedWidgetIds.length).toBeGreaterThan(0);
    expect(restrictedWidgetIds.length).toBeLessThan(widgetIds.length);
    expect(restrictedWidgetIds.every((id) => widgetIds.includes(id))).toBe(true);
    for (const widgetId of restrictedWidgetIds.slice(0, 10)) {
      expect((await callOperation(server, "getWidget", { widgetId }, "restricted")).status).toBe(200);
    }
  });

  it("answers 403 to the restricted user for a widget or analytic it may not view", async () => {
    const hidden = widgetIds.find((id) => !restrictedWidgetIds.includes(id));
    expect((await callOperation(server, "getWidget", { widgetId: hidden }, "restricted")).status).toBe(403);
    const statuses = await Promise.all(
      server.fixtures.analyticIds.map(
        async (analyticId) => (await callOperation(server, "getAnalytic", { analyticId }, "restricted")).status,
      ),
    );
    expect(statuses).toContain(403);
    expect(statuses).toContain(200);
  });

  it("lists only the restricted user's own landing pages: a strict subset, without roles", async () => {
    const admin = await walkAll(server, "listLandingPages", "admin", 100);
    const restricted = await walkAll(server, "listLandingPages", "restricted", 100);
    expect(admin.length).toBeGreaterThanOrEqual(45);
    expect(restricted.length).toBeGreaterThan(0);
    expect(restricted.length).toBeLessThan(admin.length);
    expect(restricted.every((id) => admin.includes(id))).toBe(true);
    const page = asObject((await callOperation(server, "listLandingPages", { pagination: { pageSize: 100 } })).json)
      .landingPages as unknown[];
    expect(page.some((item) => asObject(item).landingPageType === "SHARED")).toBe(true);
    expect(page.every((item) => !("roles" in asObject(item)))).toBe(true);
  });
});

describe("reference server: role filters (§4.5, §2.12)", () => {
  type Triple = string;
  async function triples(roles: string[]): Promise<Set<Triple>> {
    const answer = await callOperation(server, "getRoleFilters", {
      roles,
      domainName: server.fixtures.domainName,
      serviceName: server.fixtures.serviceName,
    });
    expect(answer.status).toBe(200);
    const set = new Set<Triple>();
    for (const group of asObject(answer.json).filters as unknown[]) {
      const key = asObject(asObject(group).key);
      for (const filter of asObject(group).filters as unknown[])
        set.add(JSON.stringify([key.domainName, key.serviceName, asObject(filter).name, asObject(filter).value]));
    }
    return set;
  }

  it("has at least 6 roles with groups over at least 2 domain/service pairs, and returns those asked for only", async () => {
    expect(server.fixtures.roles.length).toBeGreaterThanOrEqual(6);
    const areas = async (body: Record<string, unknown>) => {
      const answer = await callOperation(server, "getRoleFilters", { roles: server.fixtures.roles, ...body });
      const groups = asObject(answer.json).filters as unknown[];
      return new Set(
        groups.map((group) => asObject(asObject(group).key)).map((key) => `${key.domainName}/${key.serviceName}`),
      );
    };
    expect((await areas({})).size).toBeGreaterThanOrEqual(2);
    const { domainName, serviceName } = server.fixtures;
    expect([...(await areas({ domainName, serviceName }))]).toEqual([`${domainName}/${serviceName}`]);
  });

  it("obeys the union law for every pair of roles, and ignores order, duplicates and unknown roles", async () => {
    const roles = server.fixtures.roles;
    const single = new Map<string, Set<Triple>>();
    for (const role of roles) single.set(role, await triples([role]));
    for (const a of roles) {
      for (const b of roles) {
        const union = await triples([a, b]);
        expect(union).toEqual(new Set([...(single.get(a) ?? []), ...(single.get(b) ?? [])]));
      }
    }
    const all = await triples(roles);
    expect(await triples([...roles].reverse())).toEqual(all);
    expect(await triples([...roles, ...roles, "unknown-role"])).toEqual(all);
    expect(await triples([])).toEqual(new Set());
  });

  it("merges groups by key: no key appears twice", async () => {
    const answer = await callOperation(server, "getRoleFilters", { roles: server.fixtures.roles });
    const keys = (asObject(answer.json).filters as unknown[]).map((group) => JSON.stringify(asObject(group).key));
    expect(new Set(keys).size).toBe(keys.length);
  });
});

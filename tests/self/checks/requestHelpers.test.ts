/**
 * The helpers checks use to decide what to ask: samples spread over a listing, ids that do not
 * exist, the bodies that should succeed, which register excuses a refused valid request, and how
 * a listing page is fetched and named.
 */
import { describe, expect, it } from "vitest";
import { discoveredIds, spreadSample } from "../../conformance/checks/_internals/discovery/discoveredIds.js";
import { describePageRequest, fetchListingPage } from "../../conformance/checks/_internals/walks/fetchListingPage.js";
import { noAnswer } from "../../conformance/checks/_internals/requests/generatedExamples.js";
import {
  asReadOperation,
  idField,
  knownIds,
  noIdsReason,
  unknownId,
} from "../../conformance/checks/_internals/requests/itemTargets.js";
import { withPlaceholderIds } from "../../conformance/checks/_internals/requests/onePerDerivation.js";
import {
  refusalPasses,
  registerForRefusedValidRequest,
  withWholePagination,
} from "../../conformance/checks/_internals/judges/registerForRefusedValidRequest.js";
import {
  roleFiltersRequest,
  successfulRequestBody,
  unknownAnalyticId,
  unknownWidgetId,
  wellFormedRequestBody,
} from "../../conformance/checks/_internals/requests/sampleRequests.js";
import { getSchemaProperties, statedFields } from "../../conformance/checks/_internals/requests/schemaProperties.js";
import { walkContains } from "../../conformance/checks/_internals/discovery/searchListing.js";
import type { ListingWalk } from "../../conformance/checks/_internals/walks/walkListing.js";
import type { OutgoingRequest } from "../../../runner/http/types.js";
import { fakeExchange, scriptedSession, type FakeAnswer } from "../engine/engineDoubles.js";
import { fakeCms, widgetsTagged } from "./fakeCms.js";
import { knowledgeOf } from "../../conformance/checks/_internals/discovery/TargetKnowledge.js";

/** A target with widgets w0…w(n-1) and landing pages p0…p2, titled and tagged. */
function smallTarget(widgets: number) {
  return (request: OutgoingRequest): FakeAnswer => {
    const body = (request.body && "json" in request.body ? request.body.json : {}) as {
      pagination?: { pageNumber: number; pageSize: number };
    };
    const { pageNumber, pageSize } = body.pagination ?? { pageNumber: 0, pageSize: 10 };
    const landing = request.path.endsWith("listLandingPages");
    const all = landing
      ? [0, 1, 2].map((n) => ({ id: `landing://t/p${n}`, title: `Page ${n}` }))
      : Array.from({ length: widgets }, (_, n) => ({ id: `widget://t/w${n}`, tags: [`tag${n % 2}`] }));
    const items = all.slice(pageNumber * pageSize, (pageNumber + 1) * pageSize);
    return {
      status: 200,
      json: {
        [landing ? "landingPages" : "widgets"]: items,
        listInformation: { totalElements: all.length, totalPages: Math.ceil(all.length / pageSize) },
      },
    };
  };
}

describe("spreadSample", () => {
  it("keeps short lists whole, as a copy", () => {
    const items = [1, 2, 3];
    const sample = spreadSample(items, 3);
    expect(sample).toEqual([1, 2, 3]);
    expect(sample).not.toBe(items);
    expect(spreadSample([1, 2], 5)).toEqual([1, 2]);
  });

  it("takes the first, the last and evenly between", () => {
    expect(spreadSample([0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10], 3)).toEqual([0, 5, 10]);
    expect(spreadSample([0, 1, 2, 3, 4, 5, 6, 7, 8, 9], 4)).toEqual([0, 3, 6, 9]);
    expect(spreadSample(["a", "b", "c", "d"], 1)).toEqual(["a"]);
    expect(spreadSample([1, 2, 3], 0)).toEqual([]);
  });

  it("never repeats a pick", () => {
    expect(spreadSample([0, 1, 2, 3, 4], 4)).toEqual([0, 1, 3, 4]);
  });
});

describe("discovery", () => {
  it("walks each listing once per run and user, with the largest page size it serves, and shares the walk", async () => {
    const { session } = scriptedSession(smallTarget(12));
    const first = await knowledgeOf(session).listing("listFactoryDefaultWidgets");
    const again = await knowledgeOf(session).listing("listFactoryDefaultWidgets", "admin");
    const restricted = await knowledgeOf(session).listing("listFactoryDefaultWidgets", "restricted");
    expect(again).toBe(first);
    expect(restricted).not.toBe(first);
    expect(first).toMatchObject({ caller: "admin", complete: true, totalElements: 12 });
    expect(restricted.caller).toBe("restricted");
    expect(first.pageSize).toBeGreaterThanOrEqual(10);
    expect(first.items).toHaveLength(12);
  });

  it("gives the listed ids in order, once each, leaving out items without a string id", async () => {
    const walk = { items: [{ id: "b" }, { id: "a" }, { id: "b" }, { id: 3 }, "c"] } as unknown as ListingWalk;
    expect(discoveredIds(walk)).toEqual(["b", "a"]);
    const { session } = scriptedSession(smallTarget(3));
    expect(await knowledgeOf(session).widgetIds()).toEqual(["widget://t/w0", "widget://t/w1", "widget://t/w2"]);
  });
});

describe("ids to read", () => {
  it("names the request field of each read, and refuses an operation that is not one", () => {
    expect([idField("getWidget"), idField("getAnalytic")]).toEqual(["widgetId", "analyticId"]);
    expect(asReadOperation("getAnalytic")).toBe("getAnalytic");
    expect(() => asReadOperation("listLandingPages")).toThrow("listLandingPages is not a single-item read");
  });

  it("reads discovered widget ids and configured analytic ids, spread, up to a count", async () => {
    const { session } = scriptedSession(smallTarget(30), {
      fixtures: { analyticIds: ["analytic://t/a1", "analytic://t/a2", "analytic://t/a3"], roles: [] },
    });
    expect(await knownIds(session, "getWidget", 2)).toEqual(["widget://t/w0", "widget://t/w29"]);
    expect(await knownIds(session, "getAnalytic", 2)).toEqual(["analytic://t/a1", "analytic://t/a3"]);
  });

  it("says what to add when no id is known", () => {
    expect(noIdsReason("getWidget")).toBe("the target's widget listing returned no widget ids to read");
    expect(noIdsReason("getAnalytic")).toMatch(
      /^no analytic ids are configured: there is no operation that lists analytics \(§4\.3\); pass --analytic-id ID/,
    );
  });

  it("makes an unknown id in the shape of a known one, from the seed", async () => {
    const { session } = scriptedSession(smallTarget(2), { seed: 35 });
    expect(await unknownId(session, "getWidget")).toBe("widget://t/cms-conformance-unknown-z");
    expect(await unknownId(session, "getAnalytic")).toBe("analytic://tenant/cms-conformance-unknown-z");
  });
});

describe("unknown ids", () => {
  it("replaces the last segment of a known widget id", () => {
    expect(unknownWidgetId("widget://acme.com.br/erp/sales/kpi", 35)).toBe(
      "widget://acme.com.br/erp/sales/cms-conformance-unknown-z",
    );
    expect(unknownWidgetId("widget://acme", 1)).toBe("widget://cms-conformance-unknown-1");
  });

  it("invents one when no widget id is known, or the known one is not a widget URI", () => {
    expect(unknownWidgetId(undefined, 36)).toBe("widget://cms-conformance.invalid/cms-conformance-unknown-10");
    expect(unknownWidgetId("", 1)).toBe("widget://cms-conformance.invalid/cms-conformance-unknown-1");
    expect(unknownWidgetId("landing://t/p", 1)).toBe("widget://cms-conformance.invalid/cms-conformance-unknown-1");
  });

  it("keeps the tenant of a known analytic id", () => {
    expect(unknownAnalyticId("analytic://acme.com.br/a1", 35)).toBe("analytic://acme.com.br/cms-conformance-unknown-z");
    expect(unknownAnalyticId(undefined, 35)).toBe("analytic://cms-conformance.invalid/cms-conformance-unknown-z");
    expect(unknownAnalyticId("analytic://no-identifier", 35)).toBe(
      "analytic://cms-conformance.invalid/cms-conformance-unknown-z",
    );
    expect(unknownAnalyticId("x-analytic://acme/a1", 35)).toBe(
      "analytic://cms-conformance.invalid/cms-conformance-unknown-z",
    );
  });
});

describe("request bodies", () => {
  it("asks for roles with the configured domainName and serviceName, when there are some", () => {
    const { session } = scriptedSession(() => ({}));
    expect(roleFiltersRequest(session, ["a", "b"])).toEqual({
      roles: ["a", "b"],
      domainName: "hcm",
      serviceName: "payroll",
    });
    const bare = scriptedSession(() => ({}), { fixtures: { analyticIds: [], roles: [] } }).session;
    expect(roleFiltersRequest(bare, [])).toStrictEqual({ roles: [] });
  });

  it("builds a body each operation should answer 200, from what the target listed and the configuration gave", async () => {
    const { session } = scriptedSession(smallTarget(3), {
      fixtures: { analyticIds: ["analytic://t/a9", "analytic://t/a8"], roles: ["r1", "r2", "r3"], domainName: "d" },
    });
    expect(await successfulRequestBody(session, "listFactoryDefaultWidgets")).toEqual({});
    expect(await successfulRequestBody(session, "listLandingPages")).toEqual({});
    expect(await successfulRequestBody(session, "getWidget")).toEqual({ widgetId: "widget://t/w0" });
    expect(await successfulRequestBody(session, "getAnalytic")).toEqual({ analyticId: "analytic://t/a9" });
    expect(await successfulRequestBody(session, "getRoleFilters")).toEqual({ roles: ["r1", "r2"], domainName: "d" });
  });

  it("has no successful body to give without widgets or analytic ids, and a well-formed one naming an id that does not exist", async () => {
    const { session } = scriptedSession(smallTarget(0), { seed: 35, fixtures: { analyticIds: [], roles: [] } });
    expect(await successfulRequestBody(session, "getWidget")).toBeUndefined();
    expect(await successfulRequestBody(session, "getAnalytic")).toBeUndefined();
    expect(await wellFormedRequestBody(session, "getWidget")).toEqual({
      widgetId: "widget://cms-conformance.invalid/cms-conformance-unknown-z",
    });
    expect(await wellFormedRequestBody(session, "getAnalytic")).toEqual({
      analyticId: "analytic://cms-conformance.invalid/cms-conformance-unknown-z",
    });
    expect(await wellFormedRequestBody(session, "listLandingPages")).toEqual({});
  });

  it("gives invalid requests a placeholder id where none is known, keeping known ones", () => {
    expect(withPlaceholderIds({ widgetIds: [], roles: ["r"] })).toEqual({
      widgetIds: ["widget://cms-conformance.invalid/placeholder"],
      analyticIds: ["analytic://cms-conformance.invalid/placeholder"],
      roles: ["r"],
    });
    expect(withPlaceholderIds({ widgetIds: ["widget://t/a"], analyticIds: ["analytic://t/b"] })).toEqual({
      widgetIds: ["widget://t/a"],
      analyticIds: ["analytic://t/b"],
    });
  });

  it("builds the generators' context once per run from discovery and configuration", async () => {
    const { session, client } = scriptedSession(smallTarget(3), { maxPageSize: 25 });
    const context = await knowledgeOf(session).requestContext();
    expect(await knowledgeOf(session).requestContext()).toBe(context);
    expect(context).toEqual({
      widgetIds: ["widget://t/w0", "widget://t/w1", "widget://t/w2"],
      analyticIds: ["analytic://tenant/a1"],
      roles: ["r1", "r2"],
      domainName: "hcm",
      serviceName: "payroll",
      searchTerms: ["tag0", "tag1", "Page 0", "Page 1", "Page 2"],
      maxPageSize: 25,
    });
    expect(client.sent.length).toBeGreaterThan(0);
  });

  it("keeps the generators' page sizes within the smaller of the two listings' limits", async () => {
    const { session } = scriptedSession(
      fakeCms({
        widgets: widgetsTagged(60, () => []),
        landingPages: widgetsTagged(60, () => []),
        tamper: (call) =>
          call.operation === "listLandingPages" && call.pageSize > 20 ? { status: 400, json: {} } : undefined,
      }),
    );
    expect((await knowledgeOf(session).requestContext()).maxPageSize).toBe(20);
  });

  it("builds requests only from well-formed listed ids, and leaves out unset scopes", async () => {
    const { session } = scriptedSession(
      () => ({
        status: 200,
        json: {
          widgets: [
            { id: "not-a-uri", title: "T" },
            { id: "widget://t/ok" },
            { id: 4, tags: [5, "x"] },
            "a bare string",
          ],
          listInformation: { totalElements: 4, totalPages: 1 },
        },
      }),
      { fixtures: { analyticIds: [], roles: [] } },
    );
    const context = await knowledgeOf(session).requestContext();
    expect(context.widgetIds).toEqual(["widget://t/ok"]);
    expect(context).not.toHaveProperty("domainName");
    expect(context).not.toHaveProperty("serviceName");
    expect(context.searchTerms).toEqual(["T", "x"]);
  });
});

describe("registerForRefusedValidRequest", () => {
  it.each([
    [{ pagination: { pageNumber: 2 ** 31 - 1 } }, 25, "large-page-numbers"],
    [{ pagination: { pageSize: 2 ** 31 - 1 } }, 25, "large-page-numbers"],
    [{ pagination: { pageNumber: 2 ** 31 - 2 } }, 25, "page-past-end"],
    [{ searchValue: "x".repeat(257) }, 25, "payload-size-limit"],
    [{ searchValue: "x".repeat(256) }, 25, undefined],
    [{ searchValue: "50%" }, 25, "search-special-characters"],
    [{ searchValue: "São Paulo-2" }, 25, undefined],
    [{ pagination: { pageSize: 11 } }, 25, "max-page-size"],
    [{ pagination: { pageSize: 10 } }, 25, undefined],
    [{ pagination: { pageNumber: 3 } }, 25, "page-past-end"],
    [{ pagination: { pageNumber: 2 } }, 25, undefined],
    [{ pagination: { pageNumber: 4, pageSize: 5 } }, 25, undefined],
    [{ pagination: { pageNumber: 5, pageSize: 5 } }, 25, "page-past-end"],
    [{ pagination: { pageNumber: 0 } }, undefined, "page-past-end"],
    [{ pagination: "x" }, 25, undefined],
    [{}, 25, undefined],
    ["not an object", 25, undefined],
  ] as const)("excuses refusing %j on a listing of %s items with %s", (body, totalElements, register) => {
    expect(registerForRefusedValidRequest("listLandingPages", body, totalElements)).toBe(register);
  });

  it("makes a partial pagination whole with page 0 and size 10, and leaves other bodies alone", () => {
    expect(withWholePagination({ searchValue: "a", pagination: { pageNumber: 2 } })).toEqual({
      searchValue: "a",
      pagination: { pageNumber: 2, pageSize: 10 },
    });
    expect(withWholePagination({ pagination: { pageSize: 5 } })).toEqual({
      pagination: { pageNumber: 0, pageSize: 5 },
    });
    expect(withWholePagination({ pagination: {} })).toEqual({ pagination: { pageNumber: 0, pageSize: 10 } });
    expect(withWholePagination({ pagination: { pageNumber: 1, pageSize: 5 } })).toBeUndefined();
    expect(withWholePagination({ searchValue: "a" })).toBeUndefined();
    expect(withWholePagination("x")).toBeUndefined();
  });

  it("lets only a 400 for a number past the machine integer sizes pass silently", () => {
    expect(refusalPasses("large-page-numbers", 400)).toBe(true);
    expect(refusalPasses("large-page-numbers", 422)).toBe(false);
    expect(refusalPasses("max-page-size", 400)).toBe(false);
    expect(refusalPasses(undefined, 400)).toBe(false);
  });

  it("excuses an edge role list only on getRoleFilters", () => {
    expect(registerForRefusedValidRequest("getRoleFilters", { roles: [] }, undefined)).toBe(
      "role-filter-edge-requests",
    );
    expect(registerForRefusedValidRequest("getRoleFilters", { roles: "r" }, undefined)).toBeUndefined();
    expect(registerForRefusedValidRequest("getWidget", { roles: [] }, undefined)).toBeUndefined();
  });
});

describe("fetchListingPage", () => {
  it("sends only what is asked, and is ok for a 200 JSON listing with integer totals", async () => {
    const { session, client } = scriptedSession(smallTarget(12));
    const fetched = await fetchListingPage(session, "listFactoryDefaultWidgets", {
      pagination: { pageNumber: 1, pageSize: 5 },
      searchValue: "tag1",
      caller: "restricted",
    });
    expect(client.jsonBodies()).toEqual([{ searchValue: "tag1", pagination: { pageNumber: 1, pageSize: 5 } }]);
    expect(client.sent[0]?.headers.Authorization).toBe("Bearer restricted-987654");
    expect(fetched.ok).toBe(true);
    expect(fetched.page.items).toHaveLength(5);
    await fetchListingPage(session, "listFactoryDefaultWidgets", {});
    expect(client.jsonBodies()[1]).toEqual({});
    expect(client.sent[1]?.headers.Authorization).toBe("Bearer token-abcdef");
  });

  it.each<[string, FakeAnswer]>([
    [
      "a status other than 200",
      { status: 201, json: { widgets: [], listInformation: { totalElements: 0, totalPages: 0 } } },
    ],
    ["a body that is not JSON", { status: 200, text: "widgets" }],
    [
      "a body that is not a listing",
      { status: 200, json: { widgets: 3, listInformation: { totalElements: 0, totalPages: 0 } } },
    ],
    ["no totalElements", { status: 200, json: { widgets: [], listInformation: { totalPages: 0 } } }],
    ["no totalPages", { status: 200, json: { widgets: [], listInformation: { totalElements: 0 } } }],
  ])("is not ok for %s", async (_name, answer) => {
    const { session } = scriptedSession(() => answer);
    expect((await fetchListingPage(session, "listFactoryDefaultWidgets", {})).ok).toBe(false);
  });

  it("names requests for labels", () => {
    expect(describePageRequest({})).toBe("no pagination");
    expect(describePageRequest({ pagination: { pageNumber: 2, pageSize: 7 } })).toBe("page 2 of size 7");
    expect(describePageRequest({ pagination: {} })).toBe("page (none) of size (none)");
    expect(describePageRequest({ searchValue: "kpi", caller: "restricted" })).toBe(
      'no pagination, searchValue "kpi", as restricted',
    );
    expect(describePageRequest({ caller: "admin" })).toBe("no pagination");
  });
});

describe("noAnswer", () => {
  it("is undefined for a response, a redirect included", () => {
    expect(noAnswer(fakeExchange({ status: 500, json: {} }))).toBeUndefined();
    expect(
      noAnswer(fakeExchange({ status: 302, text: "", failure: { kind: "redirect", message: "not followed" } })),
    ).toBeUndefined();
  });

  it("turns a missing or cut answer into a failing example with its exchange", () => {
    const timedOut = fakeExchange({
      noResponse: true,
      failure: { kind: "timeout", message: "no headers within 5 ms" },
    });
    expect(noAnswer(timedOut)).toEqual({
      ok: false,
      message: "no usable answer: no response (timeout: no headers within 5 ms)",
      expected: "an HTTP response (§4)",
      actual: "no response (timeout: no headers within 5 ms)",
      exchange: timedOut,
    });
    const cut = fakeExchange({ status: 200, text: "{", failure: { kind: "too-large", message: "big" } });
    expect(noAnswer(cut)).toMatchObject({ ok: false, actual: "status 200 (too-large: big)" });
  });
});

describe("walkContains", () => {
  const walk = (complete: boolean) => ({ items: [{ id: "widget://t/a" }, "b"], complete }) as unknown as ListingWalk;

  it("says yes when the walk saw the item, no when a complete walk did not, unknown when the walk was cut", () => {
    expect(walkContains(walk(true), "id:widget://t/a")).toBe("yes");
    expect(walkContains(walk(false), "id:widget://t/a")).toBe("yes");
    expect(walkContains(walk(true), 'json:"b"')).toBe("yes");
    expect(walkContains(walk(true), "id:widget://t/z")).toBe("no");
    expect(walkContains(walk(false), "id:widget://t/z")).toBe("unknown");
  });
});

describe("getSchemaProperties", () => {
  it("reads the property names of a component schema", () => {
    expect([...getSchemaProperties("components/PreferredSize.json")].sort()).toEqual(["height", "width"]);
    expect(() => getSchemaProperties("components/Nothing.json")).toThrow("no schema file components/Nothing.json");
  });
});

describe("statedFields", () => {
  it("keeps only the fields §2 defines, at every depth, through $ref and either shape of a listing", () => {
    const widget = { id: "widget://t/w", permission: { resource: "r", action: "a", at: 1 }, servedAt: "x" };
    const stated = { id: "widget://t/w", permission: { resource: "r", action: "a" } };
    expect(statedFields(widget, "components/Widget.json")).toEqual(stated);
    expect(
      statedFields(
        { widgets: [widget], listInformation: { totalElements: 1, totalPages: 1 }, requestId: "r1" },
        "bodies/listFactoryDefaultWidgets.response.json",
      ),
    ).toEqual({ widgets: [stated], listInformation: { totalElements: 1, totalPages: 1 } });
    expect(statedFields({ widgets: widget }, "bodies/listFactoryDefaultWidgets.response.json")).toEqual({
      widgets: stated,
    });
    expect(statedFields(widget, "bodies/getWidget.response.json")).toEqual(stated);
  });

  it("keeps an object whose structure is not shown whole (Chart.filter)", () => {
    const chart = { type: "PIE", filter: { any: { thing: 1 } }, extra: true };
    expect(statedFields(chart, "components/Chart.json")).toEqual({ type: "PIE", filter: { any: { thing: 1 } } });
  });
});

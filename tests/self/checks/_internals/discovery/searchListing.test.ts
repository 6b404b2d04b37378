/** The search walk shared by the search checks (§4.1, §4.2), and the users a rule is judged for. */
import { describe, expect, it } from "vitest";
import type { OutgoingRequest } from "../../../../../runner/http/types.js";
import { firstPageOf, walkContains } from "../../../../../checks/_internals/discovery/searchListing.js";
import { scriptedSession, type FakeAnswer } from "../../../runner/engine/engineDoubles.js";
import { knowledgeOf } from "../../../../../checks/_internals/discovery/TargetKnowledge.js";
import type { OperationName } from "../../../../../contract/operations.js";
import type { ListingWalk } from "../../../../../checks/_internals/walks/walkListing.js";
import type { TargetSession } from "../../../../../runner/engine/TargetSession.js";

/** One search through the session's knowledge, as the search checks ask it. */
const search = (session: TargetSession, operation: OperationName, value: string) =>
  knowledgeOf(session).search(operation, value);

const widget = (n: number) => ({ id: `widget://t/w${n}` });

/** A widget listing of `total` matches for any search, served as asked. */
function matches(total: number) {
  return (request: OutgoingRequest): FakeAnswer => {
    const body = (request.body && "json" in request.body ? request.body.json : {}) as {
      pagination: { pageNumber: number; pageSize: number };
    };
    const { pageNumber, pageSize } = body.pagination;
    const items = Array.from({ length: total }, (_, index) => widget(index)).slice(
      pageNumber * pageSize,
      (pageNumber + 1) * pageSize,
    );
    return {
      status: 200,
      json: { widgets: items, listInformation: { totalElements: total, totalPages: Math.ceil(total / pageSize) } },
    };
  };
}

describe("searchListing", () => {
  it("walks the result in pages of 10 with the searchValue, as the main user by default", async () => {
    const { session, client } = scriptedSession(matches(12));
    const walk = await knowledgeOf(session).search("listFactoryDefaultWidgets", "kpi");
    expect(walk).toMatchObject({
      caller: "admin",
      searchValue: "kpi",
      pageSize: 10,
      complete: true,
      totalElements: 12,
    });
    expect(client.jsonBodies()).toEqual(
      [0, 1].map((pageNumber) => ({ pagination: { pageNumber, pageSize: 10 }, searchValue: "kpi" })),
    );
  });

  it("asks once per operation, user and value: a second search is the first one's walk", async () => {
    const { session, client } = scriptedSession(matches(3));
    const first = await knowledgeOf(session).search("listFactoryDefaultWidgets", "kpi");
    expect(await knowledgeOf(session).search("listFactoryDefaultWidgets", "kpi")).toBe(first);
    expect(client.sent).toHaveLength(1);
    await knowledgeOf(session).search("listFactoryDefaultWidgets", "kpi", "restricted");
    await knowledgeOf(session).search("listFactoryDefaultWidgets", "other");
    await knowledgeOf(session).search("listLandingPages", "kpi");
    expect(client.sent).toHaveLength(4);
    expect(client.sent[1]?.headers.Authorization).toBe("Bearer restricted-987654");
  });

  it("walks at most 20 pages, or fewer when --max-pages is lower", async () => {
    const wide = scriptedSession(matches(1_000));
    expect((await knowledgeOf(wide.session).search("listFactoryDefaultWidgets", "a")).pages).toHaveLength(20);
    const narrow = scriptedSession(matches(1_000), { maxPagesWalked: 3 });
    expect((await knowledgeOf(narrow.session).search("listFactoryDefaultWidgets", "a")).pages).toHaveLength(3);
  });

  it("walkContains: yes when seen, no only when the walk was complete, else unknown", async () => {
    const complete = await search(scriptedSession(matches(3)).session, "listFactoryDefaultWidgets", "a");
    expect(walkContains(complete, "id:widget://t/w2")).toBe("yes");
    expect(walkContains(complete, "id:widget://t/w9")).toBe("no");
    const cut = await search(
      scriptedSession(matches(1_000), { maxPagesWalked: 1 }).session,
      "listFactoryDefaultWidgets",
      "a",
    );
    expect(walkContains(cut, "id:widget://t/w999")).toBe("unknown");
  });

  it("firstPageOf: usable unless the walk stopped on page 0 for its answer; an empty or oversized page 0 is still a listing", async () => {
    const ok = await search(scriptedSession(matches(3)).session, "listFactoryDefaultWidgets", "a");
    expect(firstPageOf(ok)?.ok).toBe(true);
    const broken = await search(
      scriptedSession(() => ({ status: 500, json: {} })).session,
      "listFactoryDefaultWidgets",
      "a",
    );
    expect(firstPageOf(broken)?.ok).toBe(false);
    const laterBroken = await search(
      scriptedSession((request, index) => (index === 1 ? { status: 500, json: {} } : matches(30)(request))).session,
      "listFactoryDefaultWidgets",
      "a",
    );
    expect(laterBroken.stop?.reason).toBe("error-status");
    expect(firstPageOf(laterBroken)?.ok).toBe(true);
    const empty = await search(
      scriptedSession(() => ({
        status: 200,
        json: { widgets: [], listInformation: { totalElements: 5, totalPages: 1 } },
      })).session,
      "listFactoryDefaultWidgets",
      "a",
    );
    expect(empty.stop).toBeUndefined();
    const emptyEarly = await search(
      scriptedSession(() => ({
        status: 200,
        json: { widgets: [], listInformation: { totalElements: 30, totalPages: 3 } },
      })).session,
      "listFactoryDefaultWidgets",
      "a",
    );
    expect(emptyEarly.stop?.reason).toBe("empty-page");
    expect(firstPageOf(emptyEarly)?.ok).toBe(true);
    const oversized = await search(
      scriptedSession(() => ({
        status: 200,
        json: {
          widgets: Array.from({ length: 11 }, (_, n) => widget(n)),
          listInformation: { totalElements: 11, totalPages: 2 },
        },
      })).session,
      "listFactoryDefaultWidgets",
      "a",
    );
    expect(oversized.stop?.reason).toBe("oversized-page");
    expect(firstPageOf(oversized)?.ok).toBe(true);
  });

  it("firstPageOf: no page, nothing to judge", () => {
    expect(
      firstPageOf({
        operation: "listFactoryDefaultWidgets",
        caller: "admin",
        pageSize: 10,
        pages: [],
        items: [],
        complete: false,
      }),
    ).toBeUndefined();
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

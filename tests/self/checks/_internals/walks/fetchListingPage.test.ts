/** fetchListingPage.ts: how a listing page is fetched, judged usable and named. */
import { describe, expect, it } from "vitest";
import { describePageRequest, fetchListingPage } from "../../../../../checks/_internals/walks/fetchListingPage.js";
import { scriptedSession, type FakeAnswer } from "../../../runner/engine/engineDoubles.js";
import { smallTarget } from "../../smallTarget.js";

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

/**
 * Listing walks (§2.11) and the page reader they use: bounded, never throwing, every stop typed,
 * duplicates kept for the checks to judge, a walk cut at its bound reported for meta.sampling.
 */
import { listing, widget } from "../../listingDoubles.js";
import { describe, expect, it } from "vitest";
import { itemKey, readListingPage } from "../../../../../checks/_internals/walks/listingPage.js";
import { stoppedByTarget, walkListing } from "../../../../../checks/_internals/walks/walkListing.js";
import { scriptedSession, type FakeAnswer } from "../../../runner/engine/engineDoubles.js";

describe("walkListing", () => {
  it("walks every page up to totalPages, in order, and is complete", async () => {
    const { session, client } = scriptedSession(listing(23));
    const walk = await walkListing(session, "listFactoryDefaultWidgets", { pageSize: 10, maxPages: 50 });
    expect(walk).toMatchObject({
      operation: "listFactoryDefaultWidgets",
      caller: "admin",
      pageSize: 10,
      totalElements: 23,
      totalPages: 3,
      complete: true,
    });
    expect(walk).not.toHaveProperty("stop");
    expect(walk).not.toHaveProperty("searchValue");
    expect(walk.pages.map((page) => page.pageNumber)).toEqual([0, 1, 2]);
    expect(walk.items).toEqual(Array.from({ length: 23 }, (_, index) => widget(index)));
    expect(client.jsonBodies()).toEqual([0, 1, 2].map((pageNumber) => ({ pagination: { pageNumber, pageSize: 10 } })));
    expect(session.samplingNotes()).toEqual([]);
    expect(stoppedByTarget(walk)).toBe(false);
  });

  it("sends the caller's credentials and the searchValue with every page", async () => {
    const { session, client } = scriptedSession(listing(4));
    const walk = await walkListing(session, "listFactoryDefaultWidgets", {
      caller: "restricted",
      searchValue: "kpi",
      pageSize: 3,
      maxPages: 50,
    });
    expect(walk).toMatchObject({ caller: "restricted", searchValue: "kpi", complete: true });
    expect(client.jsonBodies()).toEqual([
      { pagination: { pageNumber: 0, pageSize: 3 }, searchValue: "kpi" },
      { pagination: { pageNumber: 1, pageSize: 3 }, searchValue: "kpi" },
    ]);
    expect(client.sent.every((request) => request.headers.Authorization === "Bearer restricted-987654")).toBe(true);
  });

  it("keeps duplicates: judging them is the checks' job", async () => {
    const { session } = scriptedSession(
      listing(4, (page, answer) =>
        page === 1
          ? {
              ...answer,
              json: { widgets: [widget(1), widget(3)], listInformation: { totalElements: 4, totalPages: 2 } },
            }
          : answer,
      ),
    );
    const walk = await walkListing(session, "listFactoryDefaultWidgets", { pageSize: 2, maxPages: 50 });
    expect(walk.items.map(itemKey)).toEqual([
      "id:widget://t/w0",
      "id:widget://t/w1",
      "id:widget://t/w1",
      "id:widget://t/w3",
    ]);
    expect(walk.complete).toBe(true);
  });

  it("stops at its bound, says so, is not complete, and reports the walk as sampled", async () => {
    const { session, client } = scriptedSession(listing(95), { maxPagesWalked: 3 });
    const walk = await walkListing(session, "listFactoryDefaultWidgets", { pageSize: 10, maxPages: 3 });
    expect(client.sent).toHaveLength(3);
    expect(walk.complete).toBe(false);
    expect(walk.stop).toEqual({
      reason: "sampling-bound",
      message: "walked 3 of 10 pages (sampling bound --max-pages)",
    });
    expect(stoppedByTarget(walk)).toBe(false);
    expect(session.samplingNotes()).toEqual([
      "listFactoryDefaultWidgets: 1 listing walk stopped at --max-pages 3 (pageSize 10; the target reports 10 pages), so items after pageNumber 2 were not seen (65 of 95 items)",
    ]);
  });

  it("reports a bounded search walk as a search walk", async () => {
    const { session } = scriptedSession(listing(95), { maxPagesWalked: 50 });
    await walkListing(session, "listFactoryDefaultWidgets", { pageSize: 10, maxPages: 2, searchValue: "k" });
    expect(session.samplingNotes()).toEqual([
      "listFactoryDefaultWidgets: 1 search walk stopped at the search bound of 2 pages (--max-pages is 50; pageSize 10; the target reports 10 pages), so items after pageNumber 1 were not seen (75 of 95 items)",
    ]);
  });

  it("does not count a walk that ends exactly at its bound as sampled", async () => {
    const { session } = scriptedSession(listing(30));
    const walk = await walkListing(session, "listFactoryDefaultWidgets", { pageSize: 10, maxPages: 3 });
    expect(walk.complete).toBe(true);
    expect(walk).not.toHaveProperty("stop");
    expect(session.samplingNotes()).toEqual([]);
  });

  it("sends nothing with a bound of 0 pages", async () => {
    const { session, client } = scriptedSession(listing(5));
    const walk = await walkListing(session, "listFactoryDefaultWidgets", { pageSize: 10, maxPages: 0 });
    expect(client.sent).toEqual([]);
    expect(walk).toMatchObject({
      pages: [],
      items: [],
      complete: false,
      stop: { reason: "sampling-bound", message: "walked 0 of ? pages (sampling bound --max-pages)" },
    });
  });

  it("ends an empty listing after its one empty page", async () => {
    const { session, client } = scriptedSession(listing(0));
    const walk = await walkListing(session, "listFactoryDefaultWidgets", { pageSize: 10, maxPages: 50 });
    expect(client.sent).toHaveLength(1);
    expect(walk).toMatchObject({ totalElements: 0, totalPages: 0, complete: true, items: [] });
    expect(walk).not.toHaveProperty("stop");
  });

  it("stops at an empty page before totalPages, saying the totals promised more", async () => {
    const { session, client } = scriptedSession(
      listing(25, (page, answer) =>
        page === 1
          ? { status: 200, json: { widgets: [], listInformation: { totalElements: 25, totalPages: 3 } } }
          : answer,
      ),
    );
    const walk = await walkListing(session, "listFactoryDefaultWidgets", { pageSize: 10, maxPages: 50 });
    expect(client.sent).toHaveLength(2);
    expect(walk.stop).toEqual({ reason: "empty-page", message: "page 1 is empty although totalPages is 3" });
    expect(walk.complete).toBe(false);
    expect(stoppedByTarget(walk)).toBe(true);
  });

  it("stops at a page holding more items than the page size asked, keeping that page and page 0's totals", async () => {
    const { session, client } = scriptedSession(
      listing(30, (page, answer) =>
        page === 1
          ? {
              ...answer,
              json: {
                widgets: [widget(3), widget(4), widget(5), widget(6)],
                listInformation: { totalElements: 30, totalPages: 10 },
              },
            }
          : answer,
      ),
    );
    const walk = await walkListing(session, "listFactoryDefaultWidgets", { pageSize: 3, maxPages: 50 });
    expect(walk.stop).toEqual({
      reason: "oversized-page",
      message: "page 1 holds 4 items, more than the page size 3 asked",
    });
    expect(walk).toMatchObject({ complete: false, totalElements: 30, totalPages: 10 });
    expect(walk.items).toHaveLength(7);
    expect(client.sent).toHaveLength(2);
    expect(stoppedByTarget(walk)).toBe(true);
  });

  it("walks on through a page holding exactly the page size", async () => {
    const { session } = scriptedSession(listing(6));
    const walk = await walkListing(session, "listFactoryDefaultWidgets", { pageSize: 3, maxPages: 50 });
    expect(walk).toMatchObject({ complete: true });
    expect(walk).not.toHaveProperty("stop");
  });

  it("ends quietly at an empty last page", async () => {
    const { session } = scriptedSession(
      listing(20, (page, answer) =>
        page === 1
          ? { status: 200, json: { widgets: [], listInformation: { totalElements: 20, totalPages: 2 } } }
          : answer,
      ),
    );
    const walk = await walkListing(session, "listFactoryDefaultWidgets", { pageSize: 10, maxPages: 50 });
    expect(walk).not.toHaveProperty("stop");
    expect(walk.complete).toBe(true);
  });

  it("reads the totals of page 0 only", async () => {
    const { session, client } = scriptedSession(
      listing(30, (page, answer) =>
        page === 1
          ? { status: 200, json: { widgets: [widget(9)], listInformation: { totalElements: 999, totalPages: 99 } } }
          : answer,
      ),
    );
    const walk = await walkListing(session, "listFactoryDefaultWidgets", { pageSize: 10, maxPages: 50 });
    expect(walk).toMatchObject({ totalElements: 30, totalPages: 3 });
    expect(client.sent).toHaveLength(3);
  });

  it.each([
    [
      "no-response",
      { noResponse: true, failure: { kind: "timeout", message: "no response headers within 10 ms" } },
      "page 1: no complete answer (timeout: no response headers within 10 ms)",
    ],
    ["no-response", { noResponse: true }, "page 1: no complete answer (other: no response was recorded)"],
    ["error-status", { status: 500, json: { message: "boom" } }, "page 1: status 500"],
    [
      "no-response",
      { status: 503, json: { message: "busy" } },
      "page 1: no complete answer (unavailable: the target answered 503 (not available now) after 0 wait(s); raise --max-retry-wait, or run when it is available)",
    ],
    ["not-json", { status: 200, text: "<html>" }, "page 1: the body is not JSON"],
    ["not-a-listing", { status: 200, json: [1, 2] }, "page 1: the body is not a listing object"],
    ["not-a-listing", { status: 200, json: { widgets: "w1" } }, "page 1: the body is not a listing object"],
    ["no-totals", { status: 200, json: { widgets: [widget(1)] } }, "page 1: the body has no integer totals"],
    [
      "no-totals",
      { status: 200, json: { widgets: [widget(1)], listInformation: { totalElements: 5 } } },
      "page 1: the body has no integer totals",
    ],
    [
      "no-totals",
      { status: 200, json: { widgets: [widget(1)], listInformation: { totalPages: 5, totalElements: "5" } } },
      "page 1: the body has no integer totals",
    ],
  ] as const)("stops with %s on a page that is not a listing (%j)", async (reason, answer, message) => {
    const { session, client } = scriptedSession(
      listing(25, (page, correct) => (page === 1 ? (answer as FakeAnswer) : correct)),
    );
    const walk = await walkListing(session, "listFactoryDefaultWidgets", { pageSize: 10, maxPages: 50 });
    expect(client.sent).toHaveLength(2);
    expect(walk.stop).toEqual({ reason, message });
    expect(walk.pages).toHaveLength(2);
    // What the stopping page held, when it could be read, was seen all the same.
    expect(walk.items).toEqual([
      ...Array.from({ length: 10 }, (_, index) => widget(index)),
      ...readListingPage("listFactoryDefaultWidgets", (answer as FakeAnswer).json).items,
    ]);
    expect(walk.complete).toBe(false);
    expect(stoppedByTarget(walk)).toBe(true);
    expect(session.samplingNotes()).toEqual([]);
  });

  it("stops on a 429 that outlasted the waits as rate-limited, which the target did not break a rule with", async () => {
    const { session } = scriptedSession(
      listing(25, (page, answer) => (page === 1 ? { status: 429, json: {} } : answer)),
    );
    const walk = await walkListing(session, "listFactoryDefaultWidgets", { pageSize: 10, maxPages: 50 });
    expect(walk.stop).toEqual({
      reason: "rate-limited",
      message:
        "page 1: still rate limited (429): the target still answered 429 (rate limited) after 0 wait(s); lower the request rate with --rate-limit",
    });
    expect(stoppedByTarget(walk)).toBe(false);
  });

  it("drops the final full stop of a transport failure's message", async () => {
    const { session } = scriptedSession(
      listing(25, (page, answer) =>
        page === 1
          ? {
              noResponse: true,
              failure: { kind: "connection-reset", message: "the connection was reset after 2.5 s." },
            }
          : answer,
      ),
    );
    const walk = await walkListing(session, "listFactoryDefaultWidgets", { pageSize: 10, maxPages: 50 });
    expect(walk.stop?.message).toBe(
      "page 1: no complete answer (connection-reset: the connection was reset after 2.5 s)",
    );
  });

  it("sends no searchValue field at all when it has none", async () => {
    const { session, client } = scriptedSession(listing(3));
    await walkListing(session, "listFactoryDefaultWidgets", { pageSize: 10, maxPages: 50 });
    expect(client.jsonBodies().map((body) => Object.keys(body as object))).toEqual([["pagination"]]);
  });

  it("is not complete when its one page holds more items than asked, though totalPages is 1", async () => {
    const { session } = scriptedSession(() => ({
      status: 200,
      json: { widgets: [widget(1), widget(2), widget(3)], listInformation: { totalElements: 3, totalPages: 1 } },
    }));
    const walk = await walkListing(session, "listFactoryDefaultWidgets", { pageSize: 2, maxPages: 50 });
    expect(walk).toMatchObject({ complete: false, stop: { reason: "oversized-page" } });
  });

  it("reports a walk cut before its first page without totals", async () => {
    const { session } = scriptedSession(listing(5));
    await walkListing(session, "listFactoryDefaultWidgets", { pageSize: 10, maxPages: 0 });
    expect(session.samplingNotes()).toEqual([
      "listFactoryDefaultWidgets: 1 listing walk stopped at the listing bound of 0 pages (--max-pages is 50; pageSize 10; the target reported no totalPages), so no page was seen",
    ]);
  });

  it("keeps no totals when page 0 is not a listing", async () => {
    const { session } = scriptedSession(() => ({ status: 401, json: {} }));
    const walk = await walkListing(session, "listLandingPages", { pageSize: 10, maxPages: 50 });
    expect(walk).not.toHaveProperty("totalElements");
    expect(walk).not.toHaveProperty("totalPages");
    expect(walk.stop).toEqual({ reason: "error-status", message: "page 0: status 401" });
  });

  it("counts a single listed object as one item (register list-collection-shape)", async () => {
    const { session } = scriptedSession(() => ({
      status: 200,
      json: { landingPages: { id: "landing://t/p1" }, listInformation: { totalElements: 1, totalPages: 1 } },
    }));
    const walk = await walkListing(session, "listLandingPages", { pageSize: 10, maxPages: 50 });
    expect(walk.items).toEqual([{ id: "landing://t/p1" }]);
    expect(walk.complete).toBe(true);
  });
});

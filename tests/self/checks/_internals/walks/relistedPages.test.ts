/** relistedPages.ts: where a walk listed an item, and that page fetched once more, once. */
import { describe, expect, it } from "vitest";
import { listedById, RelistedPages } from "../../../../../checks/_internals/walks/relistedPages.js";
import { walkListing } from "../../../../../checks/_internals/walks/walkListing.js";
import { scriptedSession } from "../../../runner/engine/engineDoubles.js";
import { smallTarget } from "../../smallTarget.js";

describe("listedById and RelistedPages", () => {
  it("finds each item's page, and fetches a page again once however many of its items are asked", async () => {
    const { session, client } = scriptedSession(smallTarget(12));
    const walk = await walkListing(session, "listFactoryDefaultWidgets", {
      pageSize: 5,
      maxPages: 10,
      caller: "restricted",
    });
    const listed = listedById(walk);
    expect(listed.size).toBe(12);
    const [firstId, first] = [...listed][6] ?? [];
    expect(first?.page.pageNumber).toBe(1);
    const sentBefore = client.sent.length;
    const relisted = new RelistedPages(session);
    const again = await relisted.relist(walk, first!.page, firstId!);
    expect(again.item).toEqual(first?.item);
    const [otherId] = [...listed][7] ?? [];
    expect((await relisted.relist(walk, first!.page, otherId!)).item).toEqual(listed.get(otherId!)?.item);
    expect(await relisted.relist(walk, first!.page, "widget://gone")).toMatchObject({ item: undefined });
    expect(client.jsonBodies().slice(sentBefore)).toEqual([{ pagination: { pageNumber: 1, pageSize: 5 } }]);
    expect(client.sent.at(-1)?.headers.Authorization).toBe("Bearer restricted-987654");
  });

  it("keeps the first page of an id a walk listed twice, and skips items without a string id", async () => {
    const { session } = scriptedSession(() => ({
      status: 200,
      json: {
        widgets: [{ id: "a" }, { id: 5 }, { id: "a", n: 2 }],
        listInformation: { totalElements: 3, totalPages: 1 },
      },
    }));
    const walk = await walkListing(session, "listFactoryDefaultWidgets", { pageSize: 10, maxPages: 1 });
    expect([...listedById(walk)].map(([id, { item }]) => [id, item])).toEqual([["a", { id: "a" }]]);
  });
});

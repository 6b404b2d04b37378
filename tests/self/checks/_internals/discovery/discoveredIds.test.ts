/** discoveredIds.ts: the ids a listing walk found, and samples spread over them. */
import { describe, expect, it } from "vitest";
import { discoveredIds, spreadSample } from "../../../../../checks/_internals/discovery/discoveredIds.js";
import type { ListingWalk } from "../../../../../checks/_internals/walks/walkListing.js";
import { scriptedSession } from "../../../runner/engine/engineDoubles.js";
import { knowledgeOf } from "../../../../../checks/_internals/discovery/TargetKnowledge.js";
import { smallTarget } from "../../smallTarget.js";

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

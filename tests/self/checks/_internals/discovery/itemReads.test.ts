/** itemReads: each id read once, spread over the listing, and no more held than the memory bound allows (issue 23.9). */
import { describe, expect, it } from "vitest";
import { readItems, spreadOrder } from "../../../../../checks/_internals/discovery/itemReads.js";
import { fakeExchange, scriptedSession } from "../../../runner/engine/engineDoubles.js";

const ids = (count: number) => Array.from({ length: count }, (_, index) => `widget://t/w${index}`);

describe("spreadOrder", () => {
  it("is a permutation whose prefixes spread over the whole range", () => {
    expect(spreadOrder(8)).toEqual([0, 4, 2, 6, 1, 5, 3, 7]);
    expect([...spreadOrder(137)].sort((a, b) => a - b)).toEqual(Array.from({ length: 137 }, (_, index) => index));
    const head = spreadOrder(137).slice(0, 4);
    expect(Math.max(...head)).toBeGreaterThan(100);
    expect(spreadOrder(0)).toEqual([]);
    expect(spreadOrder(1)).toEqual([0]);
  });
});

describe("readItems", () => {
  it("reads every known id once when the bodies are small, in the listing's order, with no note", async () => {
    const { session, client } = scriptedSession(() => ({ status: 200, json: { id: "x" } }), { concurrency: 3 });
    const result = await readItems(session, "getWidget", "admin", ids(10));
    expect(result.reads.map((read) => read.id)).toEqual(ids(10));
    expect(client.sent).toHaveLength(10);
    expect(result.cut).toBeUndefined();
  });

  it("starts no read once the bodies held reach 96 MiB, and says how many were read", async () => {
    const big = 40 * 1024 * 1024;
    const { session, client } = scriptedSession(
      (request) => {
        const exchange = fakeExchange({ status: 200, json: { id: "x" } }, { url: `http://target.test${request.path}` });
        return { ...exchange, response: { ...(exchange.response as object), bodyBytes: big } } as typeof exchange;
      },
      { concurrency: 1 },
    );
    const result = await readItems(session, "getWidget", "admin", ids(137));
    // 40 + 40 < 96 MiB, and the third read reaches it: three reads, spread over the listing.
    expect(client.sent).toHaveLength(3);
    expect(result.reads.map((read) => read.id)).toEqual(["widget://t/w0", "widget://t/w64", "widget://t/w128"]);
    expect(result.cut).toBe(
      "getWidget: 3 of 137 listed widgets read (their bodies reached the 96 MiB the suite holds per user and operation)",
    );
    expect(session.samplingNotes()).toEqual([result.cut]);
  });
});

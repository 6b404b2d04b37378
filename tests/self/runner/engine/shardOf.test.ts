/** shardOf.ts: the stable shard of a check × operation pair (--shard I/N). */
import { describe, expect, it } from "vitest";
import { shardOf } from "../../../../runner/engine/shardOf.js";

describe("shardOf", () => {
  it("puts every pair in one of the shards 1 … n, the same one every time", () => {
    const pairs = Array.from(
      { length: 200 },
      (_, n) => [`family.rule-${n}`, n % 2 === 0 ? "getWidget" : "listLandingPages"] as const,
    );
    for (const count of [1, 2, 3, 7]) {
      const shards = pairs.map(([id, operation]) => shardOf(id, operation, count));
      expect(
        shards.every((shard) => Number.isInteger(shard) && shard >= 1 && shard <= count),
        String(count),
      ).toBe(true);
      expect(new Set(shards).size, String(count)).toBe(count);
      expect(pairs.map(([id, operation]) => shardOf(id, operation, count))).toEqual(shards);
    }
  });

  it("is stable across releases (FNV-1a of 'checkId operation'), so a sharded CI keeps its split", () => {
    expect(shardOf("http.valid-request-ok", "getWidget", 97)).toBe(53);
    expect(shardOf("a.b", "x", 97)).toBe(14);
    expect(shardOf("schema.response-body", "getRoleFilters", 97)).toBe(88);
    expect(shardOf("pagination.default-first-10", "listLandingPages", 1000)).toBe(703);
  });

  it("tells the check id from the operation", () => {
    expect(shardOf("a.bc", "d", 1_000_003)).not.toBe(shardOf("a.b", "cd", 1_000_003));
  });
});

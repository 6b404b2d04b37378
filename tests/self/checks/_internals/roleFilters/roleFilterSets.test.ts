/** getRoleFilters answers read as sets (§4.5, §2.12): keys with and without the sequence, repeats, scopes and the words of a difference. */
import { describe, expect, it } from "vitest";
import type { Exchange } from "../../../../../runner/model/Exchange.js";
import {
  duplicateFilters,
  filterSet,
  pairsOf,
  sameSet,
  scopedFilters,
  setDifference,
} from "../../../../../checks/_internals/roleFilters/roleFilterSets.js";

const answer = (status: number, json: unknown) => ({ response: { status }, json }) as unknown as Exchange;
const groups = [
  { key: { domainName: "hcm", serviceName: "payroll", sequence: 1 }, filters: [{ name: "a", value: "1" }] },
  {
    key: { domainName: "hcm", serviceName: "payroll", sequence: 2 },
    filters: [{ name: "a", value: "1" }, { name: "b", value: "2" }, "not a filter"],
  },
  { key: "no key", filters: [{ name: "c", value: "3" }] },
];

describe("roleFilterSets", () => {
  it("reads a 200's filters as a set, the sequence only when asked, and nothing from any other answer", () => {
    expect([...(filterSet(answer(200, { filters: groups }), false) ?? [])]).toEqual([
      '["hcm","payroll","a","1"]',
      '["hcm","payroll","b","2"]',
    ]);
    expect(filterSet(answer(200, { filters: groups }), true)?.size).toBe(3);
    expect(filterSet(answer(400, { filters: groups }), false)).toBeUndefined();
    expect(filterSet(answer(200, { filters: {} }), false)).toBeUndefined();
  });

  it("lists a filter repeated under the same key, not one under two sequences", () => {
    const repeated = [...groups, groups[0]];
    expect(duplicateFilters(answer(200, { filters: repeated }))).toEqual(['["hcm","payroll",1,"a","1"] ×2']);
    expect(duplicateFilters(answer(200, { filters: groups }))).toEqual([]);
  });

  it("keeps each filter's group key, and compares (name, value) pairs and sets", () => {
    const scoped = scopedFilters(answer(200, { filters: groups }));
    expect(scoped).toHaveLength(3);
    expect(scoped[2]).toEqual({ domainName: "hcm", serviceName: "payroll", sequence: 2, name: "b", value: "2" });
    expect([...pairsOf(scoped)]).toEqual(['["a","1"]', '["b","2"]']);
    expect(sameSet(new Set(["x", "y"]), new Set(["y", "x"]))).toBe(true);
    expect(sameSet(new Set(["x"]), new Set(["x", "y"]))).toBe(false);
  });

  it("says what is missing and extra, five of each at most", () => {
    const many = new Set(["a", "b", "c", "d", "e", "f", "g"]);
    expect(setDifference(new Set(["a", "z"]), new Set(["a", "b"]))).toBe("2 filter(s); missing b; extra z");
    expect(setDifference(many, new Set())).toBe("7 filter(s); missing none; extra a b c d e (+2 more)");
  });
});

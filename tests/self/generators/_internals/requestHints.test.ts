/**
 * The values each request field is biased towards (requestHints): every named candidate is drawn, and nothing
 * outside the field's stated range; the target's ids, roles and names come from the context.
 */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { BOUNDARY_INTEGERS } from "../../../../generators/boundaryIntegers.js";
import { requestHints } from "../../../../generators/_internals/requestHints.js";
import type { OperationName } from "../../../../contract/operations.js";
import type { RequestContext } from "../../../../generators/requestContext.js";

function drawn(operation: OperationName, context: RequestContext, path: string, numRuns = 3000): unknown[] {
  const hint = requestHints(operation, context).get(path);
  if (hint === undefined) throw new Error(`no hint at ${path}`);
  return fc.sample(hint.arbitrary, { numRuns, seed: 11 });
}

describe("requestHints", () => {
  it("names the fields of each operation's request, and only those", () => {
    const context: RequestContext = {
      widgetIds: ["w"],
      analyticIds: ["a"],
      roles: ["r"],
      domainName: "d",
      serviceName: "s",
    };
    const paths = (operation: OperationName) =>
      [...requestHints(operation, context)].map(([path, hint]) => [path, hint.alwaysPresent === true]);
    expect(paths("listFactoryDefaultWidgets")).toEqual([
      ["/searchValue", false],
      ["/pagination/pageNumber", false],
      ["/pagination/pageSize", false],
    ]);
    expect(paths("listLandingPages")).toEqual(paths("listFactoryDefaultWidgets"));
    expect(paths("getWidget")).toEqual([["/widgetId", true]]);
    expect(paths("getAnalytic")).toEqual([["/analyticId", true]]);
    expect(paths("getRoleFilters")).toEqual([
      ["/roles", true],
      ["/domainName", true],
      ["/serviceName", true],
    ]);
    expect([...requestHints("getRoleFilters", { roles: ["r"] }).keys()]).toEqual(["/roles"]);
  });

  it("draws the target's ids and names and nothing else", () => {
    expect(new Set(drawn("getWidget", { widgetIds: ["w1", "w2"] }, "/widgetId", 200))).toEqual(new Set(["w1", "w2"]));
    expect(new Set(drawn("getAnalytic", { analyticIds: ["a1"] }, "/analyticId", 50))).toEqual(new Set(["a1"]));
    const names = { roles: ["r"], domainName: "dom", serviceName: "svc" };
    expect(new Set(drawn("getRoleFilters", names, "/domainName", 50))).toEqual(new Set(["dom"]));
    expect(new Set(drawn("getRoleFilters", names, "/serviceName", 50))).toEqual(new Set(["svc"]));
  });

  it("draws search values: empty, wildcard-like, long, unicode, and the target's terms as they are and in mixed case", () => {
    const values = drawn("listLandingPages", { searchTerms: ["sales"] }, "/searchValue") as string[];
    for (const candidate of ["", "%", "_", "*", ".*", "'", "\\", " ", "sales"]) expect(values).toContain(candidate);
    expect(values.some((value) => value.length > 12 && value.length <= 2048)).toBe(true);
    expect(values.every((value) => value.length <= 2048)).toBe(true);
    expect(values.some((value) => value !== "sales" && value.toLowerCase() === "sales")).toBe(true);
    expect(values.some((value) => /[^\x00-\x7f]/.test(value))).toBe(true);
    const withoutTerms = drawn("listLandingPages", {}, "/searchValue") as string[];
    expect(withoutTerms.some((value) => value.toLowerCase() === "sales")).toBe(false);
  });

  it("draws page numbers: 0, 1, up to 20, 10,000 and past the machine integer sizes", () => {
    const values = drawn("listFactoryDefaultWidgets", {}, "/pagination/pageNumber") as number[];
    for (const candidate of [0, 1, 20, 10_000, ...BOUNDARY_INTEGERS]) expect(values).toContain(candidate);
    expect(values.every((value) => value >= 0 && Number.isInteger(value))).toBe(true);
    expect(values.filter((value) => value > 20 && value !== 10_000 && !BOUNDARY_INTEGERS.includes(value))).toEqual([]);
  });

  it("draws page sizes from 1 to the target's largest, its neighbours and the default, and past the integer sizes", () => {
    const values = drawn("listFactoryDefaultWidgets", { maxPageSize: 50 }, "/pagination/pageSize") as number[];
    for (const candidate of [1, 10, 49, 50, ...BOUNDARY_INTEGERS]) expect(values).toContain(candidate);
    expect(values.filter((value) => value < 1 || (value > 50 && !BOUNDARY_INTEGERS.includes(value)))).toEqual([]);
    expect(values.some((value) => value > 10 && value < 49)).toBe(true);
    // Without a stated largest size the default of 100 stands; with 1 the only small size is 1.
    const byDefault = drawn("listFactoryDefaultWidgets", {}, "/pagination/pageSize") as number[];
    expect(byDefault).toContain(100);
    expect(byDefault).toContain(99);
    expect(byDefault.filter((value) => value > 100 && !BOUNDARY_INTEGERS.includes(value))).toEqual([]);
    const one = drawn("listFactoryDefaultWidgets", { maxPageSize: 1 }, "/pagination/pageSize") as number[];
    expect(one.filter((value) => !BOUNDARY_INTEGERS.includes(value)).every((value) => value === 1)).toBe(true);
  });

  it("draws role lists: empty, reordered subsets, and lists with duplicates up to twice the roles and one", () => {
    const lists = drawn("getRoleFilters", { roles: ["a", "b", "c"] }, "/roles") as string[][];
    expect(lists.some((list) => list.length === 0)).toBe(true);
    expect(lists.every((list) => list.every((role) => ["a", "b", "c"].includes(role)))).toBe(true);
    expect(lists.some((list) => new Set(list).size < list.length)).toBe(true);
    expect(Math.max(...lists.map((list) => list.length))).toBe(7);
    expect(lists.some((list) => list.length === 3 && new Set(list).size === 3 && list.join() !== "a,b,c")).toBe(true);
    const empties = lists.filter((list) => list.length === 0);
    expect(empties[0]).not.toBe(empties[1]);
  });

  it("draws short made-up roles when the target has none", () => {
    const lists = drawn("getRoleFilters", {}, "/roles") as string[][];
    expect(lists.every((list) => list.length <= 4 && list.every((role) => role.length >= 1 && role.length <= 12))).toBe(
      true,
    );
    expect(lists.some((list) => list.length > 0)).toBe(true);
  });
});

/**
 * The settings' small parsers, each refusal with its sentence (issue 25.3): --header, --operation-path (and the
 * merged paths), --shard.
 */
import { describe, expect, it } from "vitest";
import { configurationErrorOf } from "./configurationErrorOf.js";
import { parseHeaderOption } from "../../../runner/settings/parseHeaderOption.js";
import { parseOperationPathOption } from "../../../runner/settings/parseOperationPathOption.js";
import { parseShardOption } from "../../../runner/settings/parseShardOption.js";
import { resolveOperationPaths } from "../../../runner/settings/resolveOperationPaths.js";

const refusal = configurationErrorOf;

describe("parseHeaderOption", () => {
  it("reads Name: value pairs, stripping spaces and tabs around the value only", () => {
    expect(parseHeaderOption(undefined)).toBeUndefined();
    expect(parseHeaderOption([])).toBeUndefined();
    expect(parseHeaderOption([" X-Tenant :\t a: b \t", "Empty:"])).toEqual({ "X-Tenant": "a: b", Empty: "" });
    expect(parseHeaderOption(["X-Line: a\n"])).toEqual({ "X-Line": "a\n" });
  });

  it("refuses a flag without a name and colon, and a name given twice in any case", () => {
    expect(refusal(() => parseHeaderOption(["novalue"]))).toBe(`--header takes 'Name: value', not "novalue"`);
    expect(refusal(() => parseHeaderOption([": x"]))).toBe(`--header takes 'Name: value', not ": x"`);
    expect(refusal(() => parseHeaderOption(["X-A: 1", "x-a: 2"]))).toBe(
      `--header "x-a" is given twice; give each header once`,
    );
  });
});

describe("parseOperationPathOption and resolveOperationPaths", () => {
  it("reads OPERATION=/path pairs, trimmed", () => {
    expect(parseOperationPathOption(undefined)).toBeUndefined();
    expect(parseOperationPathOption([])).toBeUndefined();
    expect(parseOperationPathOption([" getWidget = /w ", "getAnalytic=/a=b"])).toEqual({
      getWidget: "/w",
      getAnalytic: "/a=b",
    });
  });

  it("refuses a flag without a name and equals sign, and an operation given twice", () => {
    expect(refusal(() => parseOperationPathOption(["/w"]))).toBe(
      '--operation-path takes OPERATION=/path, e.g. getWidget=/platform/cms/queries/getWidget, not "/w"',
    );
    expect(refusal(() => parseOperationPathOption(["=/w"]))).toContain('not "=/w"');
    expect(refusal(() => parseOperationPathOption(["getWidget=/a", "getWidget=/b"]))).toBe(
      "--operation-path gives getWidget twice; give each operation once",
    );
  });

  it("merges layers, the later winning, and refuses unknown operations, unusable paths and shared paths", () => {
    expect(resolveOperationPaths([{ getWidget: "/a" }, undefined, { getWidget: "/b", getAnalytic: "/c" }])).toEqual({
      getWidget: "/b",
      getAnalytic: "/c",
    });
    expect(refusal(() => resolveOperationPaths([{ getWidgets: "/a" } as never]))).toBe(
      'unknown operation "getWidgets" in an operation path; known: listFactoryDefaultWidgets, listLandingPages, getAnalytic, getWidget, getRoleFilters',
    );
    for (const path of ["a", "/a b", "/a?x", "/a#x", "/a\u0001", 5])
      expect(
        refusal(() => resolveOperationPaths([{ getWidget: path } as never])),
        String(path),
      ).toBe(
        `the path of getWidget must start with / and hold no space, query or fragment, not ${JSON.stringify(path)}`,
      );
    expect(refusal(() => resolveOperationPaths([{ getWidget: "/platform/cms/getAnalytic" }]))).toBe(
      "getAnalytic and getWidget would both be at /platform/cms/getAnalytic; give each operation its own path",
    );
    expect(resolveOperationPaths([{ getWidget: "/" }])).toEqual({ getWidget: "/" });
  });
});

describe("parseShardOption", () => {
  it("reads i/n with 1 ≤ i ≤ n ≤ 1000", () => {
    expect(parseShardOption(undefined)).toBeUndefined();
    expect(parseShardOption(" 2/4 ")).toEqual({ index: 2, count: 4 });
    expect(parseShardOption("1/1")).toEqual({ index: 1, count: 1 });
    expect(parseShardOption("1000/1000")).toEqual({ index: 1000, count: 1000 });
  });

  it("refuses anything else with the same sentence", () => {
    for (const value of ["0/4", "5/4", "1/0", "1/1001", "1-4", "a/b", "1/4/2", ""])
      expect(
        refusal(() => parseShardOption(value)),
        value,
      ).toBe(
        `--shard takes i/n with 1 ≤ i ≤ n ≤ 1000 (e.g. 2/4 for the second of four shards), not ${JSON.stringify(value)}`,
      );
  });
});

/**
 * The settings' small parsers, each refusal with its sentence (issue 25.3): --header (and the merged headers),
 * --operation-path (and the merged paths), --shard.
 */
import { describe, expect, it } from "vitest";
import { configurationErrorOf } from "./configurationErrorOf.js";
import { parseHeaderOption } from "../../../runner/settings/parseHeaderOption.js";
import { parseOperationPathOption } from "../../../runner/settings/parseOperationPathOption.js";
import { parseShardOption } from "../../../runner/settings/parseShardOption.js";
import { resolveExtraHeaders } from "../../../runner/settings/resolveExtraHeaders.js";
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

describe("resolveExtraHeaders", () => {
  it("merges layers, the later winning whatever the case of the name", () => {
    expect(resolveExtraHeaders([{ "X-A": "1", "X-B": "2" }, undefined, { "x-a": "3" }])).toStrictEqual({
      "x-a": "3",
      "X-B": "2",
    });
    // Four characters: the shortest secret the reports can redact.
    expect(resolveExtraHeaders([{ "X-Api-Key": "abcd" }])).toStrictEqual({ "X-Api-Key": "abcd" });
  });

  it("refuses a header HTTP cannot carry, one the client or the suite sets, a short secret and a name given twice", () => {
    const refused = (layers: Record<string, string>[], secretHeaders?: string[]) =>
      refusal(() => resolveExtraHeaders(layers, secretHeaders));
    const badName =
      "cannot be sent: a header name holds only letters, digits and !#$%&'*+-.^_`|~ (no spaces or colons)";
    expect(refused([{ "X A": "1" }])).toBe(`the header "X A" ${badName}`);
    // Refused as no name at all, not as the second SS ("ß" is "SS" in upper case).
    expect(refused([{ SS: "1", ß: "2" }])).toBe(`the header "ß" ${badName}`);
    expect(refused([{ Host: "h" }])).toBe('the header "Host" cannot be sent: the HTTP client sets it itself');
    expect(refused([{ "Transfer-Encoding": "chunked" }])).toBe(
      'the header "Transfer-Encoding" cannot be sent: the HTTP client sets it itself',
    );
    expect(refused([{ Authorization: "Bearer abcdefgh" }])).toBe(
      'the header "Authorization" cannot be sent: the suite sends the bearer token per request (give it with --token; --restricted-token for the second user)',
    );
    expect(refused([{ "X-Note": "a\rb" }])).toBe(
      'the header "X-Note" cannot be sent: its value holds a newline, a control character or a character outside Latin-1, which HTTP cannot carry',
    );
    const shortSecret =
      "cannot be sent: its value is a secret (its name looks secret or --secret-header names it), and a value shorter than 4 characters cannot be redacted from the reports";
    expect(refused([{ "X-Api-Key": "abc" }])).toBe(`the header "X-Api-Key" ${shortSecret}`);
    // Spaces around the value do not count.
    expect(refused([{ "X-Api-Key": "  abc  " }])).toBe(`the header "X-Api-Key" ${shortSecret}`);
    expect(refused([{ "X-Tenant": "abc" }], ["x-tenant"])).toBe(`the header "X-Tenant" ${shortSecret}`);
    expect(resolveExtraHeaders([{ "X-Tenant": "abc" }])).toStrictEqual({ "X-Tenant": "abc" });
    expect(refused([{ "X-A": "1", "x-a": "2" }])).toBe('the header "x-a" is given twice; give each header once');
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
    // A list is no path, even one whose only item is.
    for (const path of ["a", "/a b", "/a?x", "/a#x", "/a\u0001", 5, ["/a"]])
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
    for (const value of ["0/4", "5/4", "1/0", "1/1001", "1-4", "a/b", "1/4/2", "x1/4", ""])
      expect(
        refusal(() => parseShardOption(value)),
        value,
      ).toBe(
        `--shard takes i/n with 1 ≤ i ≤ n ≤ 1000 (e.g. 2/4 for the second of four shards), not ${JSON.stringify(value)}`,
      );
  });
});

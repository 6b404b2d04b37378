/** jsonNestingDepth and nestsDeeperThan: how deep a JSON text nests, by one scan outside strings. */
import { describe, expect, it } from "vitest";
import { jsonNestingDepth, nestsDeeperThan } from "../../../../runner/http/jsonNestingDepth.js";

describe("jsonNestingDepth", () => {
  it("does not count brackets after an escaped quote inside a string", () => {
    expect(jsonNestingDepth('["\\"[["]', 10)).toBe(1);
  });

  it("counts the deepest nesting, not the nesting where the text ends", () => {
    expect(jsonNestingDepth("[[]][]", 10)).toBe(2);
  });

  it("closes objects as well as arrays", () => {
    expect(jsonNestingDepth("{}{}", 10)).toBe(1);
  });

  it("returns a depth equal to the limit as is, and limit + 1 past it", () => {
    expect(jsonNestingDepth("[[]]", 2)).toBe(2);
    expect(jsonNestingDepth("[[[]]]", 2)).toBe(3);
  });
});

describe("nestsDeeperThan", () => {
  it("is false for a text nested exactly as deep as the limit, with more openings than the limit", () => {
    expect(nestsDeeperThan("[[]][", 2)).toBe(false);
    expect(nestsDeeperThan("[{[]}]", 2)).toBe(true);
  });
});

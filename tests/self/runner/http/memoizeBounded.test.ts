/** memoizeBounded: each argument computed once while remembered, and memory bounded. */
import { describe, expect, it } from "vitest";
import { memoizeBounded } from "../../../../runner/http/memoizeBounded.js";

describe("memoizeBounded", () => {
  it("computes each argument once, undefined results included", () => {
    const calls: string[] = [];
    const lengthOf = memoizeBounded(
      (text: string) => (calls.push(text), text === "none" ? undefined : text.length),
      10,
    );
    expect([lengthOf("ab"), lengthOf("ab"), lengthOf("none"), lengthOf("none"), lengthOf("abc")]).toEqual([
      2,
      2,
      undefined,
      undefined,
      3,
    ]);
    expect(calls).toEqual(["ab", "none", "abc"]);
  });

  it("forgets everything once `limit` arguments are remembered, and computes them anew", () => {
    const calls: number[] = [];
    const double = memoizeBounded((n: number) => (calls.push(n), n * 2), 2);
    double(1);
    double(2);
    double(1); // remembered
    double(3); // the memory is full: dropped, then 3 kept
    double(1); // computed again
    expect(calls).toEqual([1, 2, 3, 1]);
  });

  it("remembers nothing of a call that throws", () => {
    let calls = 0;
    const parse = memoizeBounded((text: string) => {
      calls += 1;
      return new URL(text).pathname;
    }, 4);
    expect(() => parse("not a url")).toThrow();
    expect(() => parse("not a url")).toThrow();
    expect(calls).toBe(2);
  });
});

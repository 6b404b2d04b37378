/** scanJsonText: how numbers and member names were written, kept where JSON.parse forgets it, in one linear scan. */
import { describe, expect, it } from "vitest";
import { MAX_SCAN_FINDINGS, scanJsonText } from "../../../../runner/http/scanJsonText.js";

describe("scanJsonText", () => {
  it("finds numbers written with a fraction or an exponent, with their path and their text as sent", () => {
    const text = '{"a": [1, 10.0, {"b": 1e1, "c": 1E+1}], "d": -0.0, "e": "2.5", "f": -3, "g": [true, false, null]}';
    const scan = scanJsonText(text);
    expect(scan.fractionOrExponent).toEqual([
      { path: ["a", 1], text: "10.0" },
      { path: ["a", 2, "b"], text: "1e1" },
      { path: ["a", 2, "c"], text: "1E+1" },
      { path: ["d"], text: "-0.0" },
    ]);
    expect(scan.repeatedNames).toEqual([]);
    expect(scan.stopped).toBe(false);
  });

  it("finds a member name written twice in one object, escaped or not, with both values as written", () => {
    const scan = scanJsonText('{"x": {"id": "a", "n": [1, 2], "\\u0069d": {"k": "b"}}, "y": [{"id": 1}, {"id": 1}]}');
    expect(scan.repeatedNames).toEqual([{ path: ["x"], name: "id", firstValue: '"a"', laterValue: '{"k": "b"}' }]);
  });

  it("does not take a name inside a string, or the same name in sibling objects, for a repeated one", () => {
    const scan = scanJsonText('[{"a": "{\\"a\\": 1, \\"a\\": 2}"}, {"a": 1}]');
    expect(scan.repeatedNames).toEqual([]);
    expect(scan.fractionOrExponent).toEqual([]);
  });

  it("keeps at most MAX_SCAN_FINDINGS of each kind, however many the text holds", () => {
    const text = `[${Array.from({ length: 1000 }, () => "1.0").join(",")}]`;
    expect(scanJsonText(text).fractionOrExponent).toHaveLength(MAX_SCAN_FINDINGS);
  });

  it("stops, saying so, at something that is not JSON", () => {
    expect(scanJsonText('{"a": tru').stopped).toBe(true);
    expect(scanJsonText('{"a": [1}').stopped).toBe(true);
    expect(scanJsonText('{"a": 1.5').stopped).toBe(true);
  });

  it("reads a body with a byte order mark and deep nesting without recursion", () => {
    const deep = `${"[".repeat(5000)}1.5${"]".repeat(5000)}`;
    const scan = scanJsonText(`\uFEFF${deep}`);
    expect(scan.fractionOrExponent[0]?.path).toHaveLength(5000);
    expect(scan.stopped).toBe(false);
  });
});

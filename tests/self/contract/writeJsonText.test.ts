/** writeJsonText: every escape JSON allows (RFC 8259 §7), the same value as JSON.stringify's text. */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { writeJsonText, type EscapeForm } from "../../../contract/writeJsonText.js";

const FORMS: readonly EscapeForm[] = ["raw", "unicode", "unicode-upper", "short"];

describe("writeJsonText", () => {
  it("writes each form as asked: \\u escapes in either case, surrogate pairs beyond the BMP, \\/ and short escapes", () => {
    const value = { "a/b": 'Á🚚\n"' };
    expect(writeJsonText(value)).toBe(JSON.stringify(value));
    expect(writeJsonText(value, { escape: () => "unicode" })).toBe(
      '{"\\u0061\\u002f\\u0062":"\\u00c1\\ud83d\\ude9a\\u000a\\u0022"}',
    );
    expect(writeJsonText(value, { escape: () => "unicode-upper" })).toContain("\\uD83D\\uDE9A");
    expect(writeJsonText(value, { escape: () => "short" })).toBe('{"a\\/b":"Á🚚\\n\\""}');
  });

  it("escapes what JSON requires whatever the form: quotes, backslashes, controls and lone surrogates", () => {
    expect(writeJsonText(['"\\\u0001\ud800'], { escape: () => "raw" })).toBe(JSON.stringify(['"\\\u0001\ud800']));
  });

  it("writes numbers as the number hook says", () => {
    expect(writeJsonText({ n: [10, -3] }, { number: (n) => `${n}.0` })).toBe('{"n":[10.0,-3.0]}');
  });

  it("stands for the same value as JSON.stringify, whatever the forms chosen", () => {
    fc.assert(
      fc.property(fc.jsonValue(), fc.array(fc.constantFrom(...FORMS), { minLength: 1 }), (value, plan) => {
        const text = writeJsonText(value, { escape: (_codePoint, rank) => plan[rank % plan.length] as EscapeForm });
        expect(JSON.parse(text)).toEqual(JSON.parse(JSON.stringify(value)));
      }),
    );
  });
});

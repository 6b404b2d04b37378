/** escapedRequestText: request bodies in the forms JSON allows, each the same value, every plan reproducible from the seed. */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  ESCAPE_PLANS,
  escapePlanArbitrary,
  escapesAnything,
  writeRequestText,
} from "../../../generators/escapedRequestText.js";

const BODY = { searchValue: "🚚 á/", pagination: { pageNumber: 0, pageSize: 10 } };

describe("escapedRequestText", () => {
  it("writes the fixed plans as they say: every character escaped, alternate upper-case escapes, the solidus escaped", () => {
    const [every, alternate, solidus] = ESCAPE_PLANS.map(({ plan }) => writeRequestText(BODY, plan));
    expect(every).toContain('"\\u0073\\u0065');
    expect(every).toContain("\\ud83d\\ude9a");
    expect(alternate).toMatch(/\\u00[0-9A-F]{2}/);
    const hexes = [...(alternate ?? "").matchAll(/\\u(.{4})/g)].map((match) => match[1] as string);
    expect(hexes.length).toBeGreaterThan(0);
    expect(hexes.every((hex) => hex === hex.toUpperCase())).toBe(true);
    expect(solidus).toBe('{"searchValue":"🚚 á\\/","pagination":{"pageNumber":0,"pageSize":10}}');
  });

  it("gives back the same body, for every plan drawn", () => {
    fc.assert(
      fc.property(escapePlanArbitrary(), (plan) => {
        expect(JSON.parse(writeRequestText(BODY, plan))).toEqual(BODY);
      }),
    );
  });

  it("draws the same plans from the same seed, and says whether a plan escapes anything", () => {
    const draw = () => fc.sample(escapePlanArbitrary(), { seed: 42, numRuns: 5 });
    expect(draw()).toEqual(draw());
    expect(escapesAnything(["raw"])).toBe(false);
    expect(escapesAnything(["raw", "short"])).toBe(true);
  });
});

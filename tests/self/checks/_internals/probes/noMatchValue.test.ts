/** noMatchValue.ts: a search value no item holds. */
import { describe, expect, it } from "vitest";
import { noMatchValue } from "../../../../../checks/_internals/probes/noMatchValue.js";

describe("noMatchValue", () => {
  it("is the same for the same seed, different for another, and held by none of the texts", () => {
    expect(noMatchValue(7, [])).toBe(noMatchValue(7, []));
    expect(noMatchValue(7, [])).not.toBe(noMatchValue(8, []));
    const taken = noMatchValue(7, []);
    const other = noMatchValue(7, [`prefix ${taken.toUpperCase()} suffix`]);
    expect(other).not.toBe(taken);
    expect(other).toMatch(/^zq[a-z0-9]{10}$/);
  });
});

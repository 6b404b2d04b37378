/** The leaf arbitraries, value by value: bounds, defaults, empty ranges, patterns, date-time and extra keys. */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  extraKeyArbitrary,
  integerArbitrary,
  numberArbitrary,
  stringArbitrary,
} from "../../../../../generators/_internals/builders/primitiveArbitraries.js";

const sample = <T>(arbitrary: fc.Arbitrary<T> | null, numRuns = 300): T[] => {
  if (arbitrary === null) throw new Error("expected an arbitrary, got null");
  return fc.sample(arbitrary, { numRuns, seed: 42 });
};

describe("integerArbitrary", () => {
  it("stays within the 32-bit range by default and reaches near both ends", () => {
    const values = sample(integerArbitrary(undefined, undefined), 5000);
    expect(Math.min(...values)).toBeGreaterThanOrEqual(-(2 ** 31));
    expect(Math.min(...values)).toBeLessThan(-(2 ** 31) + 10);
    expect(Math.max(...values)).toBeLessThanOrEqual(2 ** 31 - 1);
    expect(Math.max(...values)).toBeGreaterThan(2 ** 31 - 10);
  });

  it("rounds fractional bounds inwards and keeps a one-value range", () => {
    expect(new Set(sample(integerArbitrary(1.2, 3.8)))).toEqual(new Set([2, 3]));
    expect(new Set(sample(integerArbitrary(5, 5)))).toEqual(new Set([5]));
  });

  it("is null when no integer lies between the bounds", () => {
    expect(integerArbitrary(1.2, 1.8)).toBeNull();
    expect(integerArbitrary(6, 5)).toBeNull();
  });

  it("defaults the missing bound to the 32-bit range, or to the given one beyond it", () => {
    const aboveTheRange = sample(integerArbitrary(2 ** 40, undefined));
    expect(new Set(aboveTheRange)).toEqual(new Set([2 ** 40]));
    const upTo = sample(integerArbitrary(undefined, -5), 2000);
    expect(Math.min(...upTo)).toBe(-(2 ** 31));
    expect(Math.max(...upTo)).toBe(-5);
    const from = sample(integerArbitrary(7, undefined), 2000);
    expect(Math.min(...from)).toBe(7);
    expect(Math.max(...from)).toBe(2 ** 31 - 1);
  });
});

describe("numberArbitrary", () => {
  it("gives finite doubles within inclusive bounds, never -0", () => {
    const values = sample(numberArbitrary(-1, 1), 2000);
    for (const value of values) {
      expect(Number.isFinite(value)).toBe(true);
      expect(value).toBeGreaterThanOrEqual(-1);
      expect(value).toBeLessThanOrEqual(1);
      expect(Object.is(value, -0)).toBe(false);
    }
    expect(values).toContain(0);
    expect(values.some((value) => !Number.isInteger(value))).toBe(true);
  });

  it("honours each bound alone, keeps a one-value range, and is null for an empty one", () => {
    expect(Math.min(...sample(numberArbitrary(3, undefined), 1000))).toBeGreaterThanOrEqual(3);
    expect(Math.max(...sample(numberArbitrary(undefined, -3), 1000))).toBeLessThanOrEqual(-3);
    expect(new Set(sample(numberArbitrary(2.5, 2.5)))).toEqual(new Set([2.5]));
    expect(numberArbitrary(2, 1)).toBeNull();
  });

  it("is unbounded without bounds: both signs and large magnitudes", () => {
    const values = sample(numberArbitrary(undefined, undefined), 2000);
    expect(values.some((value) => value < -1e6)).toBe(true);
    expect(values.some((value) => value > 1e6)).toBe(true);
    expect(values.every(Number.isFinite)).toBe(true);
  });
});

describe("stringArbitrary", () => {
  it("gives short free text without a pattern, ASCII and beyond", () => {
    const values = sample(stringArbitrary([], false), 1000);
    expect(values.every((value) => [...value].length <= 16)).toBe(true);
    expect(values).toContain("");
    expect(values.some((value) => /[^\x00-\x7f]/.test(value))).toBe(true);
  });

  it("matches the first pattern and filters by the others", () => {
    const values = sample(stringArbitrary(["^[ab]{1,6}$", "b"], false), 500);
    expect(values.length).toBe(500);
    for (const value of values) expect(value).toMatch(/^[ab]{1,6}$/);
    for (const value of values) expect(value).toContain("b");
  });

  it("writes date-times as toISOString does, filtered by any pattern", () => {
    for (const value of sample(stringArbitrary([], true)))
      expect(value).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/);
    for (const value of sample(stringArbitrary(["^2"], true))) expect(value.startsWith("2")).toBe(true);
  });
});

describe("extraKeyArbitrary", () => {
  it("names extra fields x + a capital + up to eight letters, never a known one", () => {
    const values = sample(extraKeyArbitrary(new Set(["xA", "xB"])), 2000);
    for (const value of values) expect(value).toMatch(/^x[A-Z][a-zA-Z]{0,8}$/);
    expect(values).not.toContain("xA");
    expect(values).not.toContain("xB");
    expect(values).toContain("xC");
    expect(values.some((value) => value.length === 10)).toBe(true);
  });
});

/** Arbitraries for the leaves of a schema: strings (free, by pattern, date-time), numbers and any JSON. */
import fc from "fast-check";
import { patternRegExp } from "../matchesSchema.js";

/** Free text for a string without pattern: short ASCII or short unicode graphemes. */
const freeStringArbitrary: fc.Arbitrary<string> = fc.oneof(
  fc.string({ maxLength: 16 }),
  fc.string({ unit: "grapheme", maxLength: 8 }),
);

/** ISO 8601 instants as `Date#toISOString` writes them: milliseconds and `Z` (§2.5 createdDate). */
const dateTimeArbitrary: fc.Arbitrary<string> = fc
  .date({ min: new Date("1970-01-01T00:00:00.000Z"), max: new Date("2999-12-31T23:59:59.999Z"), noInvalidDate: true })
  .map((date) => date.toISOString());

/** A string satisfying every pattern (the first drives fc.stringMatching, the others filter) and, optionally, date-time. */
export function stringArbitrary(patterns: readonly string[], dateTime: boolean): fc.Arbitrary<string> {
  const [first, ...others] = patterns;
  let arbitrary: fc.Arbitrary<string>;
  if (dateTime) arbitrary = dateTimeArbitrary.filter((s) => patterns.every((p) => patternRegExp(p).test(s)));
  else if (first === undefined) arbitrary = freeStringArbitrary;
  else {
    arbitrary = fc.stringMatching(patternRegExp(first), { maxLength: 64 });
    if (others.length > 0) arbitrary = arbitrary.filter((s) => others.every((p) => patternRegExp(p).test(s)));
  }
  return arbitrary;
}

/** Integers within the bounds (32-bit range by default, where most servers' int types end). */
export function integerArbitrary(
  minimum: number | undefined,
  maximum: number | undefined,
): fc.Arbitrary<number> | null {
  const min = minimum === undefined ? -(2 ** 31) : Math.ceil(minimum);
  const max = maximum === undefined ? Math.max(2 ** 31 - 1, min) : Math.floor(maximum);
  return min > max ? null : fc.integer({ min, max });
}

/** Finite doubles within the bounds. */
export function numberArbitrary(minimum: number | undefined, maximum: number | undefined): fc.Arbitrary<number> | null {
  if (minimum !== undefined && maximum !== undefined && minimum > maximum) return null;
  return fc
    .double({
      noNaN: true,
      noDefaultInfinity: true,
      ...(minimum === undefined ? {} : { min: minimum }),
      ...(maximum === undefined ? {} : { max: maximum }),
    })
    .map((n) => (Object.is(n, -0) ? 0 : n));
}

/** Any small JSON value, for schemas that constrain nothing. */
export const anyJsonArbitrary: fc.Arbitrary<unknown> = fc.jsonValue({ maxDepth: 2 });

/** Names for unknown extra fields, never one of `known`. */
export function extraKeyArbitrary(known: ReadonlySet<string>): fc.Arbitrary<string> {
  return fc.stringMatching(/^x[A-Z][a-zA-Z]{0,8}$/).filter((key) => !known.has(key));
}

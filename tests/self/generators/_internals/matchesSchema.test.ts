import { describe, expect, it } from "vitest";
import { type SchemaEnvironment } from "../../../../generators/_internals/flattenFragments.js";
import { matchesAll, patternRegExp } from "../../../../generators/_internals/matchesSchema.js";
import { type Fragment } from "../../../../generators/_internals/schemaFragment.js";
import { SchemaRegistry } from "../../../../generators/_internals/schemaRegistry.js";

const BASE = "https://schemas.cms-conformance.invalid/matches.json";
const env: SchemaEnvironment = { registry: new SchemaRegistry([]), profile: "stated" };

function matches(schema: Fragment["schema"], value: unknown, absent?: string[]): boolean {
  return matchesAll([{ schema, baseUri: BASE, location: `${BASE}#`, absent }], value, env);
}

describe("matchesAll evaluates each supported keyword", () => {
  it("boolean schemas", () => {
    expect(matches(true, 1)).toBe(true);
    expect(matches(false, 1)).toBe(false);
  });
  it("type", () => {
    expect(matches({ type: "null" }, null)).toBe(true);
    expect(matches({ type: "object" }, null)).toBe(false);
    expect(matches({ type: "null" }, {})).toBe(false);
    expect(matches({ type: "number" }, 1)).toBe(true);
    expect(matches({ type: "number" }, 1.5)).toBe(true);
    expect(matches({ type: "integer" }, 1.5)).toBe(false);
    expect(matches({ type: "integer" }, 2)).toBe(true);
    expect(matches({ type: "string" }, 2)).toBe(false);
    expect(matches({ type: ["string", "null"] }, null)).toBe(true);
    expect(matches({ type: ["string", "null"] }, "a")).toBe(true);
    expect(matches({ type: ["string", "null"] }, 1)).toBe(false);
    expect(matches({ type: ["integer", "string"] }, "a")).toBe(true);
    expect(matches({ type: "array" }, [])).toBe(true);
    expect(matches({ type: "object" }, [])).toBe(false);
  });
  it("const and enum", () => {
    expect(matches({ const: { a: 1 } }, { a: 1 })).toBe(true);
    expect(matches({ const: { a: 1 } }, { a: 2 })).toBe(false);
    expect(matches({ enum: ["a", 1] }, 1)).toBe(true);
    expect(matches({ enum: ["a", 1] }, "b")).toBe(false);
  });
  it("pattern (unicode flag) and date-time format", () => {
    expect(matches({ pattern: "^a+$" }, "aaa")).toBe(true);
    expect(matches({ pattern: "^a+$" }, "ab")).toBe(false);
    expect(matches({ pattern: "^a+$" }, 5)).toBe(true);
    expect(patternRegExp("^\\p{L}$").test("é")).toBe(true);
    expect(patternRegExp("^.$").flags).toBe("u");
    expect(patternRegExp("^x$")).toBe(patternRegExp("^x$"));
    expect(matches({ format: "date-time" }, "2024-01-02T03:04:05Z")).toBe(true);
    expect(matches({ format: "date-time" }, "2024-01-02T03:04:05.123+02:00")).toBe(true);
    expect(matches({ format: "date-time" }, "2024-01-02")).toBe(false);
    expect(matches({ format: "date-time" }, "2024-13-45T03:04:05Z")).toBe(false);
    expect(matches({ format: "date-time" }, 7)).toBe(true);
  });
  it("minimum and maximum are inclusive", () => {
    expect(matches({ minimum: 2 }, 2)).toBe(true);
    expect(matches({ minimum: 2 }, 1)).toBe(false);
    expect(matches({ maximum: 2 }, 2)).toBe(true);
    expect(matches({ maximum: 2 }, 3)).toBe(false);
    expect(matches({ maximum: 2 }, 1)).toBe(true);
    expect(matches({ minimum: 2 }, "1")).toBe(true);
  });
  it("minItems, maxItems and items", () => {
    expect(matches({ minItems: 2 }, [1, 2])).toBe(true);
    expect(matches({ minItems: 2 }, [1])).toBe(false);
    expect(matches({ minItems: 2 }, [1, 2, 3])).toBe(true);
    expect(matches({ maxItems: 2 }, [1, 2])).toBe(true);
    expect(matches({ maxItems: 2 }, [1, 2, 3])).toBe(false);
    expect(matches({ maxItems: 2 }, [1])).toBe(true);
    expect(matches({ items: { type: "string" } }, ["a", "b"])).toBe(true);
    expect(matches({ items: { type: "string" } }, ["a", 1])).toBe(false);
    expect(matches({ items: { type: "string", minItems: 1 } }, [])).toBe(true);
    expect(matches({ minItems: 1 }, "")).toBe(true);
  });
  it("items with a conjunction: every child leaf must hold", () => {
    const items = { allOf: [{ type: "integer" }, { minimum: 3 }] };
    expect(matches({ items }, [3, 4])).toBe(true);
    expect(matches({ items }, [3, 2])).toBe(false);
    expect(matches({ items }, [3.5])).toBe(false);
  });
  it("required", () => {
    expect(matches({ required: ["a", "b"] }, { a: 1, b: 2 })).toBe(true);
    expect(matches({ required: ["a", "b"] }, { a: 1 })).toBe(false);
    expect(matches({ required: ["a", "b"] }, { b: 1 })).toBe(false);
    expect(matches({ required: ["a"] }, [])).toBe(true);
    expect(matches({ required: [] }, {})).toBe(true);
  });
  it("properties apply only to present names", () => {
    const schema = { properties: { a: { type: "string" }, b: { type: "integer" } } };
    expect(matches(schema, { a: "x" })).toBe(true);
    expect(matches(schema, { a: 1 })).toBe(false);
    expect(matches(schema, { a: "x", b: "y" })).toBe(false);
    expect(matches(schema, { c: 1 })).toBe(true);
  });
  it("additionalProperties applies to names outside properties", () => {
    const schema = { properties: { a: { type: "string" } }, additionalProperties: false };
    expect(matches(schema, { a: "x" })).toBe(true);
    expect(matches(schema, { a: "x", b: 1 })).toBe(false);
    expect(matches({ properties: { a: true }, additionalProperties: { type: "integer" } }, { a: "s", b: 1 })).toBe(
      true,
    );
    expect(matches({ properties: { a: true }, additionalProperties: { type: "integer" } }, { a: "s", b: "t" })).toBe(
      false,
    );
    expect(matches({ additionalProperties: false }, {})).toBe(true);
  });
  it("absent names", () => {
    expect(matches({}, { a: 1 }, ["a"])).toBe(false);
    expect(matches({}, { b: 1 }, ["a", "b"])).toBe(false);
    expect(matches({}, { c: 1 }, ["a", "b"])).toBe(true);
    expect(matches({}, "a", ["a"])).toBe(true);
  });
  it("anyOf and oneOf", () => {
    const anyOf = { anyOf: [{ type: "string" }, { minimum: 5 }] };
    expect(matches(anyOf, "x")).toBe(true);
    expect(matches(anyOf, 6)).toBe(true);
    expect(matches(anyOf, 4)).toBe(false);
    const oneOf = { oneOf: [{ type: "integer" }, { minimum: 5 }] };
    expect(matches(oneOf, 3)).toBe(true);
    expect(matches(oneOf, 5.5)).toBe(true);
    expect(matches(oneOf, 6)).toBe(false);
    expect(matches(oneOf, 2.5)).toBe(false);
  });
  it("not", () => {
    expect(matches({ not: { type: "string" } }, "x")).toBe(false);
    expect(matches({ not: { type: "string" } }, 1)).toBe(true);
  });
  it("if / then / else", () => {
    const schema = { if: { type: "string" }, then: { pattern: "^a" }, else: { minimum: 3 } };
    expect(matches(schema, "ab")).toBe(true);
    expect(matches(schema, "b")).toBe(false);
    expect(matches(schema, 3)).toBe(true);
    expect(matches(schema, 2)).toBe(false);
    expect(matches({ if: { type: "string" }, then: { pattern: "^a" } }, 2)).toBe(true);
    expect(matches({ if: { type: "string" }, else: { minimum: 3 } }, "b")).toBe(true);
  });
  it("distinct subschemas of one leaf are evaluated separately", () => {
    const schema = { properties: { a: { type: "string" }, b: { type: "integer" } } };
    expect(matches(schema, { a: "x", b: 1 })).toBe(true);
    expect(matches(schema, { a: "x", b: 1 })).toBe(true);
    const frags: Fragment[] = [{ schema, baseUri: BASE, location: `${BASE}#` }];
    expect(matchesAll(frags, { a: "x", b: 2 }, env)).toBe(true);
    expect(matchesAll(frags, { a: 2, b: 2 }, env)).toBe(false);
    expect(matchesAll(frags, { a: "x", b: "x" }, env)).toBe(false);
  });
});

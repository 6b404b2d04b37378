import { describe, expect, it } from "vitest";
import { type SchemaEnvironment } from "../../../generators/_internals/flattenFragments.js";
import { matchesAll } from "../../../generators/_internals/matchesSchema.js";
import { type Fragment } from "../../../generators/_internals/schemaFragment.js";
import { SchemaRegistry } from "../../../generators/_internals/schemaRegistry.js";
import { unsupportedSchemaErrorOf } from "./unsupportedSchemaErrorOf.js";

const BASE = "https://schemas.cms-conformance.invalid/matches-edges.json";
const env: SchemaEnvironment = { registry: new SchemaRegistry([]), profile: "stated" };

function matches(schema: Fragment["schema"], value: unknown): boolean {
  return matchesAll([{ schema, baseUri: BASE, location: `${BASE}#` }], value, env);
}

describe("matchesAll at the edges of type and required", () => {
  it.each([
    [{ type: "number" }, 1, true],
    [{ type: "number" }, 0.5, true],
    [{ type: "number" }, "1", false],
    [{ type: "number" }, null, false],
    [{ type: "number" }, true, false],
    [{ type: "number" }, [1], false],
    [{ type: ["number", "null"] }, "1", false],
    [{ type: "integer" }, 1, true],
    [{ type: "integer" }, 1.5, false],
    [{ type: "boolean" }, false, true],
    [{ type: "boolean" }, 0, false],
  ] as const)("%j against %j: %s", (schema, value, expected) => {
    expect(matches(schema, value)).toBe(expected);
  });

  it("required names are strings: a number in the list is never satisfied, even by a key of the same text", () => {
    expect(matches({ required: [1] }, { 1: true })).toBe(false);
    expect(matches({ required: ["a", 1] }, { a: 1, 1: 2 })).toBe(false);
    expect(matches({ required: ["1"] }, { 1: true })).toBe(true);
  });
});

describe("a child schema's keyword the generators do not know is refused at the child's location", () => {
  it.each([
    ["items", { items: { minLength: 1 } }, [1]],
    ["additionalProperties", { additionalProperties: { minLength: 1 } }, { a: 1 }],
    ["not", { not: { minLength: 1 } }, 1],
    ["if", { if: { minLength: 1 }, then: true }, 1],
    ["then", { if: true, then: { minLength: 1 } }, 1],
    ["else", { if: false, else: { minLength: 1 } }, 1],
    ["properties/a", { properties: { a: { minLength: 1 } } }, { a: 1 }],
    ["anyOf/1", { anyOf: [false, { minLength: 1 }] }, 1],
    ["oneOf/0", { oneOf: [{ minLength: 1 }] }, 1],
  ] as const)("%s", (key, schema, value) => {
    const error = unsupportedSchemaErrorOf(() => matches(schema, value));
    expect({ keyword: error.keyword, location: error.location }).toStrictEqual({
      keyword: "minLength",
      location: `${BASE}#/${key}`,
    });
  });
});

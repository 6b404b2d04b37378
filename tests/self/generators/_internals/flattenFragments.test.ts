/** flattenFragments: $ref, allOf and x-strict expanded into leaves, and the words of each schema it refuses. */
import { describe, expect, it } from "vitest";
import { flattenFragments } from "../../../../generators/_internals/flattenFragments.js";
import type { Fragment, SchemaObject, SchemaProfile } from "../../../../generators/_internals/schemaFragment.js";
import { SchemaRegistry } from "../../../../generators/_internals/schemaRegistry.js";
import { unsupportedSchemaErrorOf } from "../unsupportedSchemaErrorOf.js";

const ID = "https://schemas.cms-conformance.invalid/flatten.json";
const OTHER = { $id: "https://schemas.cms-conformance.invalid/other.json", type: "string", pattern: "^o" };

function leaves(schema: SchemaObject, profile: SchemaProfile = "stated"): Fragment[] {
  const registry = new SchemaRegistry([{ $id: ID, ...schema }, OTHER]);
  return flattenFragments([registry.root(ID)], { registry, profile });
}

const summary = (fragments: readonly Fragment[]) => fragments.map(({ schema, location }) => [location, schema]);

describe("flattenFragments", () => {
  it("keeps a fragment's other keywords as one leaf and adds the leaves of what it refers to, in order", () => {
    expect(
      summary(leaves({ type: "object", $ref: "other.json", allOf: [{ format: "date-time" }, { pattern: "a" }] })),
    ).toEqual([
      [`${ID}#`, { $id: ID, type: "object" }],
      ["https://schemas.cms-conformance.invalid/other.json#", OTHER],
      [`${ID}#/allOf/0`, { format: "date-time" }],
      [`${ID}#/allOf/1`, { pattern: "a" }],
    ]);
  });

  it("joins the x-strict entries' schemas under the strict profile only", () => {
    const schema = { type: "string", "x-strict": [{ register: "r", schema: { pattern: "^s" } }] };
    expect(summary(leaves(schema, "strict"))).toEqual([
      [`${ID}#`, { $id: ID, type: "string" }],
      [`${ID}#/x-strict/0/schema`, { pattern: "^s" }],
    ]);
    expect(summary(leaves(schema, "stated"))).toEqual([[`${ID}#`, { $id: ID, type: "string" }]]);
  });

  it("resolves a $ref against the $id of the schema that holds it", () => {
    const nested = leaves({
      allOf: [{ $id: "https://schemas.cms-conformance.invalid/sub/x.json", $ref: "../other.json" }],
    });
    expect(nested.map((leaf) => leaf.location)).toEqual([
      `${ID}#`,
      `${ID}#/allOf/0`,
      "https://schemas.cms-conformance.invalid/other.json#",
    ]);
    expect(nested[1]?.baseUri).toBe("https://schemas.cms-conformance.invalid/sub/x.json");
  });

  it("refuses a $ref that is not a string, a recursive $ref and an allOf that is not an array, saying which", () => {
    const notString = unsupportedSchemaErrorOf(() => leaves({ $ref: 5 }));
    expect([notString.keyword, notString.location]).toEqual(["$ref", `${ID}#`]);
    expect(notString.message).toContain("$ref must be a string, received 5");
    const recursive = unsupportedSchemaErrorOf(() => leaves({ allOf: [{ $ref: "#" }] }));
    expect(recursive.keyword).toBe("$ref");
    expect(recursive.message).toContain(`recursive $ref "#" (${ID}# -> ${ID}#) is not supported`);
    const allOf = unsupportedSchemaErrorOf(() => leaves({ allOf: { type: "string" } }));
    expect(allOf.keyword).toBe("allOf");
    expect(allOf.message).toContain('allOf must be an array, received {"type":"string"}');
  });
});

/**
 * The strict reading as plain JSON Schema (contract/strictReading.ts): `x-strict` is ignored by the stated
 * reading and applied by the strict one, every issue tagged with its register entry, placed where the data
 * is, and given the path of the `x-strict` keyword in its schema.
 */
import { Ajv2020 } from "ajv/dist/2020.js";
import type { ErrorObject } from "ajv";
import { describe, expect, it } from "vitest";
import type { SchemaIssue } from "../../../contract/schemaIssue.js";
import { ignoredStrictKeyword } from "../../../contract/strictKeyword.js";
import { registerIssue, strictEntryIndex, strictReadingSchemas } from "../../../contract/strictReading.js";

const doc = {
  $id: "https://schemas.cms-conformance.invalid/bodies/test.json",
  file: "bodies/test.json",
  schema: {
    $id: "https://schemas.cms-conformance.invalid/bodies/test.json",
    type: "object",
    properties: {
      items: { type: "array", items: { "x-strict": [{ register: "needs-id", schema: { required: ["id"] } }] } },
    },
    "x-strict": [
      { register: "needs-name", schema: { required: ["name"] } },
      { register: "name-is-text", schema: { properties: { name: { type: "string" } } } },
    ],
  },
};

const toIssue = (error: ErrorObject): SchemaIssue => ({
  instancePath: error.instancePath,
  schemaPath: error.schemaPath,
  keyword: error.keyword,
  params: error.params as Record<string, unknown>,
  message: error.message ?? error.keyword,
});

/** The register departures the strict reading finds in `data` (the stated issues left out). */
function departures(data: unknown): SchemaIssue[] {
  const reading = strictReadingSchemas([doc]);
  const ajv = new Ajv2020({ allErrors: true, strict: true, strictRequired: false });
  for (const entry of reading.entries) ajv.addSchema(entry.schema);
  const validate = ajv.compile(reading.documents[0]!);
  if (validate(data)) return [];
  const index = strictEntryIndex(reading.entries);
  return (validate.errors ?? []).flatMap((error) => registerIssue(toIssue(error), index) ?? []);
}

describe("the strict reading", () => {
  it("leaves x-strict an annotation for the stated reading", () => {
    const ajv = new Ajv2020({ allErrors: true });
    ajv.addKeyword(ignoredStrictKeyword);
    expect(ajv.validate(doc.schema, { items: [{}] })).toBe(true);
  });

  it("takes x-strict out of the schema, and refers to one schema per entry, named after where it stood", () => {
    const reading = strictReadingSchemas([doc]);
    expect(JSON.stringify(reading.documents)).not.toContain('x-strict":');
    expect(reading.entries.map((entry) => [entry.$id, entry.register, entry.keywordPath])).toEqual([
      [
        "https://schemas.cms-conformance.invalid/x-strict/bodies/test.json/properties/items/items/x-strict/0",
        "needs-id",
        "#/properties/items/items/x-strict",
      ],
      ["https://schemas.cms-conformance.invalid/x-strict/bodies/test.json/x-strict/0", "needs-name", "#/x-strict"],
      ["https://schemas.cms-conformance.invalid/x-strict/bodies/test.json/x-strict/1", "name-is-text", "#/x-strict"],
    ]);
  });

  it("passes an object that meets every entry, with no issue", () => {
    expect(departures({ name: "n", items: [{ id: 1 }] })).toEqual([]);
  });

  it("reports each failed entry's own errors, tagged with its register id, at the data's place", () => {
    expect(
      departures({ name: 5, items: [{ id: 1 }, {}] }).map(
        ({ instancePath, schemaPath, keyword, params, register }) => ({
          instancePath,
          schemaPath,
          keyword,
          params,
          register,
        }),
      ),
    ).toEqual([
      {
        instancePath: "/name",
        schemaPath: "#/x-strict",
        keyword: "type",
        params: { type: "string" },
        register: "name-is-text",
      },
      {
        instancePath: "/items/1",
        schemaPath: "#/properties/items/items/x-strict",
        keyword: "required",
        params: { missingProperty: "id" },
        register: "needs-id",
      },
    ]);
  });

  it("leaves a value that is not an object to the stated schema", () => {
    expect(departures({ name: "n", items: [5, "x", null, [1]] })).toEqual([]);
  });

  it("does not take a stated issue, or an entry's `if`, for a departure", () => {
    const index = {
      "https://schemas.cms-conformance.invalid/x-strict/bodies/test.json/x-strict/0": ["r", "#/x-strict"] as const,
    };
    const issue = (schemaPath: string): SchemaIssue => ({
      instancePath: "",
      schemaPath,
      keyword: "required",
      params: {},
      message: "m",
    });
    expect(registerIssue(issue("#/required"), index)).toBeUndefined();
    expect(
      registerIssue(issue("https://schemas.cms-conformance.invalid/x-strict/bodies/test.json/x-strict/0/if"), index),
    ).toBeUndefined();
    expect(
      registerIssue(
        issue("https://schemas.cms-conformance.invalid/x-strict/bodies/test.json/x-strict/01/then/required"),
        index,
      ),
    ).toBeUndefined();
    expect(
      registerIssue(
        issue("https://schemas.cms-conformance.invalid/x-strict/bodies/test.json/x-strict/0/then/required"),
        index,
      ),
    ).toMatchObject({ register: "r", schemaPath: "#/x-strict" });
  });

  it("names a place as Ajv writes a schema path: keys escaped, list positions by index", () => {
    const odd = {
      $id: "https://schemas.cms-conformance.invalid/bodies/odd.json",
      file: "bodies/odd.json",
      schema: {
        $id: "https://schemas.cms-conformance.invalid/bodies/odd.json",
        properties: { "a/b~c d": { "x-strict": [{ register: "r1", schema: { required: ["x"] } }] } },
        anyOf: [{ "x-strict": [{ register: "r2", schema: { required: ["y"] } }] }],
      },
    };
    const reading = strictReadingSchemas([odd]);
    expect(reading.entries.map((entry) => entry.keywordPath)).toEqual([
      "#/properties/a~1b~0c%20d/x-strict",
      "#/anyOf/0/x-strict",
    ]);
    // Ajv's own path for a keyword at that place, for comparison.
    const ajv = new Ajv2020({ allErrors: true });
    const validate = ajv.compile({ properties: { "a/b~c d": { required: ["x"] } } });
    validate({ "a/b~c d": {} });
    expect(validate.errors?.[0]?.schemaPath).toBe("#/properties/a~1b~0c%20d/required");
    expect(reading.entries[1]?.$id).toBe(
      "https://schemas.cms-conformance.invalid/x-strict/bodies/odd.json/anyOf/0/x-strict/0",
    );
  });

  it("refuses an entry with a $ref, whose errors would come back without their register", () => {
    const withRef = {
      ...doc,
      schema: { ...doc.schema, "x-strict": [{ register: "r", schema: { properties: { a: { $ref: "Other.json" } } } }] },
    };
    expect(() => strictReadingSchemas([withRef])).toThrow(
      "bodies/test.json: an x-strict entry may not use $ref (register r)",
    );
  });
});

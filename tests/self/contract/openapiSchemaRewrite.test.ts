/**
 * How the OpenAPI export copies a schema into components.schemas, seen on schemas it is not given
 * every day: a $ref with a JSON Pointer fragment, a property named "$ref", and the schemas it refuses
 * (a nested $id, a $ref to no schema of the contract, a title that is no component name, a missing body).
 * Each case adds its schema to the catalogue for the length of one call and takes it out again.
 */
import { describe, expect, it } from "vitest";
import { buildOpenApiDocument } from "../../../contract/buildOpenApiDocument.js";
import { CONTRACT_SCHEMAS, SCHEMA_ID_BASE, type SchemaDocument } from "../../../contract/schemaCatalogue.js";

const catalogue = CONTRACT_SCHEMAS as SchemaDocument[];

/** Builds the document with `schema` added to the catalogue as components/Extra.json. */
function buildWith(schema: Record<string, unknown>): ReturnType<typeof buildOpenApiDocument> {
  const file = "components/Extra.json";
  const extra: SchemaDocument = { $id: SCHEMA_ID_BASE + file, file, schema: { $id: SCHEMA_ID_BASE + file, ...schema } };
  catalogue.push(extra);
  try {
    return buildOpenApiDocument();
  } finally {
    catalogue.splice(catalogue.indexOf(extra), 1);
  }
}

describe("the OpenAPI export's copy of a schema", () => {
  it("keeps a $ref's JSON Pointer fragment below the component it names", () => {
    const doc = buildWith({
      title: "Extra",
      type: "object",
      properties: {
        id: { $ref: "Widget.json#/properties/id" },
        size: { $ref: "PreferredSize.json" },
        either: { anyOf: [{ $ref: "Widget.json#/properties/tags" }, { type: "null" }] },
      },
    });
    expect(doc.components.schemas.Extra).toEqual({
      title: "Extra",
      type: "object",
      properties: {
        id: { $ref: "#/components/schemas/Widget/properties/id" },
        size: { $ref: "#/components/schemas/PreferredSize" },
        either: { anyOf: [{ $ref: "#/components/schemas/Widget/properties/tags" }, { type: "null" }] },
      },
    });
  });

  it("copies a property that happens to be named $ref as a property, not as a reference", () => {
    const doc = buildWith({ title: "Extra", type: "object", properties: { $ref: { type: "string" } } });
    expect(doc.components.schemas.Extra).toEqual({
      title: "Extra",
      type: "object",
      properties: { $ref: { type: "string" } },
    });
  });

  it("drops $id and $schema at the root only", () => {
    const doc = buildWith({
      $schema: "https://json-schema.org/draft/2020-12/schema",
      title: "Extra",
      allOf: [{ properties: { $schema: { type: "string" } } }],
    });
    expect(doc.components.schemas.Extra).toEqual({
      title: "Extra",
      allOf: [{ properties: { $schema: { type: "string" } } }],
    });
  });

  it("refuses a nested $id, under a property or in a list, naming the file", () => {
    const message = "schemas/components/Extra.json: a nested $id is not supported by the OpenAPI export";
    expect(() => buildWith({ title: "Extra", properties: { a: { $id: "a.json" } } })).toThrow(message);
    expect(() => buildWith({ title: "Extra", anyOf: [{ $id: "b.json" }] })).toThrow(message);
  });

  it("refuses a $ref to a schema that is not part of the contract", () => {
    expect(() => buildWith({ title: "Extra", properties: { a: { $ref: "Nowhere.json" } } })).toThrow(
      'schemas/components/Extra.json: $ref "Nowhere.json" names no schema of the contract',
    );
  });

  it("refuses a title that is no OpenAPI component name, or one already taken", () => {
    expect(() => buildWith({ title: "Extra schema" })).toThrow(
      'schemas/components/Extra.json: title must be a unique OpenAPI component name, found "Extra schema"',
    );
    expect(() => buildWith({ title: "Extra!" })).toThrow('found "Extra!"');
    expect(() => buildWith({ title: "Widget" })).toThrow('found "Widget"');
    expect(() => buildWith({})).toThrow("found undefined");
  });

  it("refuses to describe an operation whose body has no schema", () => {
    const index = catalogue.findIndex((doc) => doc.file === "bodies/getWidget.request.json");
    const [removed] = catalogue.splice(index, 1);
    try {
      expect(() => buildOpenApiDocument()).toThrow("no schema for body getWidget.request");
    } finally {
      catalogue.splice(index, 0, removed as SchemaDocument);
    }
    expect(Object.keys(buildOpenApiDocument().components.schemas)).toContain("GetWidgetRequest");
  });

  it("describes an operation with whichever of its two bodies has a description", () => {
    const index = catalogue.findIndex((doc) => doc.file === "bodies/getWidget.request.json");
    const original = catalogue[index] as SchemaDocument;
    const { description: _description, ...withoutDescription } = original.schema;
    catalogue[index] = { ...original, schema: withoutDescription };
    try {
      expect(buildOpenApiDocument().paths["/platform/cms/getWidget"]?.post.description).toBe(
        "§4.4 Response 200 of getWidget: a Widget object as the body itself, not wrapped in a field.",
      );
    } finally {
      catalogue[index] = original;
    }
  });
});

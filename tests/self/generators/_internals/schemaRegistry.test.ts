import { describe, expect, it } from "vitest";
import { unsupportedSchemaErrorOf } from "../unsupportedSchemaErrorOf.js";
import { type Fragment } from "../../../../generators/_internals/schemaFragment.js";
import { SchemaRegistry } from "../../../../generators/_internals/schemaRegistry.js";
import { UnsupportedSchemaError } from "../../../../generators/_internals/supportedKeywords.js";

const A = "https://schemas.cms-conformance.invalid/reg/a.json";
const B = "https://schemas.cms-conformance.invalid/reg/b.json";
const docA = {
  $id: A,
  $defs: { name: { type: "string" }, "x/y": { type: "integer" }, "t~n": { type: "null" }, flag: true, list: [{}] },
};
const docB = { $id: `${B}#`, type: "object" };

function from(location = `${A}#`): Fragment {
  return { schema: docA, baseUri: A, location };
}

function detail(error: UnsupportedSchemaError): string {
  expect(error.keyword).toBe("$ref");
  expect(error.location).toBe(`${A}#/here`);
  return error.message.replace(/^schema [^ ]+: /, "").replace(/ \(keyword "\$ref"\);.*$/, "");
}

describe("SchemaRegistry.add", () => {
  it("refuses a schema without an absolute $id", () => {
    expect(() => new SchemaRegistry([{ type: "string" }])).toThrow(
      new Error("cannot register a schema without an absolute $id; received $id undefined"),
    );
    expect(() => new SchemaRegistry([{ $id: "relative.json" }])).toThrow(
      new Error('cannot register a schema without an absolute $id; received $id "relative.json"'),
    );
  });
  it("refuses two schemas sharing an $id (ignoring the fragment) but accepts the same one twice", () => {
    expect(() => new SchemaRegistry([docB, { $id: B }])).toThrow(new Error(`two schemas share the $id ${B}`));
    const registry = new SchemaRegistry([docA, docA, docB]);
    expect(registry.documents()).toEqual([docA, docB]);
  });
});

describe("SchemaRegistry.root", () => {
  const registry = new SchemaRegistry([docA, docB]);
  it("returns the root fragment keyed without the fragment", () => {
    expect(registry.root(`${B}#`)).toEqual({ schema: docB, baseUri: B, location: `${B}#` });
  });
  it("names the known schemas when the $id is unknown", () => {
    expect(() => registry.root("https://schemas.cms-conformance.invalid/reg/c.json")).toThrow(
      new Error(`no schema with $id "https://schemas.cms-conformance.invalid/reg/c.json"; known: ${A}, ${B}`),
    );
  });
});

describe("SchemaRegistry.resolve", () => {
  const registry = new SchemaRegistry([docA, docB]);
  it("resolves relative references and JSON Pointers, unescaping ~1 and ~0", () => {
    expect(registry.resolve("b.json", from())).toEqual({ schema: docB, baseUri: B, location: `${B}#` });
    expect(registry.resolve("#/$defs/name", from())).toEqual({
      schema: { type: "string" },
      baseUri: A,
      location: `${A}#/$defs/name`,
    });
    expect(registry.resolve("#/$defs/x~1y", from()).schema).toEqual({ type: "integer" });
    expect(registry.resolve("#/$defs/t~0n", from()).schema).toEqual({ type: "null" });
    expect(registry.resolve("#/$defs/list/0", from()).schema).toEqual({});
    expect(registry.resolve("a.json#/$defs/flag", from()).schema).toBe(true);
    expect(registry.resolve("#/%24defs/name", from()).schema).toEqual({ type: "string" });
  });
  it("refuses a reference to an unregistered schema", () => {
    const error = unsupportedSchemaErrorOf(() => registry.resolve("c.json#/x", from(`${A}#/here`)));
    expect(detail(error)).toBe(
      '$ref "c.json#/x" resolves to https://schemas.cms-conformance.invalid/reg/c.json, which is not a registered schema',
    );
  });
  it("refuses anchors", () => {
    const error = unsupportedSchemaErrorOf(() => registry.resolve("#name", from(`${A}#/here`)));
    expect(detail(error)).toBe('$ref "#name" uses an anchor; only JSON Pointer fragments are supported');
  });
  it("refuses pointers at no schema", () => {
    for (const ref of ["#/$defs/missing", "#/$defs/list", "#/$id"]) {
      const error = unsupportedSchemaErrorOf(() => registry.resolve(ref, from(`${A}#/here`)));
      expect(detail(error)).toBe(`$ref ${JSON.stringify(ref)} points at no schema`);
    }
  });
});

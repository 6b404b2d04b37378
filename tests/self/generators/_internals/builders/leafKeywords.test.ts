import { describe, expect, it } from "vitest";
import { unsupportedSchemaErrorOf } from "../../unsupportedSchemaErrorOf.js";
import {
  impliedTypes,
  intersectTypes,
  numbersOf,
  propertiesOf,
  requiredOf,
  stringsOf,
} from "../../../../../generators/_internals/builders/leafKeywords.js";
import { type Fragment } from "../../../../../generators/_internals/schemaFragment.js";
import { assertSupportedKeywords } from "../../../../../generators/_internals/supportedKeywords.js";

const LOC = "https://schemas.cms-conformance.invalid/t.json#/x";

function leaf(schema: Fragment["schema"], absent?: string[]): Fragment {
  return { schema, baseUri: "https://schemas.cms-conformance.invalid/t.json", location: LOC, absent };
}

function message(keyword: string, detail: string): string {
  return `schema ${LOC}: ${detail} (keyword "${keyword}"); the generators would produce wrong data, so teach generators/_internals the keyword first`;
}

function expectRefusal(run: () => unknown, keyword: string, detail: string): void {
  const error = unsupportedSchemaErrorOf(run);
  expect(error.name).toBe("UnsupportedSchemaError");
  expect(error.keyword).toBe(keyword);
  expect(error.location).toBe(LOC);
  expect(error.message).toBe(message(keyword, detail));
}

describe("leafKeywords refuses malformed keyword values with the value received", () => {
  it("numbersOf: non-number and non-finite", () => {
    expectRefusal(
      () => numbersOf([leaf({ minimum: "3" })], "minimum"),
      "minimum",
      'minimum must be a finite number, received "3"',
    );
    expectRefusal(
      () => numbersOf([leaf({ maximum: Infinity })], "maximum"),
      "maximum",
      "maximum must be a finite number, received null",
    );
  });
  it("numbersOf collects values across leaves, skipping boolean and silent leaves", () => {
    expect(numbersOf([leaf({ minimum: 1 }), leaf(true), leaf({}), leaf({ minimum: 5 })], "minimum")).toEqual([1, 5]);
  });
  it("stringsOf: non-string", () => {
    expectRefusal(
      () => stringsOf([leaf({ pattern: 7 })], "pattern"),
      "pattern",
      "pattern must be a string, received 7",
    );
  });
  it("stringsOf returns nothing for leaves without the keyword", () => {
    expect(stringsOf([leaf({}), leaf(true)], "pattern")).toEqual([]);
    expect(stringsOf([leaf({ pattern: "^a" }), leaf({}), leaf({ pattern: "b$" })], "pattern")).toEqual(["^a", "b$"]);
  });
  it("requiredOf: not a list, or a list with a non-name", () => {
    expectRefusal(
      () => requiredOf([leaf({ required: "id" })]),
      "required",
      'required must be a list of names, received "id"',
    );
    expectRefusal(
      () => requiredOf([leaf({ required: ["id", 3] })]),
      "required",
      'required must be a list of names, received ["id",3]',
    );
    expectRefusal(
      () => requiredOf([leaf({ required: [3] })]),
      "required",
      "required must be a list of names, received [3]",
    );
  });
  it("requiredOf unions the lists", () => {
    expect([...requiredOf([leaf({ required: ["a", "b"] }), leaf({}), leaf({ required: ["b", "c"] })])]).toEqual([
      "a",
      "b",
      "c",
    ]);
  });
  it("propertiesOf: not an object", () => {
    const f = leaf({ properties: [1] });
    expectRefusal(
      () => propertiesOf(f, { properties: [1] }),
      "properties",
      "properties must be an object, received [1]",
    );
    expect(propertiesOf(f, {})).toEqual({});
    expect(propertiesOf(f, { properties: { a: true } })).toEqual({ a: true });
  });
  it("intersectTypes: unknown type names", () => {
    expectRefusal(() => intersectTypes([leaf({ type: "text" })]), "type", 'type must name JSON types, received "text"');
    expectRefusal(
      () => intersectTypes([leaf({ type: ["string", 1] })]),
      "type",
      'type must name JSON types, received ["string",1]',
    );
  });
});

describe("intersectTypes", () => {
  it("is undefined when no leaf names a type", () => {
    expect(intersectTypes([leaf({}), leaf(true)])).toBeUndefined();
  });
  it("intersects, with integer a subset of number (either side)", () => {
    expect(intersectTypes([leaf({ type: ["string", "null"] }), leaf({ type: ["null", "integer"] })])).toEqual(["null"]);
    expect(intersectTypes([leaf({ type: ["integer", "string"] }), leaf({ type: "number" })])).toEqual(["integer"]);
    expect(intersectTypes([leaf({ type: ["number", "string"] }), leaf({ type: "integer" })])).toEqual(["integer"]);
    expect(intersectTypes([leaf({ type: "number" }), leaf({ type: "number" })])).toEqual(["number"]);
    expect(intersectTypes([leaf({ type: "integer" }), leaf({ type: "string" })])).toEqual([]);
    expect(intersectTypes([leaf({ type: "number" }), leaf({ type: "string" })])).toEqual([]);
    expect(intersectTypes([leaf({ type: "string" }), leaf({ type: ["number", "integer"] })])).toEqual([]);
    expect(intersectTypes([leaf({ type: ["boolean", "string"] }), leaf({ type: "integer" })])).toEqual([]);
  });
});

describe("impliedTypes", () => {
  it("is empty for a schema without type-specific keywords", () => {
    expect(impliedTypes([leaf({ enum: [1] }), leaf(true)])).toEqual([]);
  });
  it("names each type whose keywords appear, in a fixed order", () => {
    expect(impliedTypes([leaf({ maximum: 3 }), leaf({ pattern: "a" })])).toEqual(["string", "number"]);
    expect(impliedTypes([leaf({ minItems: 1 })])).toEqual(["array"]);
    expect(impliedTypes([leaf({ additionalProperties: false })])).toEqual(["object"]);
  });
  it("a leaf with absent names implies an object", () => {
    expect(impliedTypes([leaf({}), leaf({}, ["id"])])).toEqual(["object"]);
    expect(impliedTypes([leaf({}, ["id"]), leaf({})])).toEqual(["object"]);
    expect(impliedTypes([leaf({}), leaf({})])).toEqual([]);
  });
});

describe("assertSupportedKeywords", () => {
  it("accepts boolean schemas and annotation keywords", () => {
    expect(() => assertSupportedKeywords(leaf(true))).not.toThrow();
    expect(() => assertSupportedKeywords(leaf(false))).not.toThrow();
    expect(() =>
      assertSupportedKeywords(leaf({ title: "t", $comment: "c", type: "string", format: "date-time" })),
    ).not.toThrow();
  });
  it("refuses an unknown keyword", () => {
    expectRefusal(
      () => assertSupportedKeywords(leaf({ minLength: 2 })),
      "minLength",
      'unsupported keyword "minLength" with value 2',
    );
  });
  it("refuses an unsupported format, listing the supported ones", () => {
    expectRefusal(
      () => assertSupportedKeywords(leaf({ format: "uuid" })),
      "format",
      'unsupported format "uuid"; supported: date-time',
    );
    expectRefusal(
      () => assertSupportedKeywords(leaf({ format: 1 })),
      "format",
      "unsupported format 1; supported: date-time",
    );
  });
  it("refuses tuple-form items but accepts a schema", () => {
    expectRefusal(
      () => assertSupportedKeywords(leaf({ items: [{}] })),
      "items",
      "tuple-form items (an array) is not draft 2020-12; use prefixItems",
    );
    expect(() => assertSupportedKeywords(leaf({ items: { type: "string" } }))).not.toThrow();
  });
  it("checks x-strict entries", () => {
    const good = [{ register: "r", schema: {} }];
    expect(() => assertSupportedKeywords(leaf({ "x-strict": good }))).not.toThrow();
    for (const bad of [
      { register: "r", schema: {} },
      [{ register: "r", schema: {} }, 1],
      [{ register: 1, schema: {} }],
      [{ register: "r", schema: true }],
      [{ schema: {} }],
      [{ register: "r" }],
    ]) {
      expectRefusal(
        () => assertSupportedKeywords(leaf({ "x-strict": bad })),
        "x-strict",
        `x-strict must be a list of { register, schema } entries, received ${JSON.stringify(bad)}`,
      );
    }
  });
});

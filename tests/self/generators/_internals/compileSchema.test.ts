/**
 * SchemaCompiler, branch by branch: what each keyword makes of the generated values, the errors of schemas it
 * cannot compile, hints (where they apply, that they are not memoised away, that an unused one is an error),
 * disjunctions, conditionals, negated object conditions, enums, bounds, arrays and objects with extra fields.
 */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { SchemaCompiler, type CompileHint } from "../../../../generators/_internals/compileSchema.js";
import type { SchemaObject } from "../../../../generators/_internals/schemaFragment.js";
import { SchemaRegistry } from "../../../../generators/_internals/schemaRegistry.js";
import { unsupportedSchemaErrorOf } from "../unsupportedSchemaErrorOf.js";

const ID = "https://schemas.cms-conformance.invalid/compile.json";
/** Two more documents that places of the first share through $ref: box.json's x is an inner.json. */
const INNER = {
  $id: "https://schemas.cms-conformance.invalid/inner.json",
  type: "object",
  required: ["y"],
  properties: { y: { type: "string" } },
  additionalProperties: false,
};
const BOX = {
  $id: "https://schemas.cms-conformance.invalid/box.json",
  type: "object",
  required: ["x"],
  properties: { x: { $ref: "inner.json" } },
  additionalProperties: false,
};

function compiler(
  schema: SchemaObject,
  hints: Record<string, CompileHint> = {},
  extraFields = false,
): { compile: () => fc.Arbitrary<unknown> } {
  const document = { $id: ID, ...schema };
  const registry = new SchemaRegistry([document, BOX, INNER]);
  const options = { registry, profile: "stated" as const, extraFields, hints: new Map(Object.entries(hints)) };
  return { compile: () => new SchemaCompiler(options).compileRoot(registry.root(ID)) };
}

const values = (schema: SchemaObject, hints: Record<string, CompileHint> = {}, extraFields = false): unknown[] =>
  fc.sample(compiler(schema, hints, extraFields).compile(), { numRuns: 300, seed: 7 });

const records = (schema: SchemaObject, hints: Record<string, CompileHint> = {}, extraFields = false) =>
  values(schema, hints, extraFields) as Record<string, unknown>[];

describe("compileRoot", () => {
  it("refuses a schema that admits no value, naming it and the profile", () => {
    expect(() => compiler({ allOf: [{ type: "string" }, { type: "integer" }] }).compile()).toThrow(
      `schema ${ID}# admits no value under the stated profile`,
    );
  });

  it("refuses hints that name no place in the schema, listing them", () => {
    const hint = { arbitrary: fc.constant(1) };
    expect(() =>
      compiler({ type: "object", properties: { a: { type: "integer" } } }, { "/b": hint, "/c": hint }).compile(),
    ).toThrow(`hints /b, /c name no place in schema ${ID}#`);
  });

  it("refuses a schema that contains itself, saying where", () => {
    const error = unsupportedSchemaErrorOf(() =>
      compiler({ type: "object", required: ["child"], properties: { child: { $ref: "#" } } }).compile(),
    );
    expect(error.keyword).toBe("$ref");
    expect(error.message).toContain(
      "recursive schema: the value at /child/child contains itself through $ref, which the generators do not support",
    );
  });
});

describe("hints", () => {
  const shared = {
    type: "object",
    required: ["a", "b"],
    properties: { a: { $ref: "box.json" }, b: { $ref: "box.json" } },
  };

  it("applies a hint at its place only, though another place shares the same schema (no memo across them)", () => {
    type Shared = { a: { x: { y: string } }; b: { x: { y: string } } };
    const hint = { arbitrary: fc.constant("HINT") };
    // a.x and b.x are the same conjunction (box.json's x): compiled for one, it must not serve the other.
    const second = records(shared, { "/b/x/y": hint }) as Shared[];
    expect(second.every((value) => value.b.x.y === "HINT")).toBe(true);
    expect(second.some((value) => value.a.x.y !== "HINT")).toBe(true);
    const first = records(shared, { "/a/x/y": hint }) as Shared[];
    expect(first.every((value) => value.a.x.y === "HINT")).toBe(true);
    expect(first.some((value) => value.b.x.y !== "HINT")).toBe(true);
  });

  it("keeps only the hinted values the schema allows", () => {
    const hinted = values({ type: "integer", minimum: 0 }, { "": { arbitrary: fc.constantFrom(-1, 1, 2) } });
    expect(new Set(hinted)).toEqual(new Set([1, 2]));
  });

  it("makes an optional property always present when asked to", () => {
    const schema = { type: "object", properties: { a: { type: "integer" } }, additionalProperties: false };
    expect(records(schema).some((value) => !("a" in value))).toBe(true);
    const present = records(schema, { "/a": { arbitrary: fc.integer(), alwaysPresent: true } });
    expect(present.every((value) => "a" in value)).toBe(true);
  });

  it("applies a hint to every array item through *", () => {
    const items = values(
      { type: "array", minItems: 1, items: { type: "string" } },
      { "/*": { arbitrary: fc.constant("i") } },
    );
    expect(items.every((list) => (list as string[]).every((item) => item === "i"))).toBe(true);
  });
});

describe("disjunctions and conditionals", () => {
  it("draws from every anyOf branch, each joined with the rest of the schema", () => {
    const drawn = values({
      anyOf: [
        { type: "string", pattern: "^s$" },
        { type: "integer", minimum: 5, maximum: 5 },
      ],
    });
    expect(new Set(drawn)).toEqual(new Set(["s", 5]));
  });

  it("keeps only values of exactly one oneOf branch", () => {
    const drawn = values({ oneOf: [{ type: "integer" }, { type: "number", minimum: 0, maximum: 1 }] });
    // 0 and 1 are integers within [0, 1]: both branches, so never drawn.
    expect(drawn.some((value) => value === 0 || value === 1)).toBe(false);
    expect(drawn.some((value) => Number.isInteger(value))).toBe(true);
    expect(drawn.some((value) => !Number.isInteger(value))).toBe(true);
  });

  it("refuses an anyOf or oneOf that is not a non-empty array", () => {
    const empty = unsupportedSchemaErrorOf(() => compiler({ anyOf: [] }).compile());
    expect([empty.keyword, empty.message.includes("anyOf must be a non-empty array, received []")]).toEqual([
      "anyOf",
      true,
    ]);
    const notArray = unsupportedSchemaErrorOf(() => compiler({ oneOf: { type: "string" } }).compile());
    expect(notArray.keyword).toBe("oneOf");
    expect(notArray.message).toContain('oneOf must be a non-empty array, received {"type":"string"}');
  });

  it("follows then when the condition holds and else when it does not", () => {
    const drawn = records({
      type: "object",
      required: ["k"],
      properties: { k: { enum: ["a", "b"] } },
      if: { properties: { k: { const: "a" } } },
      then: { required: ["x"], properties: { x: { const: 1 } } },
      else: { required: ["y"], properties: { y: { const: 2 } } },
    });
    expect(drawn.filter((value) => value.k === "a").every((value) => value.x === 1)).toBe(true);
    expect(drawn.filter((value) => value.k === "b").every((value) => value.y === 2)).toBe(true);
    expect(new Set(drawn.map((value) => value.k))).toEqual(new Set(["a", "b"]));
  });

  it("needs neither then nor else", () => {
    const drawn = values({ type: "integer", minimum: 0, maximum: 3, if: { minimum: 2 } });
    expect(new Set(drawn)).toEqual(new Set([0, 1, 2, 3]));
  });
});

describe("negation", () => {
  it("splits not {required} on an object: the named property is never there", () => {
    const drawn = records({
      type: "object",
      properties: { a: { type: "integer" }, b: { type: "integer" } },
      not: { required: ["a"] },
    });
    expect(drawn.every((value) => !("a" in value))).toBe(true);
    expect(drawn.some((value) => "b" in value)).toBe(true);
  });

  it("splits not {properties} on an object: the property, when there, fails its schema", () => {
    const drawn = records({
      type: "object",
      required: ["a"],
      properties: { a: { enum: [1, 2] } },
      not: { properties: { a: { const: 1 } } },
    });
    expect(new Set(drawn.map((value) => value.a))).toEqual(new Set([2]));
  });

  it("filters by any other negation", () => {
    expect(new Set(values({ type: "integer", minimum: 0, maximum: 3, not: { enum: [1, 2] } }))).toEqual(
      new Set([0, 3]),
    );
    expect(values({ not: { type: "string" } }).some((value) => typeof value === "string")).toBe(false);
  });
});

describe("enumerations, types and bounds", () => {
  it("draws from the intersection of every enum and const that the rest allows", () => {
    expect(new Set(values({ enum: [1, 2, 3, "x"], allOf: [{ enum: [2, 3, "x"] }, { type: "integer" }] }))).toEqual(
      new Set([2, 3]),
    );
    expect(new Set(values({ const: { a: 1 }, enum: [{ a: 1 }, { a: 2 }] }))).toEqual(
      new Set([{ a: 1 }].map(() => values({ const: { a: 1 } })[0])),
    );
    expect(() => compiler({ const: 1, enum: [2] }).compile()).toThrow("admits no value");
  });

  it("refuses an enum that is not an array", () => {
    const error = unsupportedSchemaErrorOf(() => compiler({ enum: "a" }).compile());
    expect(error.keyword).toBe("enum");
    expect(error.message).toContain('enum must be an array, received "a"');
  });

  it("takes the tightest of several bounds", () => {
    const drawn = values({ type: "integer", minimum: 0, maximum: 10, allOf: [{ minimum: 4 }, { maximum: 6 }] });
    expect(new Set(drawn)).toEqual(new Set([4, 5, 6]));
    const numbers = values({
      type: "number",
      minimum: 1,
      allOf: [{ minimum: 2, maximum: 3 }, { maximum: 2.5 }],
    }) as number[];
    expect(Math.min(...numbers)).toBeGreaterThanOrEqual(2);
    expect(Math.max(...numbers)).toBeLessThanOrEqual(2.5);
  });

  it("draws each listed type, booleans and null included", () => {
    const drawn = values({ type: ["boolean", "null"] });
    expect(new Set(drawn)).toEqual(new Set([true, false, null]));
  });

  it("draws any JSON where no type is stated or implied", () => {
    const kinds = new Set(
      values({}).map((value) => (value === null ? "null" : Array.isArray(value) ? "array" : typeof value)),
    );
    expect(kinds.size).toBeGreaterThanOrEqual(4);
  });
});

describe("arrays", () => {
  it("keeps within minItems and maxItems, and at most five items over the minimum", () => {
    const bounded = values({ type: "array", minItems: 2, maxItems: 3, items: { type: "integer" } }) as unknown[][];
    expect(new Set(bounded.map((list) => list.length))).toEqual(new Set([2, 3]));
    const open = values({ type: "array", minItems: 1, items: { type: "integer" } }) as unknown[][];
    expect(Math.min(...open.map((list) => list.length))).toBe(1);
    expect(Math.max(...open.map((list) => list.length))).toBe(6);
  });

  it("gives only the empty array when no item can exist, and nothing when one must", () => {
    expect(new Set(values({ type: "array", items: false }).map((list) => JSON.stringify(list)))).toEqual(
      new Set(["[]"]),
    );
    expect(() => compiler({ type: "array", minItems: 1, items: false }).compile()).toThrow("admits no value");
    expect(() => compiler({ type: "array", minItems: 3, maxItems: 2 }).compile()).toThrow("admits no value");
  });

  it("takes any JSON items when items is not stated", () => {
    const lists = values({ type: "array", minItems: 1 }) as unknown[][];
    expect(lists.flat().some((item) => typeof item !== "number")).toBe(true);
  });
});

describe("objects", () => {
  it("draws required properties always and optional ones sometimes", () => {
    const drawn = records({
      type: "object",
      required: ["r"],
      properties: { r: { const: 1 }, o: { const: 2 } },
      additionalProperties: false,
    });
    expect(drawn.every((value) => value.r === 1)).toBe(true);
    expect(drawn.some((value) => value.o === 2)).toBe(true);
    expect(drawn.some((value) => !("o" in value))).toBe(true);
    expect(drawn.every((value) => Object.keys(value).every((key) => key === "r" || key === "o"))).toBe(true);
  });

  it("gives a required property without a schema its additionalProperties' values, or any JSON", () => {
    const typed = records({ type: "object", required: ["n"], additionalProperties: { type: "integer" } });
    expect(typed.every((value) => Number.isInteger(value.n))).toBe(true);
    const free = records({ type: "object", required: ["n"] });
    expect(free.some((value) => typeof value.n !== "number")).toBe(true);
  });

  it("leaves out an optional property that can have no value, and admits no object when it is required", () => {
    const drawn = records({ type: "object", properties: { gone: false, kept: { const: 1 } } });
    expect(drawn.every((value) => !("gone" in value))).toBe(true);
    expect(() => compiler({ type: "object", required: ["gone"], properties: { gone: false } }).compile()).toThrow(
      "admits no value",
    );
  });

  it("adds unknown extra fields only when asked and allowed, valued by additionalProperties", () => {
    const base = { type: "object", required: ["a"], properties: { a: { const: 1 } } };
    expect(records(base).every((value) => Object.keys(value).join() === "a")).toBe(true);
    const extra = records(base, {}, true);
    const extraKeys = extra.flatMap((value) => Object.keys(value).filter((key) => key !== "a"));
    expect(extraKeys.length).toBeGreaterThan(0);
    for (const key of extraKeys) expect(key).toMatch(/^x[A-Z][a-zA-Z]{0,8}$/);
    expect(extra.every((value) => value.a === 1)).toBe(true);
    expect(extra.every((value) => Object.keys(value).length <= 3)).toBe(true);
    const typedExtras = records({ ...base, additionalProperties: { type: "boolean" } }, {}, true);
    const extraValues = typedExtras.flatMap((value) =>
      Object.entries(value)
        .filter(([key]) => key !== "a")
        .map(([, v]) => v),
    );
    expect(extraValues.length).toBeGreaterThan(0);
    expect(extraValues.every((value) => typeof value === "boolean")).toBe(true);
    const closed = records({ ...base, additionalProperties: false }, {}, true);
    expect(closed.every((value) => Object.keys(value).join() === "a")).toBe(true);
  });

  it("keeps a declared property's value when an extra field could collide with it", () => {
    const drawn = records({ type: "object", required: ["xA"], properties: { xA: { const: "declared" } } }, {}, true);
    expect(drawn.every((value) => value.xA === "declared")).toBe(true);
  });
});

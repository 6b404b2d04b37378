/**
 * deriveInvalidRules on hand-written request schemas: the contract's five requests hold no number with a
 * minimum, no integer with a maximum, no union type and no pattern without a register entry of its own, so
 * this file registers a test-only request body (under an $id no contract schema uses) in the contract's
 * registry, where deriveInvalidRules reads request schemas by operation name.
 */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import type { OperationName } from "../../../contract/operations.js";
import { schemaIdForBody } from "../../../contract/schemaCatalogue.js";
import { deriveInvalidRules, type InvalidRule } from "../../../generators/_internals/deriveInvalidRules.js";
import { invalidRuleRow } from "./invalidRuleRow.js";
import { type SchemaEnvironment } from "../../../generators/_internals/flattenFragments.js";
import { matchesAll } from "../../../generators/_internals/matchesSchema.js";
import { type SchemaObject } from "../../../generators/_internals/schemaFragment.js";
import { contractSchemaRegistry } from "../../../generators/_internals/schemaRegistry.js";
import { unsupportedSchemaErrorOf } from "./unsupportedSchemaErrorOf.js";

const OPERATION = "selfTestDeriveInvalidRules" as OperationName;
const ID = schemaIdForBody(`${OPERATION}.request`);

const PROPERTIES: Record<string, SchemaObject> = {
  amount: { type: "number", minimum: 2, description: "an amount, under no section" },
  count: { type: "integer", allOf: [{ minimum: 0.5 }, { minimum: 1.5 }, { maximum: 10 }, { maximum: 4 }] },
  level: { type: "integer", maximum: 3 },
  code: { type: "string", pattern: "^[A-Za-z]+$" },
  label: { type: "string", minimum: 3, properties: { inner: { type: "integer" } }, items: { type: "integer" } },
  word: { type: "string", allOf: [{ pattern: "^[a-z]+$" }, { pattern: "^.{2}$" }] },
  either: { type: ["string", "null"] },
  anything: {},
  nothing: { type: "null" },
  tags: { type: "array", pattern: "^x$" },
  owner: {
    type: "object",
    description: "§9.1 the owner (§9.2.3, §9.1)",
    properties: { analyticId: { type: "string", pattern: "^analytic://[a-z]+$" } },
  },
  stated: { type: "boolean" },
};

const SCHEMA: SchemaObject = {
  $id: ID,
  type: "object",
  required: ["stated"],
  properties: PROPERTIES,
  "x-strict": [{ register: "required-request-fields", schema: { required: ["stated", "code"] } }],
};

/** A request whose nested items use a keyword the generators do not know. */
const UNSUPPORTED = "selfTestDeriveInvalidRulesUnsupported" as OperationName;
const UNSUPPORTED_ID = schemaIdForBody(`${UNSUPPORTED}.request`);
const UNSUPPORTED_SCHEMA: SchemaObject = {
  $id: UNSUPPORTED_ID,
  type: "object",
  properties: { owner: { type: "object", properties: { list: { type: "array", items: { minLength: 1 } } } } },
};

/** A request whose x-strict entry names its required fields as one string, not a list. */
const MALFORMED_STRICT = "selfTestDeriveInvalidRulesMalformedStrict" as OperationName;
const MALFORMED_STRICT_ID = schemaIdForBody(`${MALFORMED_STRICT}.request`);
const MALFORMED_STRICT_SCHEMA: SchemaObject = {
  $id: MALFORMED_STRICT_ID,
  type: "object",
  "x-strict": [
    { register: "required-request-fields", schema: { required: ["a"] } },
    { register: "required-request-fields", schema: { required: "b" } },
  ],
};

/** A request whose minimums are a fraction on a number and an integer under -2^31. */
const BOUNDS = "selfTestDeriveInvalidRulesBounds" as OperationName;
const BOUNDS_SCHEMA: SchemaObject = {
  $id: schemaIdForBody(`${BOUNDS}.request`),
  type: "object",
  properties: { ratio: { type: "number", minimum: 2.5 }, debt: { type: "integer", minimum: -3e9 } },
};

const registry = contractSchemaRegistry();
for (const schema of [SCHEMA, UNSUPPORTED_SCHEMA, MALFORMED_STRICT_SCHEMA, BOUNDS_SCHEMA]) {
  if (!registry.documents().some((doc) => doc.$id === schema.$id)) registry.add(schema);
}

const env: SchemaEnvironment = { registry, profile: "stated" };
const rules = deriveInvalidRules(OPERATION);

const row = invalidRuleRow;

function byName(name: string): InvalidRule {
  const rule = rules.find((r) => r.rule === name);
  if (rule === undefined) throw new Error(`no rule ${name}`);
  return rule;
}

function sample(name: string, current?: unknown, numRuns = 200): unknown[] {
  const t = byName(name).target;
  if (t.kind !== "json" || t.value === "delete") throw new Error(`${name} holds no value arbitrary`);
  const arb = typeof t.value === "function" ? t.value(current) : t.value;
  return fc.sample(arb, { numRuns, seed: 1 });
}

/** True when `value` satisfies the schema of the property at `path` (dot-separated). */
function validAt(path: string, value: unknown): boolean {
  const [first = "", ...rest] = path.split(".");
  let schema: SchemaObject = PROPERTIES[first] as SchemaObject;
  for (const name of rest) schema = (schema.properties as Record<string, SchemaObject>)[name] as SchemaObject;
  return matchesAll([{ schema, baseUri: ID, location: `${ID}#/${path}` }], value, env);
}

const p = (...names: string[]) => JSON.stringify(names.map((property) => ({ property })));

describe("deriveInvalidRules on a hand-written request schema", () => {
  it("derives exactly these rules, in schema order", () => {
    // The first six, the body and raw rules every operation has, are deriveInvalidRules.test.ts's.
    expect(rules.map(row).slice(6)).toStrictEqual([
      `amount:wrong-type-string | invalid-field-status | must-400 | ${p("amount")} arb | amount holds a JSON string where the schema says number`,
      `amount:numeric-text | numeric-coercion | must-400 | ${p("amount")} fn | amount holds its number as a JSON string ("1" for 1)`,
      `amount:below-minimum | invalid-field-status | should-400 | ${p("amount")} arb | amount is below its minimum 2`,
      `count:wrong-type-string | invalid-field-status | must-400 | ${p("count")} arb | count holds a JSON string where the schema says integer`,
      `count:wrong-type-boolean | invalid-field-status | must-400 | ${p("count")} arb | count holds a JSON boolean where the schema says integer`,
      `count:numeric-text | numeric-coercion | must-400 | ${p("count")} fn | count holds its number as a JSON string ("1" for 1)`,
      `count:below-minimum | invalid-field-status | should-400 | ${p("count")} arb | count is below its minimum 1.5`,
      `count:fractional | numeric-coercion | must-400 | ${p("count")} arb | count is a fractional number where the schema says integer`,
      `level:wrong-type-string | invalid-field-status | must-400 | ${p("level")} arb | level holds a JSON string where the schema says integer`,
      `level:wrong-type-boolean | invalid-field-status | must-400 | ${p("level")} arb | level holds a JSON boolean where the schema says integer`,
      `level:numeric-text | numeric-coercion | must-400 | ${p("level")} fn | level holds its number as a JSON string ("1" for 1)`,
      `level:fractional | numeric-coercion | must-400 | ${p("level")} arb | level is a fractional number where the schema says integer`,
      `code:wrong-type-number | invalid-field-status | must-400 | ${p("code")} arb | code holds a JSON number where the schema says string`,
      `code:pattern-mismatch | invalid-field-status | should-400 | ${p("code")} fn | code does not match ^[A-Za-z]+$`,
      `label:wrong-type-number | invalid-field-status | must-400 | ${p("label")} arb | label holds a JSON number where the schema says string`,
      `word:wrong-type-number | invalid-field-status | must-400 | ${p("word")} arb | word holds a JSON number where the schema says string`,
      `tags:wrong-type-string | invalid-field-status | must-400 | ${p("tags")} arb | tags holds a JSON string where the schema says array`,
      `owner:wrong-type-string | invalid-field-status | must-400 | ${p("owner")} arb | owner holds a JSON string where the schema says object (§9.1, §9.2.3)`,
      `owner:wrong-type-array | invalid-field-status | must-400 | ${p("owner")} arb | owner holds a JSON array where the schema says object (§9.1, §9.2.3)`,
      `owner.analyticId:wrong-type-number | invalid-field-status | must-400 | ${p("owner", "analyticId")} arb | owner.analyticId holds a JSON number where the schema says string`,
      `owner.analyticId:pattern-mismatch | malformed-analytic-id | 400-or-404 | ${p("owner", "analyticId")} fn | owner.analyticId does not match ^analytic://[a-z]+$`,
      `stated:wrong-type-string | invalid-field-status | must-400 | ${p("stated")} arb | stated holds a JSON string where the schema says boolean`,
      `stated:missing | required-request-fields | 400-or-404 | ${p("stated")} delete | stated is missing, which the operation cannot work without (register required-request-fields; §7 "required parameters missing")`,
      `code:missing | required-request-fields | should-400 | ${p("code")} delete | code is missing, which the operation cannot work without (register required-request-fields; §7 "required parameters missing")`,
    ]);
  });

  it("every value a property rule puts in place breaks that property's schema", () => {
    const current: Record<string, unknown> = {
      amount: 2.5,
      count: 3,
      level: 1,
      code: "abc",
      "owner.analyticId": "analytic://a",
    };
    for (const rule of rules) {
      const t = rule.target;
      if (t.kind !== "json" || t.at.length === 0 || t.value === "delete") continue;
      const [path = ""] = rule.rule.split(":");
      const values = sample(rule.rule, current[path], 50);
      expect(
        values.filter((v) => validAt(path, v)),
        rule.rule,
      ).toStrictEqual([]);
    }
  });

  it("a number below its minimum: the minimum less one, and integers under it", () => {
    const values = sample("amount:below-minimum") as number[];
    expect(values).toContain(1);
    expect(values.filter((v) => !Number.isInteger(v) || v > 1)).toStrictEqual([]);
  });

  it("an integer below a fractional minimum (the greatest of several): the integer just under it", () => {
    const values = sample("count:below-minimum") as number[];
    expect(values).toContain(1);
    expect(values.filter((v) => !Number.isInteger(v) || v > 1)).toStrictEqual([]);
  });

  it("fractions lie between the smallest integer at the minimum and the greatest integer under the smallest maximum", () => {
    expect(new Set(sample("count:fractional"))).toStrictEqual(new Set([2.5, 2.1, 2.25, 2.999, 3.5, 3.1, 3.25, 3.999]));
    expect(new Set(sample("level:fractional"))).toStrictEqual(
      new Set([0.5, 0.1, 0.25, 0.999, 1.5, 1.1, 1.25, 1.999, 2.5, 2.1, 2.25, 2.999]),
    );
  });

  it("a number's own text, whatever the number", () => {
    expect(sample("amount:numeric-text", 2.5, 5)).toStrictEqual(["2.5", "2.5", "2.5", "2.5", "2.5"]);
    expect(new Set(sample("amount:numeric-text", "abc"))).toStrictEqual(new Set(["1", "0", "10"]));
  });

  it("wrong-type strings for numbers are never numeric text; for other types, any short text", () => {
    expect(new Set(sample("amount:wrong-type-string"))).toStrictEqual(new Set(["ten", "one", "1a", "true", "x"]));
    const forBoolean = sample("stated:wrong-type-string") as string[];
    expect(forBoolean.filter((v) => typeof v !== "string" || v.length > 8)).toStrictEqual([]);
    expect(forBoolean).toContain("1");
  });
});

describe("pattern breakers of a pattern without a register entry of its own", () => {
  const re = /^[A-Za-z]+$/u;

  it("keep only the derived texts that break the pattern", () => {
    const values = sample("code:pattern-mismatch", "abc") as string[];
    expect(values.filter((v) => re.test(v))).toStrictEqual([]);
    const derived = new Set(["abc/", " abc ", "", "not-an-id", " ", "/"]);
    expect(new Set(values.filter((v) => derived.has(v)))).toStrictEqual(derived);
  });

  it("beyond the derived texts, only free texts of up to 16 characters", () => {
    for (const current of [undefined, "", "abc"]) {
      const values = sample("code:pattern-mismatch", current) as string[];
      expect(values.filter((v) => v.length > 16)).toStrictEqual([]);
    }
  });

  it("an empty current value adds no texts of its own", () => {
    expect(sample("code:pattern-mismatch", "")).not.toContain("  ");
  });

  it("cut the scheme only at the start of the current value", () => {
    const values = sample("code:pattern-mismatch", "a/b//c");
    expect(values).toContain("a/b//c");
    expect(values).not.toContain("a/c");
  });
});

describe("minimums whole integers cannot sit under", () => {
  const below = (name: string) => {
    const rule = deriveInvalidRules(BOUNDS).find((candidate) => candidate.rule === `${name}:below-minimum`);
    if (rule?.target.kind !== "json" || typeof rule.target.value !== "object") throw new Error(`no ${name} rule`);
    return fc.sample(rule.target.value as fc.Arbitrary<number>, { numRuns: 200, seed: 1 });
  };

  it("a fractional minimum on a number: the minimum less one, and whole numbers under it", () => {
    const values = below("ratio");
    expect(values).toContain(1.5);
    expect(values.filter((value) => value !== 1.5 && (!Number.isInteger(value) || value > 1))).toStrictEqual([]);
  });

  it("a minimum under -2^31: the integer just under it, and integers under that", () => {
    const values = below("debt");
    expect(values).toContain(-3e9 - 1);
    expect(values.filter((value) => !Number.isSafeInteger(value) || value >= -3e9)).toStrictEqual([]);
  });
});

describe("nested schemas keep their location", () => {
  it("a keyword the generators do not know, deep in the request, is refused at its own location", () => {
    const error = unsupportedSchemaErrorOf(() => deriveInvalidRules(UNSUPPORTED));
    expect(error.keyword).toBe("minLength");
    expect(error.location).toBe(`${UNSUPPORTED_ID}#/properties/owner/properties/list/items`);
  });
  it("a malformed x-strict entry is refused at its own location", () => {
    const error = unsupportedSchemaErrorOf(() => deriveInvalidRules(MALFORMED_STRICT));
    expect(error.keyword).toBe("required");
    expect(error.location).toBe(`${MALFORMED_STRICT_ID}#/x-strict/1/schema`);
  });
});

describe("raw malformed JSON", () => {
  it("drops a candidate that is still well-formed (quotes swapped in a body without quotes)", () => {
    const t = byName("raw:malformed-json").target;
    if (t.kind !== "raw") throw new Error("not raw");
    expect(new Set(fc.sample(t.text("{}"), { numRuns: 100, seed: 1 }))).toStrictEqual(
      new Set(["{", "{},", "{}}", "{{}"]),
    );
  });
});

import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { deriveInvalidRules, type InvalidRule } from "../../../../generators/_internals/deriveInvalidRules.js";
import { invalidRuleRow } from "../invalidRuleRow.js";

const row = invalidRuleRow;

const BODY_ROWS = [
  "body:array | invalid-field-status | must-400 | [] arb | the body is a JSON array, not an object (§4: JSON object bodies)",
  "body:string | invalid-field-status | must-400 | [] arb | the body is a JSON string, not an object (§4: JSON object bodies)",
  "body:number | invalid-field-status | must-400 | [] arb | the body is a JSON number, not an object (§4: JSON object bodies)",
  "body:null | invalid-field-status | should-400 | [] arb | the body is a JSON null, not an object (§4: JSON object bodies)",
  "raw:malformed-json | invalid-field-status | must-400 | raw | the body is not well-formed JSON (§4, §7)",
  "raw:empty-body | invalid-field-status | should-400 | raw | the request carries an empty body (§4: every operation takes a JSON body)",
];

function byName(rules: readonly InvalidRule[], name: string): InvalidRule {
  const rule = rules.find((r) => r.rule === name);
  if (rule === undefined) throw new Error(`no rule ${name}`);
  return rule;
}

function sample(rule: InvalidRule, current?: unknown): unknown[] {
  const t = rule.target;
  if (t.kind !== "json" || t.value === "delete") throw new Error(`${rule.rule} holds no value arbitrary`);
  const arb = typeof t.value === "function" ? t.value(current) : t.value;
  return fc.sample(arb, { numRuns: 200, seed: 7 });
}

function rawSample(rule: InvalidRule, json: string): string[] {
  const t = rule.target;
  if (t.kind !== "raw") throw new Error(`${rule.rule} is not raw`);
  return fc.sample(t.text(json), { numRuns: 50, seed: 7 });
}

describe("deriveInvalidRules reads the request schema", () => {
  it("getAnalytic: wrong type, pattern mismatch (register malformed-analytic-id) and the required id (§7 'required parameters missing')", () => {
    expect(deriveInvalidRules("getAnalytic").map(row)).toEqual([
      ...BODY_ROWS,
      'analyticId:wrong-type-number | invalid-field-status | must-400 | [{"property":"analyticId"}] arb | analyticId holds a JSON number where the schema says string (§4.3, §2.5)',
      'analyticId:pattern-mismatch | malformed-analytic-id | 400-or-404 | [{"property":"analyticId"}] fn | analyticId does not match ^analytic://[^/]+/[^/]+$ (§4.3, §2.5)',
      'analyticId:missing | required-request-fields | 400-or-404 | [{"property":"analyticId"}] delete | analyticId is missing, which the operation cannot work without (register required-request-fields; §7 "required parameters missing")',
    ]);
  });

  it("getRoleFilters: arrays recurse into their items, labelled with []", () => {
    expect(deriveInvalidRules("getRoleFilters").map(row)).toEqual([
      ...BODY_ROWS,
      'roles:wrong-type-string | invalid-field-status | must-400 | [{"property":"roles"}] arb | roles holds a JSON string where the schema says array (§4.5)',
      'roles[]:wrong-type-number | invalid-field-status | must-400 | [{"property":"roles"},{"item":true}] arb | roles[] holds a JSON number where the schema says string',
      'domainName:wrong-type-number | invalid-field-status | must-400 | [{"property":"domainName"}] arb | domainName holds a JSON number where the schema says string (§4.5)',
      'serviceName:wrong-type-number | invalid-field-status | must-400 | [{"property":"serviceName"}] arb | serviceName holds a JSON number where the schema says string (§4.5)',
      'roles:missing | required-request-fields | should-400 | [{"property":"roles"}] delete | roles is missing, which the operation cannot work without (register required-request-fields; §7 "required parameters missing")',
    ]);
  });

  it("listLandingPages: objects recurse into their properties; integers get numeric text, below-minimum and fractions", () => {
    const p = (name: string) => `[{"property":"pagination"},{"property":"${name}"}]`;
    const integerRows = (name: string, min: number) => [
      `pagination.${name}:wrong-type-string | invalid-field-status | must-400 | ${p(name)} arb | pagination.${name} holds a JSON string where the schema says integer (§2.11)`,
      `pagination.${name}:wrong-type-boolean | invalid-field-status | must-400 | ${p(name)} arb | pagination.${name} holds a JSON boolean where the schema says integer (§2.11)`,
      `pagination.${name}:numeric-text | numeric-coercion | must-400 | ${p(name)} fn | pagination.${name} holds its number as a JSON string ("1" for 1) (§2.11)`,
      `pagination.${name}:below-minimum | invalid-field-status | should-400 | ${p(name)} arb | pagination.${name} is below its minimum ${min} (§2.11)`,
      `pagination.${name}:fractional | numeric-coercion | must-400 | ${p(name)} arb | pagination.${name} is a fractional number where the schema says integer (§2.11)`,
    ];
    expect(deriveInvalidRules("listLandingPages").map(row)).toEqual([
      ...BODY_ROWS,
      'searchValue:wrong-type-number | invalid-field-status | must-400 | [{"property":"searchValue"}] arb | searchValue holds a JSON number where the schema says string (§4.2)',
      'pagination:wrong-type-string | invalid-field-status | must-400 | [{"property":"pagination"}] arb | pagination holds a JSON string where the schema says object (§4.2, §2.11, §4.1)',
      'pagination:wrong-type-array | invalid-field-status | must-400 | [{"property":"pagination"}] arb | pagination holds a JSON array where the schema says object (§4.2, §2.11, §4.1)',
      ...integerRows("pageNumber", 0),
      ...integerRows("pageSize", 1),
    ]);
  });
});

describe("the values each derivation puts in place", () => {
  const rules = deriveInvalidRules("listLandingPages");

  it("body values are of the named JSON kind", () => {
    expect(sample(byName(rules, "body:array")).every(Array.isArray)).toBe(true);
    expect(sample(byName(rules, "body:string")).every((v) => typeof v === "string")).toBe(true);
    expect(sample(byName(rules, "body:number")).every((v) => typeof v === "number" && Number.isFinite(v))).toBe(true);
    expect(sample(byName(rules, "body:null"))).toEqual(Array(200).fill(null));
  });

  it("raw texts: malformed JSON, and the empty body", () => {
    const json = '{"searchValue":"a"}';
    const malformed = rawSample(byName(rules, "raw:malformed-json"), json);
    for (const text of malformed) expect(() => JSON.parse(text)).toThrow();
    expect(new Set(malformed)).toEqual(
      new Set([
        '{"searchValue":"a"',
        '{"searchValue":"a"},',
        '{"searchValue":"a"}}',
        "{'searchValue':'a'}",
        `{${json}`,
      ]),
    );
    expect(rawSample(byName(rules, "raw:empty-body"), json)).toEqual(Array(50).fill(""));
  });

  it("a wrong string for an integer is never numeric text; a wrong number for a string is a number", () => {
    for (const v of sample(byName(rules, "pagination.pageSize:wrong-type-string"))) {
      expect(typeof v).toBe("string");
      expect(Number.isNaN(Number(v))).toBe(true);
    }
    expect(sample(byName(rules, "pagination.pageSize:wrong-type-boolean")).every((v) => typeof v === "boolean")).toBe(
      true,
    );
    expect(sample(byName(rules, "searchValue:wrong-type-number")).every((v) => typeof v === "number")).toBe(true);
    const objectAsString = sample(byName(rules, "pagination:wrong-type-string"));
    expect(objectAsString.every((v) => typeof v === "string")).toBe(true);
    expect(objectAsString.some((v) => v === "1")).toBe(true);
    expect(sample(byName(rules, "pagination:wrong-type-array")).every(Array.isArray)).toBe(true);
  });

  it("numeric text is the current number's own text, else a small number's", () => {
    expect(sample(byName(rules, "pagination.pageSize:numeric-text"), 25)).toEqual(Array(200).fill("25"));
    expect(new Set(sample(byName(rules, "pagination.pageSize:numeric-text"), undefined))).toEqual(
      new Set(["1", "0", "10"]),
    );
  });

  it("below-minimum values are integers under the minimum, including minimum - 1", () => {
    const values = sample(byName(rules, "pagination.pageSize:below-minimum")) as number[];
    expect(values.every((v) => Number.isInteger(v) && v <= 0)).toBe(true);
    expect(values).toContain(0);
    expect(values.some((v) => v < -1000)).toBe(true);
    const pageNumber = sample(byName(rules, "pagination.pageNumber:below-minimum")) as number[];
    expect(pageNumber.every((v) => Number.isInteger(v) && v <= -1)).toBe(true);
    expect(pageNumber).toContain(-1);
  });

  it("fractional values are non-negative non-integers at or above the minimum", () => {
    const values = sample(byName(rules, "pagination.pageSize:fractional")) as number[];
    for (const v of values) {
      expect(typeof v).toBe("number");
      expect(Number.isInteger(v)).toBe(false);
      expect(v).toBeGreaterThan(1);
      expect(v).toBeLessThan(1002);
    }
    expect(values.some((v) => v > 100)).toBe(true);
  });
});

describe("pattern breakers", () => {
  const rule = byName(deriveInvalidRules("getAnalytic"), "analyticId:pattern-mismatch");
  const re = /^analytic:\/\/[^/]+\/[^/]+$/u;

  it("never match the pattern", () => {
    for (const current of ["analytic://a/b", undefined, ""]) {
      for (const v of sample(rule, current)) {
        expect(typeof v).toBe("string");
        expect(re.test(v as string)).toBe(false);
      }
    }
  });

  it("start from the valid value being replaced", () => {
    const values = new Set(sample(rule, "analytic://a/b"));
    for (const expected of [
      "analytic://a/b/",
      "ANALYTIC://A/B",
      "a/b",
      " analytic://a/b ",
      "analytic:/a/b",
      "analytic:\\\\a\\b",
      "",
      "not-an-id",
      " ",
      "/",
    ]) {
      expect(values).toContain(expected);
    }
    expect([...values].some((v) => (v as string).length > 9 && !(v as string).includes("analytic"))).toBe(true);
  });

  it("without a valid value, use fixed and free texts only", () => {
    expect(sample(rule, undefined).some((v) => (v as string).includes("analytic"))).toBe(false);
    const values = sample(rule, "");
    expect(values.some((v) => (v as string).includes("analytic"))).toBe(false);
    expect(values).toContain("not-an-id");
  });
});

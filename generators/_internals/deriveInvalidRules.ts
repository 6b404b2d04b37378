/**
 * Invalid request derivations, read generically off a request schema: for each property (nested
 * objects included) a wrong JSON type, a number sent as its own text ("1" for 1), a value below
 * `minimum`, a fraction for an integer, a string breaking `pattern`; for each field an `x-strict`
 * entry requires, and each field the schema itself requires, the field missing. Expectations follow
 * the register entries invalid-field-status, required-request-fields and, for what lenient JSON
 * mappers coerce (a number's own text, a fraction), numeric-coercion: §2's integer is a JSON number
 * without fraction, so both must get 400 (§7).
 */
import { isJsonObject } from "../../contract/jsonValue.js";
import fc from "fast-check";
import { AMBIGUITY_REGISTER } from "../../contract/ambiguityRegister.js";
import type { OperationName } from "../../contract/operations.js";
import { schemaIdForBody } from "../../contract/schemaCatalogue.js";
import { flattenFragments, type SchemaEnvironment } from "./flattenFragments.js";
import {
  intersectTypes,
  numbersOf,
  objectLeaves,
  propertiesOf,
  requiredOf,
  stringsOf,
} from "./builders/leafKeywords.js";
import { patternRegExp } from "./matchesSchema.js";
import { childFragment, type Fragment } from "./schemaFragment.js";
import { contractSchemaRegistry } from "./schemaRegistry.js";

/** How the suite judges a target's answer to an invalid request (register entry invalid-field-status). */
export type InvalidExpectation = "must-400" | "should-400" | "400-or-404";

/** A step into a request body: a property name, or any item of an array. */
export type BodySegment = { readonly property: string } | { readonly item: true };

/** One derivation: where it strikes, what it puts there, and how the answer is judged. */
export interface InvalidRule {
  readonly rule: string;
  readonly description: string;
  readonly registerEntry: string;
  readonly expectation: InvalidExpectation;
  /** Where the bad value goes ([] for the whole body); "raw" rules replace the JSON text itself. */
  readonly target:
    | {
        readonly kind: "json";
        readonly at: readonly BodySegment[];
        readonly value: fc.Arbitrary<unknown> | "delete" | ((current: unknown) => fc.Arbitrary<unknown>);
      }
    | { readonly kind: "raw"; readonly text: (validJson: string) => fc.Arbitrary<string> };
}

const WRONG_TYPES: Readonly<Record<string, readonly string[]>> = {
  string: ["number"],
  integer: ["string", "boolean"],
  number: ["string"],
  boolean: ["string"],
  array: ["string"],
  object: ["string", "array"],
};

const WRONG_VALUES: Readonly<Record<string, fc.Arbitrary<unknown>>> = {
  number: fc.oneof(fc.constantFrom(0, 1, -1), fc.integer()),
  string: fc.oneof(fc.constantFrom("1", "0", "10", "-1", "true", ""), fc.string({ maxLength: 8 })),
  boolean: fc.boolean(),
  array: fc.oneof(fc.constant<unknown[]>([]), fc.array(fc.integer({ min: 0, max: 9 }), { minLength: 1, maxLength: 3 })),
};

const NUMBERS = new Set(["integer", "number"]);

/** Strings no JSON mapper reads as a number: a wrong type beyond doubt (register invalid-field-status). */
const NOT_NUMERIC_TEXT = fc.constantFrom("ten", "one", "1a", "true", "x");

/**
 * A number sent as its own text ("1" for 1): the near-miss that lenient JSON mappers coerce instead
 * of refusing, a failure like a fraction for an integer (register numeric-coercion).
 */
function asText(current: unknown): fc.Arbitrary<unknown> {
  return typeof current === "number" ? fc.constant(String(current)) : fc.constantFrom("1", "0", "10");
}

function sectionsOf(fragments: readonly Fragment[]): string {
  const sections = new Set(
    objectLeaves(fragments).flatMap(({ schema }) =>
      typeof schema.description === "string" ? (schema.description.match(/§[\d.]+\d/g) ?? []) : [],
    ),
  );
  return sections.size > 0 ? ` (${[...sections].join(", ")})` : "";
}

function labelOf(at: readonly BodySegment[]): string {
  return at
    .map((s) => ("property" in s ? `.${s.property}` : "[]"))
    .join("")
    .replace(/^\./, "");
}

function kebab(name: string): string {
  return name.replace(/([a-z0-9])([A-Z])/g, "$1-$2").toLowerCase();
}

/**
 * Strings that break `pattern`, starting from the valid value being replaced (a real id of the
 * target) when there is one: a trailing slash, upper case, the scheme cut, surrounding blanks;
 * then fixed and free texts. Every candidate is kept only when it really fails the pattern.
 */
function patternBreaker(pattern: string): (current: unknown) => fc.Arbitrary<string> {
  const re = patternRegExp(pattern);
  return (current) => {
    const fromValid =
      typeof current === "string" && current.length > 0
        ? [
            fc.constantFrom(
              `${current}/`,
              current.toUpperCase(),
              current.replace(/^[^/]*\/\//, ""),
              ` ${current} `,
              current.replace("://", ":/"),
              current.replace(/\//g, "\\"),
            ),
          ]
        : [];
    return fc
      .oneof(...fromValid, fc.constantFrom("", "not-an-id", " ", "/"), fc.string({ maxLength: 16 }))
      .filter((s) => !re.test(s));
  };
}

/** One field the rules are derived for: its leaves, where it is, how the messages name it, its one type. */
interface Field {
  readonly leaves: Fragment[];
  readonly at: readonly BodySegment[];
  readonly label: string;
  readonly where: string;
  readonly type: string;
}

/** The field holds a JSON value of another type (§7: a field filled incorrectly). */
function wrongTypeRules({ at, label, where, type }: Field, out: InvalidRule[]): void {
  for (const wrong of WRONG_TYPES[type] ?? []) {
    const value = WRONG_VALUES[wrong];
    if (value === undefined) continue;
    out.push({
      rule: `${label}:wrong-type-${wrong}`,
      description: `${label} holds a JSON ${wrong} where the schema says ${type}${where}`,
      registerEntry: "invalid-field-status",
      expectation: "must-400",
      target: { kind: "json", at, value: wrong === "string" && NUMBERS.has(type) ? NOT_NUMERIC_TEXT : value },
    });
  }
}

/** A number's rules: held as text, below its minimum, fractional where an integer is due. */
function numberRules({ leaves, at, label, where, type }: Field, out: InvalidRule[]): void {
  if (NUMBERS.has(type)) {
    out.push({
      rule: `${label}:numeric-text`,
      description: `${label} holds its number as a JSON string ("1" for 1)${where}`,
      registerEntry: "numeric-coercion",
      expectation: "must-400",
      target: { kind: "json", at, value: asText },
    });
  }
  const minimum = numbersOf(leaves, "minimum");
  if ((type === "integer" || type === "number") && minimum.length > 0) {
    const min = Math.max(...minimum);
    const below = type === "integer" ? Math.ceil(min) - 1 : min - 1;
    out.push({
      rule: `${label}:below-minimum`,
      description: `${label} is below its minimum ${min}${where}`,
      // A value outside the range the spec gives (§2.11: the first page has index 0, a page holds records)
      // is filled incorrectly (§7), expected 400; a negative index read as a page outside the listing and a
      // size of 0 read as not set are readings too (register invalid-field-status), whose pages
      // pagination.invalid-rejected judges: here another answer below 500 is a warning.
      registerEntry: "invalid-field-status",
      expectation: "should-400",
      target: {
        kind: "json",
        at,
        // Whole numbers at or under `below` (a fractional number minimum, or one under -2^31, bounds them too).
        value: fc.oneof(
          fc.constant(below),
          fc.integer({ min: Math.min(-(2 ** 31), Math.floor(below)), max: Math.floor(below) }),
        ),
      },
    });
  }
  if (type === "integer") {
    const lo = minimum.length > 0 ? Math.max(0, Math.ceil(Math.max(...minimum))) : 0;
    const maximum = numbersOf(leaves, "maximum");
    const hi = maximum.length > 0 ? Math.floor(Math.min(...maximum)) - 1 : lo + 1000;
    out.push({
      rule: `${label}:fractional`,
      description: `${label} is a fractional number where the schema says integer${where}`,
      registerEntry: "numeric-coercion",
      expectation: "must-400",
      target: {
        kind: "json",
        at,
        value: fc
          .tuple(fc.integer({ min: lo, max: Math.max(lo, hi) }), fc.constantFrom(0.5, 0.1, 0.25, 0.999))
          .map(([n, f]) => n + f),
      },
    });
  }
}

/** A string with one pattern holds a text that does not match it (a malformed-<field> register entry when there is one). */
function patternRule({ leaves, at, label, where, type }: Field, out: InvalidRule[]): void {
  const [pattern, ...morePatterns] = stringsOf(leaves, "pattern");
  if (type !== "string" || pattern === undefined || morePatterns.length > 0) return;
  const last = [...at].reverse().find((s): s is { property: string } => "property" in s);
  const specific = last ? `malformed-${kebab(last.property)}` : undefined;
  const entry = AMBIGUITY_REGISTER.find((e) => e.id === specific);
  out.push({
    rule: `${label}:pattern-mismatch`,
    description: `${label} does not match ${pattern}${where}`,
    registerEntry: entry?.id ?? "invalid-field-status",
    expectation: entry ? "400-or-404" : "should-400",
    target: { kind: "json", at, value: patternBreaker(pattern) },
  });
}

/** The rules of one field of a single type, then of its properties or items, depth first. */
function propertyRules(
  fragments: readonly Fragment[],
  at: readonly BodySegment[],
  env: SchemaEnvironment,
  out: InvalidRule[],
): void {
  const leaves = flattenFragments(fragments, env);
  const types = intersectTypes(leaves) ?? [];
  const [type] = types;
  if (types.length !== 1 || type === undefined) return; // a union type has no single "wrong" type
  const field: Field = { leaves, at, label: labelOf(at), where: sectionsOf(leaves), type };
  wrongTypeRules(field, out);
  numberRules(field, out);
  patternRule(field, out);
  if (type === "object") {
    for (const { fragment, schema } of objectLeaves(leaves)) {
      for (const [name, sub] of Object.entries(propertiesOf(fragment, schema))) {
        propertyRules([childFragment(fragment, `properties/${name}`, sub)], [...at, { property: name }], env, out);
      }
    }
  }
  if (type === "array") {
    const items = objectLeaves(leaves).flatMap(({ fragment, schema }) =>
      schema.items === undefined ? [] : [childFragment(fragment, "items", schema.items)],
    );
    if (items.length > 0) propertyRules(items, [...at, { item: true }], env, out);
  }
}

function isMalformed(text: string): boolean {
  try {
    JSON.parse(text);
    return false;
  } catch {
    return true;
  }
}

/** Bodies of the wrong shape: another JSON type than an object, JSON that is not well formed, no body at all. */
function bodyShapeRules(): InvalidRule[] {
  const rules: InvalidRule[] = [];
  for (const [kind, value] of [
    ["array", fc.array(fc.jsonValue({ maxDepth: 1 }), { maxLength: 3 })],
    ["string", fc.string({ maxLength: 12 })],
    [
      "number",
      fc.oneof(
        fc.integer(),
        fc.double({ noNaN: true, noDefaultInfinity: true }).map((n) => (Object.is(n, -0) ? 0 : n)),
      ),
    ],
    ["null", fc.constant(null)],
  ] as const) {
    rules.push({
      rule: `body:${kind}`,
      description: `the body is a JSON ${kind}, not an object (§4: JSON object bodies)`,
      registerEntry: "invalid-field-status",
      // A JSON null body is read as "no body" by common frameworks: expected 400, a warning otherwise.
      expectation: kind === "null" ? "should-400" : "must-400",
      target: { kind: "json", at: [], value },
    });
  }
  rules.push(
    {
      rule: "raw:malformed-json",
      description: "the body is not well-formed JSON (§4, §7)",
      registerEntry: "invalid-field-status",
      expectation: "must-400",
      target: {
        kind: "raw",
        text: (json) =>
          fc
            .constantFrom(json.slice(0, -1), `${json},`, `${json}}`, json.replace(/"/g, "'"), `{${json}`)
            .filter(isMalformed),
      },
    },
    {
      rule: "raw:empty-body",
      description: "the request carries an empty body (§4: every operation takes a JSON body)",
      registerEntry: "invalid-field-status",
      expectation: "should-400",
      target: { kind: "raw", text: () => fc.constant("") },
    },
  );
  return rules;
}

/** Required fields left out: those the spec requires must get 400, those only an x-strict entry requires follow the register. */
function missingFieldRules(root: Fragment, leaves: Fragment[]): InvalidRule[] {
  const rules: InvalidRule[] = [];
  // Fields the operation cannot work without (a read's identifier, §4.3, §4.4): missing, they get 400 (§7
  // "required parameters missing") or, read as asking for no component, 404 (§4: required fields not shown).
  const statedRequired = requiredOf(leaves);
  for (const name of statedRequired) {
    rules.push({
      rule: `${name}:missing`,
      description: `${name} is missing, which the operation cannot work without (register required-request-fields; §7 "required parameters missing")`,
      registerEntry: "required-request-fields",
      expectation: "400-or-404",
      target: { kind: "json", at: [{ property: name }], value: "delete" },
    });
  }
  // Fields only an x-strict entry requires: the register says what a request without them gets.
  const entries =
    typeof root.schema === "object" && Array.isArray(root.schema["x-strict"]) ? root.schema["x-strict"] : [];
  entries.forEach((entry, i) => {
    if (!isJsonObject(entry) || typeof entry.register !== "string") return;
    const entryFragment = childFragment(root, `x-strict/${i}/schema`, entry.schema);
    for (const name of requiredOf([entryFragment])) {
      if (statedRequired.has(name)) continue;
      rules.push({
        rule: `${name}:missing`,
        description: `${name} is missing, which the operation cannot work without (register ${entry.register}; §7 "required parameters missing")`,
        registerEntry: entry.register,
        expectation: "should-400",
        target: { kind: "json", at: [{ property: name }], value: "delete" },
      });
    }
  });
  return rules;
}

/** Every derivation of one operation's request schema, in a stable order. */
export function deriveInvalidRules(operation: OperationName): InvalidRule[] {
  const registry = contractSchemaRegistry();
  const root = registry.root(schemaIdForBody(`${operation}.request`));
  const stated: SchemaEnvironment = { registry, profile: "stated" };
  const rules: InvalidRule[] = [];

  rules.push(...bodyShapeRules());

  const leaves = flattenFragments([root], stated);
  for (const { fragment, schema } of objectLeaves(leaves)) {
    for (const [name, sub] of Object.entries(propertiesOf(fragment, schema))) {
      propertyRules([childFragment(fragment, `properties/${name}`, sub)], [{ property: name }], stated, rules);
    }
  }

  rules.push(...missingFieldRules(root, leaves));
  return rules;
}

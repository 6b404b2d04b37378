/** A small evaluator for the keywords the compiler supports: filters enums, `not` and `if` branches. */
import { isJsonObject, jsonEqual } from "../../contract/jsonValue.js";
import { flattenFragments, type SchemaEnvironment } from "./flattenFragments.js";
import { childFragment, type Fragment, type SchemaObject } from "./schemaFragment.js";

const DATE_TIME = /^\d{4}-\d{2}-\d{2}[Tt]\d{2}:\d{2}:\d{2}(\.\d+)?([Zz]|[+-]\d{2}:\d{2})$/;
const patternCache = new Map<string, RegExp>();

/** The RegExp of a `pattern`, with the `u` flag as Ajv uses it. */
export function patternRegExp(pattern: string): RegExp {
  let re = patternCache.get(pattern);
  if (re === undefined) {
    re = new RegExp(pattern, "u");
    patternCache.set(pattern, re);
  }
  return re;
}

/** The JSON type of a value in JSON Schema terms ("integer" for whole numbers). */
function jsonTypeOf(value: unknown): string {
  if (value === null) return "null";
  if (Array.isArray(value)) return "array";
  if (typeof value === "number") return Number.isInteger(value) ? "integer" : "number";
  return typeof value;
}

function hasType(value: unknown, type: unknown): boolean {
  const actual = jsonTypeOf(value);
  const types = Array.isArray(type) ? type : [type];
  return types.some((t) => t === actual || (t === "number" && actual === "integer"));
}

/**
 * Flattened conjunctions, by the array of fragments and by a leaf's subschema key: filters evaluate
 * the same schemas for every generated value, and flattening them anew each time cost more than the
 * evaluation (issue 28.2). Flattening depends only on the fragments and the environment.
 */
const flattenedConjunctions = new WeakMap<readonly Fragment[], { env: SchemaEnvironment; leaves: Fragment[] }>();
const flattenedChildren = new WeakMap<Fragment, Map<string, { env: SchemaEnvironment; leaves: Fragment[] }>>();

function leavesOf(fragments: readonly Fragment[], env: SchemaEnvironment): Fragment[] {
  const known = flattenedConjunctions.get(fragments);
  if (known?.env === env) return known.leaves;
  const leaves = flattenFragments(fragments, env);
  flattenedConjunctions.set(fragments, { env, leaves });
  return leaves;
}

function childLeaves(leaf: Fragment, key: string, schema: unknown, env: SchemaEnvironment): Fragment[] {
  let byKey = flattenedChildren.get(leaf);
  if (byKey === undefined) {
    byKey = new Map();
    flattenedChildren.set(leaf, byKey);
  }
  const known = byKey.get(key);
  if (known?.env === env) return known.leaves;
  const leaves = flattenFragments([childFragment(leaf, key, schema)], env);
  byKey.set(key, { env, leaves });
  return leaves;
}

/** True when `value` satisfies every fragment of the conjunction (including `absent`). */
export function matchesAll(fragments: readonly Fragment[], value: unknown, env: SchemaEnvironment): boolean {
  return leavesOf(fragments, env).every((leaf) => matchesLeaf(leaf, value, env));
}

/** Whether `value` matches the subschema at `key` of the leaf being evaluated. */
type MatchesSub = (key: string, schema: unknown, value: unknown) => boolean;

/** type, const and enum. */
function matchesValueKeywords(schema: SchemaObject, value: unknown): boolean {
  if (schema.type !== undefined && !hasType(value, schema.type)) return false;
  if (schema.const !== undefined && !jsonEqual(schema.const, value)) return false;
  if (Array.isArray(schema.enum) && !schema.enum.some((option) => jsonEqual(option, value))) return false;
  return true;
}

/** pattern and format (date-time), on strings only. */
function matchesStringKeywords(schema: SchemaObject, value: string): boolean {
  if (typeof schema.pattern === "string" && !patternRegExp(schema.pattern).test(value)) return false;
  if (schema.format === "date-time" && !(DATE_TIME.test(value) && !Number.isNaN(Date.parse(value)))) return false;
  return true;
}

/** minimum and maximum, on numbers only. */
function matchesNumberKeywords(schema: SchemaObject, value: number): boolean {
  if (typeof schema.minimum === "number" && value < schema.minimum) return false;
  if (typeof schema.maximum === "number" && value > schema.maximum) return false;
  return true;
}

/** minItems, maxItems and items, on arrays only. */
function matchesArrayKeywords(schema: SchemaObject, value: readonly unknown[], sub: MatchesSub): boolean {
  if (typeof schema.minItems === "number" && value.length < schema.minItems) return false;
  if (typeof schema.maxItems === "number" && value.length > schema.maxItems) return false;
  if (schema.items !== undefined && !value.every((item) => sub("items", schema.items, item))) return false;
  return true;
}

/** required, properties and additionalProperties, on objects only. */
function matchesObjectKeywords(
  schema: SchemaObject,
  value: Readonly<Record<string, unknown>>,
  sub: MatchesSub,
): boolean {
  if (
    Array.isArray(schema.required) &&
    !schema.required.every((name) => typeof name === "string" && Object.hasOwn(value, name))
  )
    return false;
  const properties = isJsonObject(schema.properties) ? schema.properties : {};
  for (const [name, propertySchema] of Object.entries(properties)) {
    if (Object.hasOwn(value, name) && !sub(`properties/${name}`, propertySchema, value[name])) return false;
  }
  if (schema.additionalProperties !== undefined) {
    for (const name of Object.keys(value)) {
      if (!Object.hasOwn(properties, name) && !sub("additionalProperties", schema.additionalProperties, value[name]))
        return false;
    }
  }
  return true;
}

/** anyOf, oneOf, not and if/then/else. */
function matchesApplicators(schema: SchemaObject, value: unknown, sub: MatchesSub): boolean {
  if (Array.isArray(schema.anyOf) && !schema.anyOf.some((s, i) => sub(`anyOf/${i}`, s, value))) return false;
  if (Array.isArray(schema.oneOf) && schema.oneOf.filter((s, i) => sub(`oneOf/${i}`, s, value)).length !== 1)
    return false;
  if (schema.not !== undefined && sub("not", schema.not, value)) return false;
  if (schema.if !== undefined) {
    const branch = sub("if", schema.if, value) ? "then" : "else";
    if (schema[branch] !== undefined && !sub(branch, schema[branch], value)) return false;
  }
  return true;
}

function matchesLeaf(leaf: Fragment, value: unknown, env: SchemaEnvironment): boolean {
  const { schema } = leaf;
  if (typeof schema === "boolean") return schema;
  if (leaf.absent && isJsonObject(value) && leaf.absent.some((name) => Object.hasOwn(value, name))) return false;
  const sub: MatchesSub = (key, s, v) => childLeaves(leaf, key, s, env).every((child) => matchesLeaf(child, v, env));
  return (
    matchesValueKeywords(schema, value) &&
    (typeof value !== "string" || matchesStringKeywords(schema, value)) &&
    (typeof value !== "number" || matchesNumberKeywords(schema, value)) &&
    (!Array.isArray(value) || matchesArrayKeywords(schema, value, sub)) &&
    (!isJsonObject(value) || matchesObjectKeywords(schema, value, sub)) &&
    matchesApplicators(schema, value, sub)
  );
}

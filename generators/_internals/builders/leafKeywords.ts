/** Reads keyword values from the leaves of a conjunction, refusing malformed ones with the value received. */
import { isJsonObject } from "../../../contract/jsonValue.js";
import { type Fragment } from "../schemaFragment.js";
import { UnsupportedSchemaError } from "../supportedKeywords.js";

/** The leaves that are schema objects (boolean `true` leaves constrain nothing). */
export function objectLeaves(
  leaves: readonly Fragment[],
): { fragment: Fragment; schema: Readonly<Record<string, unknown>> }[] {
  return leaves.flatMap((fragment) =>
    typeof fragment.schema === "boolean" ? [] : [{ fragment, schema: fragment.schema }],
  );
}

/** Every numeric value of `keyword` across the leaves. */
export function numbersOf(leaves: readonly Fragment[], keyword: string): number[] {
  return objectLeaves(leaves).flatMap(({ fragment, schema }) => {
    const value = schema[keyword];
    if (value === undefined) return [];
    if (typeof value !== "number" || !Number.isFinite(value)) {
      throw new UnsupportedSchemaError(
        fragment.location,
        keyword,
        `${keyword} must be a finite number, received ${JSON.stringify(value)}`,
      );
    }
    return [value];
  });
}

/** Every string value of `keyword` across the leaves. */
export function stringsOf(leaves: readonly Fragment[], keyword: string): string[] {
  return objectLeaves(leaves).flatMap(({ fragment, schema }) => {
    const value = schema[keyword];
    if (value === undefined) return [];
    if (typeof value !== "string")
      throw new UnsupportedSchemaError(
        fragment.location,
        keyword,
        `${keyword} must be a string, received ${JSON.stringify(value)}`,
      );
    return [value];
  });
}

/** The union of every `required` list across the leaves. */
export function requiredOf(leaves: readonly Fragment[]): Set<string> {
  const names = new Set<string>();
  for (const { fragment, schema } of objectLeaves(leaves)) {
    const value = schema.required;
    if (value === undefined) continue;
    if (!Array.isArray(value) || !value.every((name): name is string => typeof name === "string")) {
      throw new UnsupportedSchemaError(
        fragment.location,
        "required",
        `required must be a list of names, received ${JSON.stringify(value)}`,
      );
    }
    for (const name of value) names.add(name);
  }
  return names;
}

/** The `properties` map of one leaf, checked. */
export function propertiesOf(fragment: Fragment, schema: Readonly<Record<string, unknown>>): Record<string, unknown> {
  const value = schema.properties;
  if (value === undefined) return {};
  if (!isJsonObject(value))
    throw new UnsupportedSchemaError(
      fragment.location,
      "properties",
      `properties must be an object, received ${JSON.stringify(value)}`,
    );
  return value;
}

const JSON_TYPES = new Set(["string", "number", "integer", "boolean", "null", "array", "object"]);

/** The intersection of the leaves' `type` keywords ("integer" ⊂ "number"), or undefined when none says. */
export function intersectTypes(leaves: readonly Fragment[]): string[] | undefined {
  let acc: string[] | undefined;
  for (const { fragment, schema } of objectLeaves(leaves)) {
    const value = schema.type;
    if (value === undefined) continue;
    const list: unknown[] = Array.isArray(value) ? value : [value];
    if (!list.every((t): t is string => typeof t === "string" && JSON_TYPES.has(t))) {
      throw new UnsupportedSchemaError(
        fragment.location,
        "type",
        `type must name JSON types, received ${JSON.stringify(value)}`,
      );
    }
    acc = acc === undefined ? [...list] : intersectTwo(acc, list);
  }
  return acc;
}

function intersectTwo(a: readonly string[], b: readonly string[]): string[] {
  const out = new Set<string>();
  for (const t of a) {
    if (b.includes(t)) out.add(t);
    else if (t === "integer" && b.includes("number")) out.add("integer");
    else if (t === "number" && b.includes("integer")) out.add("integer");
  }
  return [...out];
}

const KEYWORDS_BY_TYPE: readonly (readonly [string, readonly string[]])[] = [
  ["object", ["properties", "required", "additionalProperties"]],
  ["array", ["items", "minItems", "maxItems"]],
  ["string", ["pattern", "format"]],
  ["number", ["minimum", "maximum"]],
];

/** The types a schema without `type` implies by its keywords (empty: any JSON value). */
export function impliedTypes(leaves: readonly Fragment[]): string[] {
  const present = new Set(objectLeaves(leaves).flatMap(({ schema }) => Object.keys(schema)));
  if (leaves.some((leaf) => leaf.absent !== undefined)) present.add("required");
  return KEYWORDS_BY_TYPE.filter(([, keywords]) => keywords.some((k) => present.has(k))).map(([type]) => type);
}

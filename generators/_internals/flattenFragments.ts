/** Expands `$ref`, `allOf` and (under the strict profile) `x-strict` into a flat conjunction of fragments. */
import { isJsonObject } from "../../contract/jsonValue.js";
import { childFragment, type Fragment, type SchemaProfile } from "./schemaFragment.js";
import type { SchemaRegistry } from "./schemaRegistry.js";
import { assertSupportedKeywords, UnsupportedSchemaError } from "./supportedKeywords.js";

/** What the compiler and the evaluator need to read schemas. */
export interface SchemaEnvironment {
  readonly registry: SchemaRegistry;
  readonly profile: SchemaProfile;
}

const EXPANDED = new Set(["$ref", "allOf", "x-strict"]);

/**
 * The leaves of a conjunction: no leaf holds `$ref`, `allOf` or `x-strict` any more. Under the
 * strict profile each `x-strict` entry's schema joins the conjunction (docs/design.md §3); under the
 * stated profile the entries are ignored, as the stated validator ignores them.
 */
export function flattenFragments(
  fragments: readonly Fragment[],
  env: SchemaEnvironment,
  refStack: readonly string[] = [],
): Fragment[] {
  const leaves: Fragment[] = [];
  for (const fragment of fragments) expand(fragment, env, refStack, leaves);
  return leaves;
}

function expand(fragment: Fragment, env: SchemaEnvironment, refStack: readonly string[], out: Fragment[]): void {
  assertSupportedKeywords(fragment);
  const { schema } = fragment;
  if (typeof schema === "boolean") {
    out.push(fragment);
    return;
  }
  const baseUri = typeof schema.$id === "string" ? new URL(schema.$id, fragment.baseUri).href : fragment.baseUri;
  const here: Fragment = { ...fragment, baseUri };
  const rest = Object.fromEntries(Object.entries(schema).filter(([keyword]) => !EXPANDED.has(keyword)));
  out.push({ ...here, schema: rest });

  const ref = schema.$ref;
  if (ref !== undefined) {
    if (typeof ref !== "string")
      throw new UnsupportedSchemaError(here.location, "$ref", `$ref must be a string, received ${JSON.stringify(ref)}`);
    const target = env.registry.resolve(ref, here);
    if (refStack.includes(target.location)) {
      throw new UnsupportedSchemaError(
        here.location,
        "$ref",
        `recursive $ref ${JSON.stringify(ref)} (${[...refStack, target.location].join(" -> ")}) is not supported`,
      );
    }
    expand(target, env, [...refStack, target.location], out);
  }
  const allOf = schema.allOf;
  if (allOf !== undefined) {
    if (!Array.isArray(allOf))
      throw new UnsupportedSchemaError(
        here.location,
        "allOf",
        `allOf must be an array, received ${JSON.stringify(allOf)}`,
      );
    allOf.forEach((sub, i) => expand(childFragment(here, `allOf/${i}`, sub), env, refStack, out));
  }
  const strict = schema["x-strict"];
  if (strict !== undefined && env.profile === "strict" && Array.isArray(strict)) {
    strict.forEach((entry, i) => {
      if (isJsonObject(entry)) expand(childFragment(here, `x-strict/${i}/schema`, entry.schema), env, refStack, out);
    });
  }
}

/** The compiler's view of a schema: fragments of one conjunction, each with its base URI and location. */

/** A JSON Schema object as read from a file (booleans are handled beside it). */
export type SchemaObject = Readonly<Record<string, unknown>>;

/** Which reading of the contract to generate for (docs/design.md §3): as stated, or with the register's `x-strict` defaults. */
export type SchemaProfile = "stated" | "strict";

/** One schema taking part in a conjunction ("allOf"): where it lives and what it says. */
export interface Fragment {
  readonly schema: SchemaObject | boolean;
  /** Absolute URI relative `$ref`s resolve against (the enclosing `$id`). */
  readonly baseUri: string;
  /** `$id#/json/pointer` of the fragment, for messages. */
  readonly location: string;
  /** Property names the value must not carry (the compiler's own constraint, from negating `required`). */
  readonly absent?: readonly string[];
}

/** The fragment for a subschema found under `key` (a JSON Pointer suffix such as "properties/id"). */
export function childFragment(parent: Fragment, key: string, schema: unknown): Fragment {
  if (typeof schema !== "boolean" && !isJsonObject(schema)) {
    throw new Error(
      `schema ${parent.location}/${key}: expected a schema (object or boolean), received ${JSON.stringify(schema)}`,
    );
  }
  return { schema, baseUri: parent.baseUri, location: `${parent.location}/${key}` };
}
import { isJsonObject } from "../../contract/jsonValue.js";

/**
 * The `x-strict` keyword: a list of `{ register, schema }` entries on an object schema.
 * Each entry is a default of the ambiguity register (docs/design.md §3); the stated validator
 * ignores it, the strict validator applies it (rewritten as plain JSON Schema: strictReading.ts)
 * and tags every error with the entry's id.
 */
import type { AnySchemaObject, KeywordDefinition } from "ajv";

/** One entry of an `x-strict` list. */
export interface StrictEntry {
  readonly register: string;
  readonly schema: AnySchemaObject;
}

const entriesMetaSchema = {
  type: "array",
  items: {
    type: "object",
    required: ["register", "schema"],
    additionalProperties: false,
    properties: { register: { type: "string" }, schema: { type: "object" } },
  },
};

/** `x-strict` as an annotation: compiled, never validated. */
export const ignoredStrictKeyword: KeywordDefinition = {
  keyword: "x-strict",
  metaSchema: entriesMetaSchema,
};

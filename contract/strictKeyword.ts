/**
 * The `x-strict` keyword: a list of `{ register, schema }` entries on an object schema.
 * Each entry is a default of the ambiguity register (docs/design.md §3); the stated validator
 * ignores it, the strict validator applies it and tags every error with the entry's id.
 */
import { isJsonObject } from "./jsonValue.js";
import type { AnySchemaObject, ErrorObject, KeywordDefinition, SchemaValidateFunction } from "ajv";
import type { Ajv2020 } from "ajv/dist/2020.js";

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

/**
 * `x-strict` as validation. `entryCompiler` compiles entry schemas on their own, so an
 * entry may use no $ref (entries only add `required`, `enum`, `type` and if/then).
 */
export function enforcedStrictKeyword(entryCompiler: Ajv2020): KeywordDefinition {
  return {
    keyword: "x-strict",
    metaSchema: entriesMetaSchema,
    errors: true,
    compile(entries: StrictEntry[]) {
      const compiled = entries.map((entry) => ({
        register: entry.register,
        validate: entryCompiler.compile({ type: "object", ...entry.schema }),
      }));
      // ajv does not prefix the errors a keyword returns with the data's location: do it here.
      const validate: SchemaValidateFunction = (data: unknown, dataContext?: { instancePath?: string }) => {
        const at = dataContext?.instancePath ?? "";
        if (!isJsonObject(data)) return true; // the stated schema reports the wrong type
        const errors: ErrorObject[] = [];
        for (const { register, validate: entryValidate } of compiled) {
          if (entryValidate(data)) continue;
          for (const error of entryValidate.errors ?? [])
            errors.push({ ...error, instancePath: at + error.instancePath, params: { ...error.params, register } });
        }
        validate.errors = errors;
        return errors.length === 0;
      };
      return validate;
    },
  };
}

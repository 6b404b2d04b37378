/**
 * Checks an exchanges.har against schemas/meta/har.schema.json (HAR 1.2, written from the
 * specification) with a strict Ajv (draft 2020-12 + ajv-formats).
 */
import { readFileSync } from "node:fs";
import { Ajv2020 } from "ajv/dist/2020.js";
import addFormatsModule from "ajv-formats";
import type { FormatsPlugin } from "ajv-formats";
import type { ValidateFunction } from "ajv";
import type { SchemaIssue } from "../../contract/validators.js";

// ajv-formats is CommonJS; its default export arrives wrapped under tsx and vitest.
const addFormats: FormatsPlugin =
  (addFormatsModule as unknown as { default?: FormatsPlugin }).default ?? (addFormatsModule as unknown as FormatsPlugin);

let compiled: ValidateFunction | undefined;

function validator(): ValidateFunction {
  if (!compiled) {
    const schema = JSON.parse(readFileSync(new URL("../../schemas/meta/har.schema.json", import.meta.url), "utf8")) as Record<string, unknown>;
    const ajv = new Ajv2020({ strict: true, allErrors: true });
    addFormats(ajv);
    compiled = ajv.compile(schema);
  }
  return compiled;
}

/** The HAR 1.2 violations of a parsed HAR; empty when it is valid. */
export function validateHar(data: unknown): readonly SchemaIssue[] {
  const validate = validator();
  if (validate(data)) return [];
  return (validate.errors ?? []).map((error) => ({
    instancePath: error.instancePath,
    schemaPath: error.schemaPath,
    keyword: error.keyword,
    params: error.params as Record<string, unknown>,
    message: error.message ?? error.keyword,
  }));
}

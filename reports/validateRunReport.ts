/**
 * Checks a report.json against schemas/meta/report.schema.json with a strict Ajv (draft
 * 2020-12 + ajv-formats), so tests of real runs can assert the file they got is well-formed.
 */
import { readFileSync } from "node:fs";
import { Ajv2020 } from "ajv/dist/2020.js";
import addFormatsModule from "ajv-formats";
import type { FormatsPlugin } from "ajv-formats";
import type { ValidateFunction } from "ajv";
import type { SchemaIssue } from "../contract/validators.js";

// ajv-formats is CommonJS; its default export arrives wrapped under tsx and vitest.
const addFormats: FormatsPlugin =
  (addFormatsModule as unknown as { default?: FormatsPlugin }).default ?? (addFormatsModule as unknown as FormatsPlugin);

let compiled: ValidateFunction | undefined;

function validator(): ValidateFunction {
  if (!compiled) {
    const schema = JSON.parse(readFileSync(new URL("../schemas/meta/report.schema.json", import.meta.url), "utf8")) as Record<string, unknown>;
    const ajv = new Ajv2020({ strict: true, allErrors: true });
    addFormats(ajv);
    compiled = ajv.compile(schema);
  }
  return compiled;
}

/** The schema violations of a parsed report.json; empty when it is a valid RunReport. */
export function validateRunReport(data: unknown): readonly SchemaIssue[] {
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

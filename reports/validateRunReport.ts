/**
 * Checks a report.json against schemas/meta/report.schema.json with a strict Ajv (draft
 * 2020-12 + ajv-formats), so tests of real runs can assert the file they got is well-formed.
 */
import { metaSchemaValidator } from "../contract/metaSchemaValidator.js";
import type { SchemaIssue } from "../contract/schemaIssue.js";

/** The schema violations of a parsed report.json; empty when it is a valid RunReport. */
export function validateRunReport(data: unknown): readonly SchemaIssue[] {
  const validate = metaSchemaValidator("report.schema.json");
  if (validate(data)) return [];
  return (validate.errors ?? []).map((error) => ({
    instancePath: error.instancePath,
    schemaPath: error.schemaPath,
    keyword: error.keyword,
    params: error.params as Record<string, unknown>,
    message: error.message ?? error.keyword,
  }));
}

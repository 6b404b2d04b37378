/**
 * Checks an exchanges.har against schemas/meta/har.schema.json (HAR 1.2, written from the
 * specification) with the suite's one strict Ajv for its own files.
 */
import { metaSchemaValidator } from "../../contract/metaSchemaValidator.js";
import type { SchemaIssue } from "../../contract/schemaIssue.js";

/** The HAR 1.2 violations of a parsed HAR; empty when it is valid. */
export function validateHar(data: unknown): readonly SchemaIssue[] {
  const validate = metaSchemaValidator("har.schema.json");
  if (validate(data)) return [];
  return (validate.errors ?? []).map((error) => ({
    instancePath: error.instancePath,
    schemaPath: error.schemaPath,
    keyword: error.keyword,
    params: error.params as Record<string, unknown>,
    message: error.message ?? error.keyword,
  }));
}

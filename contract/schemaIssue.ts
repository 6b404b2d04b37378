/**
 * One schema violation as data, and its one-line wording: apart from the validators (validators.ts),
 * so that what only words an issue (the JUnit report, the checks' messages) does not load Ajv.
 */

/** One schema violation, as data (ajv's error object plus the register entry, if any). */
export interface SchemaIssue {
  /** JSON Pointer into the body, "" for the root. */
  readonly instancePath: string;
  /** Path of the failing keyword in its schema. */
  readonly schemaPath: string;
  readonly keyword: string;
  readonly params: Record<string, unknown>;
  readonly message: string;
  /** Id of the ambiguity register entry whose default this departs from (strict reading only). */
  readonly register?: string;
}

/** One line a person can read: where in the body, what is wrong, and which schema rule said so. */
export function formatSchemaIssue(issue: SchemaIssue): string {
  const where = issue.instancePath === "" ? "(root)" : issue.instancePath;
  const detail = Object.keys(issue.params).length > 0 ? ` ${JSON.stringify(issue.params)}` : "";
  const register = issue.register ? ` [register: ${issue.register}]` : "";
  return `${where} ${issue.message}${detail} (schema ${issue.schemaPath})${register}`;
}

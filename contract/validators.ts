/**
 * The shared validators: one strict Ajv (draft 2020-12, ajv-formats) per reading of the
 * contract, each compiling every schema once.
 * - the stated reading: what the spec states; a violation is a failure in every profile;
 * - the strict reading: adds the ambiguity register's defaults (`x-strict`); a violation
 *   that only it finds is a warning in the default profile and a failure under strict.
 */
import { Ajv2020 } from "ajv/dist/2020.js";
import type { ErrorObject, ValidateFunction } from "ajv";
import { CONTRACT_SCHEMAS, isBodyName, schemaIdForBody, BODY_NAMES, SCHEMA_ID_BASE } from "./schemaCatalogue.js";
import { enforcedStrictKeyword, ignoredStrictKeyword } from "./strictKeyword.js";
import { addFormats } from "./addFormats.js";

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

/** Result of validating one body under both readings. */
export interface BodyValidation {
  readonly body: string;
  /** Violations of what the spec states: failures in every profile. */
  readonly stated: readonly SchemaIssue[];
  /** Departures from the register's defaults: warnings by default, failures under --profile strict. */
  readonly registerDefaults: readonly SchemaIssue[];
}

function newAjv(): Ajv2020 {
  // strictRequired is off: `required` in an if/then or x-strict entry legitimately names
  // properties declared elsewhere in the schema.
  const ajv = new Ajv2020({ strict: true, strictRequired: false, allErrors: true });
  addFormats(ajv);
  return ajv;
}

function loadContract(ajv: Ajv2020): Ajv2020 {
  for (const doc of CONTRACT_SCHEMAS) ajv.addSchema(doc.schema);
  return ajv;
}

let statedAjv: Ajv2020 | undefined;
let strictAjv: Ajv2020 | undefined;

/** The Ajv instance that reads the contract as stated. */
export function statedValidatorInstance(): Ajv2020 {
  if (!statedAjv) {
    statedAjv = newAjv();
    statedAjv.addKeyword(ignoredStrictKeyword);
    loadContract(statedAjv);
  }
  return statedAjv;
}

/** The Ajv instance that also enforces the register's defaults. */
export function strictValidatorInstance(): Ajv2020 {
  if (!strictAjv) {
    strictAjv = newAjv();
    strictAjv.addKeyword(enforcedStrictKeyword(newAjv()));
    loadContract(strictAjv);
  }
  return strictAjv;
}

function compiled(ajv: Ajv2020, id: string): ValidateFunction {
  const validate = ajv.getSchema(id);
  if (!validate) throw new Error(`no schema with $id ${id}`);
  return validate;
}

/** An `if` error only says that its `then` failed; the `then` errors say how. */
function isInformative(error: ErrorObject): boolean {
  return error.keyword !== "if";
}

function toIssue(error: ErrorObject): SchemaIssue {
  const { register, ...params } = error.params as Record<string, unknown>;
  return {
    instancePath: error.instancePath,
    schemaPath: error.schemaPath,
    keyword: error.keyword,
    params,
    message: error.message ?? error.keyword,
    ...(typeof register === "string" ? { register } : {}),
  };
}

/** Validates a body against the schema named by `schemaId` (a full $id, or a path below schemas/). */
export function validateAgainst(schemaId: string, data: unknown, bodyLabel = schemaId): BodyValidation {
  const id = schemaId.startsWith("https://") ? schemaId : SCHEMA_ID_BASE + schemaId;
  const stated = compiled(statedValidatorInstance(), id);
  const strict = compiled(strictValidatorInstance(), id);
  const statedIssues = stated(data) ? [] : (stated.errors ?? []).filter(isInformative).map(toIssue);
  const strictIssues = strict(data) ? [] : (strict.errors ?? []).filter(isInformative).map(toIssue);
  return {
    body: bodyLabel,
    stated: statedIssues,
    registerDefaults: strictIssues.filter((issue) => issue.register !== undefined),
  };
}

/** Validates a named body (see BODY_NAMES), e.g. validateBody("getAnalytic.response", json). */
export function validateBody(name: string, data: unknown): BodyValidation {
  if (!isBodyName(name)) {
    throw new Error(`unknown body ${JSON.stringify(name)}; known bodies: ${BODY_NAMES.join(", ")}`);
  }
  return validateAgainst(schemaIdForBody(name), data, name);
}

/** One line a person can read: where in the body, what is wrong, and which schema rule said so. */
export function formatSchemaIssue(issue: SchemaIssue): string {
  const where = issue.instancePath === "" ? "(root)" : issue.instancePath;
  const detail = Object.keys(issue.params).length > 0 ? ` ${JSON.stringify(issue.params)}` : "";
  const register = issue.register ? ` [register: ${issue.register}]` : "";
  return `${where} ${issue.message}${detail} (schema ${issue.schemaPath})${register}`;
}

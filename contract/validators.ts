/**
 * The shared validators: one strict Ajv (draft 2020-12, ajv-formats) per reading of the
 * contract, each compiling every schema once.
 * - the stated reading: what the spec states; a violation is a failure in every profile;
 * - the strict reading: adds the ambiguity register's defaults (`x-strict`); a violation
 *   that only it finds is a warning in the default profile and a failure under strict.
 * Issues are evidence, not an inventory: at most MAX_ISSUES_PER_BODY are kept per reading, and a
 * large body is first validated without collecting errors (ajv's allErrors grows quadratically
 * on a listing of many bad items), then only a sample of it is searched for the issues to show.
 */
import { Ajv2020 } from "ajv/dist/2020.js";
import type { ErrorObject, ValidateFunction } from "ajv";
import { CONTRACT_SCHEMAS, isBodyName, schemaIdForBody, BODY_NAMES, SCHEMA_ID_BASE } from "./schemaCatalogue.js";
import { enforcedStrictKeyword, ignoredStrictKeyword } from "./strictKeyword.js";
import { addFormats } from "./addFormats.js";
import { isLargeJson, sampleJsonArrays } from "./sampleLargeJson.js";
import type { SchemaIssue } from "./schemaIssue.js";

/** Most issues kept per body and reading. */
export const MAX_ISSUES_PER_BODY = 50;
/** Bodies holding more JSON values than this are validated first without collecting errors. */
const LARGE_BODY_VALUES = 5_000;
/** Items kept per array in the sample of a large invalid body that is searched for issues. */
const SAMPLED_ITEMS = 20;

/** Result of validating one body under both readings. */
export interface BodyValidation {
  readonly body: string;
  /** Violations of what the spec states: failures in every profile. */
  readonly stated: readonly SchemaIssue[];
  /** Departures from the register's defaults: warnings by default, failures under --profile strict. */
  readonly registerDefaults: readonly SchemaIssue[];
  /** How many stated issues there are in all, when more were found than kept. */
  readonly statedTotal?: number;
  /** True when the body was large and only a sample of it was searched for the issues listed (there may be many more). */
  readonly sampled?: boolean;
}

function newAjv(allErrors = true): Ajv2020 {
  // strictRequired is off: `required` in an if/then or x-strict entry legitimately names
  // properties declared elsewhere in the schema. validateSchema is off: checking the contract's
  // schemas against draft 2020-12's meta-schema first compiles the meta-schema, in each instance,
  // about 50 ms of the checks' first moments (issue 28.3); the schemas are fixed files, and a
  // self-test (tests/self/contract/schemas.test.ts) checks them against the meta-schema instead.
  const ajv = new Ajv2020({ strict: true, strictRequired: false, allErrors, validateSchema: false });
  addFormats(ajv);
  return ajv;
}

function loadContract(ajv: Ajv2020): Ajv2020 {
  for (const doc of CONTRACT_SCHEMAS) ajv.addSchema(doc.schema);
  return ajv;
}

let statedAjv: Ajv2020 | undefined;
let strictAjv: Ajv2020 | undefined;
// Stop at the first error: compiled only when a large body comes.
let statedFirstErrorAjv: Ajv2020 | undefined;
let strictFirstErrorAjv: Ajv2020 | undefined;

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

function firstErrorInstances(): { stated: Ajv2020; strict: Ajv2020 } {
  if (!statedFirstErrorAjv) {
    statedFirstErrorAjv = newAjv(false);
    statedFirstErrorAjv.addKeyword(ignoredStrictKeyword);
    loadContract(statedFirstErrorAjv);
  }
  if (!strictFirstErrorAjv) {
    strictFirstErrorAjv = newAjv(false);
    strictFirstErrorAjv.addKeyword(enforcedStrictKeyword(newAjv()));
    loadContract(strictFirstErrorAjv);
  }
  return { stated: statedFirstErrorAjv, strict: strictFirstErrorAjv };
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

/** Every informative issue the validator reports for `data` (none when valid). */
function issuesOf(validate: ValidateFunction, data: unknown): SchemaIssue[] {
  return validate(data) ? [] : (validate.errors ?? []).filter(isInformative).map(toIssue);
}

/**
 * The issues found in a sample of a large body, and the first one the whole body has if the sample lacks it.
 * The whole body's first error decides whether to look at all; it may be one `keep` drops (a stated issue when
 * register departures are wanted), and the sample is searched then too.
 */
function sampledIssues(
  all: ValidateFunction,
  first: ValidateFunction,
  data: unknown,
  sample: () => unknown,
  keep: (issue: SchemaIssue) => boolean,
): SchemaIssue[] {
  const firstAll = issuesOf(first, data);
  if (firstAll.length === 0) return [];
  const firstIssues = firstAll.filter(keep);
  const found = issuesOf(all, sample()).filter(keep);
  const missing = firstIssues.filter(
    (issue) =>
      !found.some((known) => known.instancePath === issue.instancePath && known.schemaPath === issue.schemaPath),
  );
  return [...missing, ...found].slice(0, MAX_ISSUES_PER_BODY);
}

/** Validates a body against the schema named by `schemaId` (a full $id, or a path below schemas/). */
export function validateAgainst(schemaId: string, data: unknown, bodyLabel = schemaId): BodyValidation {
  const id = schemaId.startsWith("https://") ? schemaId : SCHEMA_ID_BASE + schemaId;
  const stated = compiled(statedValidatorInstance(), id);
  const strict = compiled(strictValidatorInstance(), id);
  const isRegister = (issue: SchemaIssue): boolean => issue.register !== undefined;
  if (isLargeJson(data, LARGE_BODY_VALUES)) {
    const first = firstErrorInstances();
    let sample: unknown;
    const sampleOnce = (): unknown => (sample ??= sampleJsonArrays(data, SAMPLED_ITEMS));
    const statedIssues = sampledIssues(stated, compiled(first.stated, id), data, sampleOnce, () => true);
    const registerIssues = sampledIssues(strict, compiled(first.strict, id), data, sampleOnce, isRegister);
    return {
      body: bodyLabel,
      stated: statedIssues,
      registerDefaults: registerIssues,
      ...(statedIssues.length > 0 || registerIssues.length > 0 ? { sampled: true } : {}),
    };
  }
  const statedIssues = issuesOf(stated, data);
  const registerIssues = issuesOf(strict, data).filter(isRegister);
  return {
    body: bodyLabel,
    stated: statedIssues.slice(0, MAX_ISSUES_PER_BODY),
    registerDefaults: registerIssues.slice(0, MAX_ISSUES_PER_BODY),
    ...(statedIssues.length > MAX_ISSUES_PER_BODY ? { statedTotal: statedIssues.length } : {}),
  };
}

/** Validates a named body (see BODY_NAMES), e.g. validateBody("getAnalytic.response", json). */
export function validateBody(name: string, data: unknown): BodyValidation {
  if (!isBodyName(name)) {
    throw new Error(`unknown body ${JSON.stringify(name)}; known bodies: ${BODY_NAMES.join(", ")}`);
  }
  return validateAgainst(schemaIdForBody(name), data, name);
}

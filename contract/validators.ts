/**
 * The shared validators, one set per reading of the contract, compiled ahead of time by one strict Ajv
 * (draft 2020-12, ajv-formats) into contractValidators.generated.ts (generateContractValidators.ts):
 * - the stated reading: what the spec states; a violation is a failure in every profile;
 * - the strict reading: adds the ambiguity register's defaults (`x-strict`); a violation
 *   that only it finds is a warning in the default profile and a failure under strict.
 * Issues are evidence, not an inventory: at most MAX_ISSUES_PER_BODY are kept per reading, and a
 * large body is first validated without collecting errors (ajv's allErrors grows quadratically
 * on a listing of many bad items), then only a sample of it is searched for the issues to show.
 * The stated issues of an answer (not of a request) carry the findings of the §2/§4/§7 tables:
 * each missing field cited with its table, and each renamed field (tableFindings.ts).
 */
import type { ErrorObject, ValidateFunction } from "ajv";
import * as precompiled from "./contractValidators.generated.js";
import { isBodyName, schemaIdForBody, BODY_NAMES, SCHEMA_ID_BASE } from "./schemaCatalogue.js";
import { isLargeJson, sampleJsonArrays } from "./sampleLargeJson.js";
import type { SchemaIssue } from "./schemaIssue.js";
import { registerIssue, type StrictEntryIndex } from "./strictReading.js";
import { withTableFindings } from "./tableFindings.js";

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

type Validators = Readonly<Record<string, ValidateFunction | undefined>>;

function compiled(set: Validators, id: string): ValidateFunction {
  const validate = set[id];
  if (!validate) throw new Error(`no schema with $id ${id}`);
  return validate;
}

/** An `if` error only says that its `then` failed; the `then` errors say how. */
function isInformative(error: ErrorObject): boolean {
  return error.keyword !== "if";
}

function toIssue(error: ErrorObject): SchemaIssue {
  return {
    instancePath: error.instancePath,
    schemaPath: error.schemaPath,
    keyword: error.keyword,
    params: error.params as Record<string, unknown>,
    message: error.message ?? error.keyword,
  };
}

/** What a reading keeps of an issue, and how: the stated reading all of them; the strict reading its register departures. */
type Keep = (issue: SchemaIssue) => SchemaIssue | undefined;
const keepAll: Keep = (issue) => issue;
const keepRegisterDepartures: Keep = (issue) =>
  registerIssue(issue, precompiled.strictEntries as unknown as StrictEntryIndex);

/** The informative issues among `errors` that `keep` keeps. */
function keptIssues(errors: readonly ErrorObject[] | null | undefined, keep: Keep): SchemaIssue[] {
  const issues: SchemaIssue[] = [];
  for (const error of errors ?? []) {
    const kept = isInformative(error) ? keep(toIssue(error)) : undefined;
    if (kept) issues.push(kept);
  }
  return issues;
}

/** Every informative issue the validator reports for `data` (none when valid) that `keep` keeps. */
function issuesOf(validate: ValidateFunction, data: unknown, keep: Keep): SchemaIssue[] {
  return validate(data) ? [] : keptIssues(validate.errors, keep);
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
  keep: Keep,
): SchemaIssue[] {
  if (first(data)) return [];
  const firstIssues = keptIssues(first.errors, keep);
  const found = issuesOf(all, sample(), keep);
  const missing = firstIssues.filter(
    (issue) =>
      !found.some((known) => known.instancePath === issue.instancePath && known.schemaPath === issue.schemaPath),
  );
  return [...missing, ...found].slice(0, MAX_ISSUES_PER_BODY);
}

/**
 * The stated issues of `data` with the tables' findings, for an answer's schema; a request's as they are.
 * Renamed fields are searched for in `searched`: the body, or the sample of a large one, whose items keep
 * their places (a renamed field past the sample still fails, as the required field it stands for).
 */
function tabled(
  id: string,
  data: unknown,
  stated: readonly SchemaIssue[],
  searched: unknown = data,
): readonly SchemaIssue[] {
  const file = id.slice(SCHEMA_ID_BASE.length);
  return file.endsWith(".request.json") ? stated : withTableFindings(file, data, stated, MAX_ISSUES_PER_BODY, searched);
}

/** Validates a body against the schema named by `schemaId` (a full $id, or a path below schemas/). */
export function validateAgainst(schemaId: string, data: unknown, bodyLabel = schemaId): BodyValidation {
  const id = schemaId.startsWith("https://") ? schemaId : SCHEMA_ID_BASE + schemaId;
  const stated = compiled(precompiled.stated, id);
  const strict = compiled(precompiled.strict, id);
  if (isLargeJson(data, LARGE_BODY_VALUES)) {
    let sample: unknown;
    const sampleOnce = (): unknown => (sample ??= sampleJsonArrays(data, SAMPLED_ITEMS));
    const statedIssues = sampledIssues(stated, compiled(precompiled.statedFirstError, id), data, sampleOnce, keepAll);
    const registerIssues = sampledIssues(
      strict,
      compiled(precompiled.strictFirstError, id),
      data,
      sampleOnce,
      keepRegisterDepartures,
    );
    const found = tabled(id, data, statedIssues, sampleOnce());
    return {
      body: bodyLabel,
      stated: found.slice(0, MAX_ISSUES_PER_BODY),
      registerDefaults: registerIssues,
      ...(found.length > 0 || registerIssues.length > 0 ? { sampled: true } : {}),
    };
  }
  const statedIssues = tabled(id, data, issuesOf(stated, data, keepAll));
  const registerIssues = issuesOf(strict, data, keepRegisterDepartures);
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

/** Reads and checks a vendor-acceptance waivers file (schemas/meta/waivers.schema.json). */
import type { ErrorObject } from "ajv";
import { metaSchemaValidator } from "../../contract/metaSchemaValidator.js";
import type { Waiver } from "../model/RunReport.js";
import { closestName } from "../settings/closestName.js";
import { WaiversFileError } from "./WaiversFileError.js";
import { readRegularFile } from "../settings/readRegularFile.js";
import type { OperationName } from "../../contract/operations.js";
import { checkGlob } from "./waiverMatches.js";

interface WaiversFile {
  readonly waivers: readonly Waiver[];
}

function describeError(error: ErrorObject): string {
  const where = error.instancePath === "" ? "(root)" : error.instancePath;
  const params = error.params as Record<string, unknown>;
  if (error.keyword === "additionalProperties")
    return `${where} has an unknown field ${JSON.stringify(params.additionalProperty)}`;
  if (error.keyword === "required") return `${where} is missing the field ${JSON.stringify(params.missingProperty)}`;
  if (error.keyword === "enum") return `${where} must be one of ${(params.allowedValues as unknown[]).join(", ")}`;
  if (error.keyword === "format" || (error.keyword === "pattern" && where.endsWith("/expires"))) {
    return `${where} must be a calendar date written YYYY-MM-DD`;
  }
  if (error.keyword === "pattern" && where.endsWith("/reason"))
    return `${where} must not be blank: say why the failure is accepted`;
  return `${where} ${error.message ?? error.keyword}`;
}

/** " (did you mean …?)" when the unknown id is a likely typo of a check id, as the command line suggests names. */
function suggestion(id: string, known: ReadonlySet<string>): string {
  const guess = closestName(id, [...known]);
  return guess === undefined ? "" : ` (did you mean ${guess}?)`;
}

/** The waivers file's object, read and checked against its schema; WaiversFileError otherwise. */
function readWaiversFile(path: string): WaiversFile {
  let text: string;
  try {
    text = readRegularFile(path);
  } catch (error) {
    // Stryker disable next-line StringLiteral: a file that cannot be read always gives a system error code (proof: waiversReadError.equivalence.test.ts)
    const code = (error as NodeJS.ErrnoException).code ?? "unknown error";
    throw new WaiversFileError(`cannot read the waivers file ${path} (${code}); give the path of a readable JSON file`);
  }
  let data: unknown;
  try {
    data = JSON.parse(text) as unknown;
  } catch (error) {
    throw new WaiversFileError(`the waivers file ${path} is not JSON: ${(error as Error).message}`);
  }
  const validate = metaSchemaValidator<WaiversFile>("waivers.schema.json");
  if (!validate(data)) {
    const problems = (validate.errors ?? []).map(describeError);
    throw new WaiversFileError(
      `the waivers file ${path} is not valid (schemas/meta/waivers.schema.json): ${[...new Set(problems)].join("; ")}`,
    );
  }
  return data;
}

/** Refuses check ids (or globs) that name no check of the suite, with the likely meant one. */
function refuseUnknownCheckIds(path: string, waivers: readonly Waiver[], knownCheckIds: ReadonlySet<string>): void {
  const unknown = waivers.flatMap((waiver, index) => {
    if ([...knownCheckIds].some((id) => checkGlob(waiver.checkId).test(id))) return [];
    const what = /[*?]/.test(waiver.checkId) ? "names no check" : "is not a check";
    const guess = suggestion(waiver.checkId, knownCheckIds);
    return [`/waivers/${index}/checkId ${JSON.stringify(waiver.checkId)} ${what} of this suite${guess}`];
  });
  if (unknown.length > 0) {
    throw new WaiversFileError(`the waivers file ${path} names unknown check ids: ${unknown.join("; ")}`);
  }
}

/** Refuses a waiver on an operation none of its checks runs on: a typo, refused rather than left to pass unused. */
function refuseOperationsNotRun(
  path: string,
  waivers: readonly Waiver[],
  knownCheckIds: ReadonlySet<string>,
  operationsOf: (checkId: string) => readonly OperationName[] | undefined,
): void {
  for (const [index, waiver] of waivers.entries()) {
    const operation = waiver.operation;
    if (operation === undefined) continue;
    const named = [...knownCheckIds].filter((id) => checkGlob(waiver.checkId).test(id));
    if (named.every((id) => !(operationsOf(id) ?? [operation]).includes(operation)))
      throw new WaiversFileError(
        `the waivers file ${path}: /waivers/${index} waives ${waiver.checkId} on ${operation}, but ` +
          `${named.length === 1 ? "that check does" : "none of those checks do"} not run on ${operation}; ` +
          "give an operation it runs on, or none for all",
      );
  }
}

/** Refuses a finding that is no regular expression. */
function refuseBadFindings(path: string, waivers: readonly Waiver[]): void {
  for (const [index, waiver] of waivers.entries()) {
    if (waiver.finding === undefined) continue;
    try {
      new RegExp(waiver.finding);
    } catch (error) {
      throw new WaiversFileError(
        `the waivers file ${path}: /waivers/${index}/finding is not a regular expression (${(error as Error).message})`,
      );
    }
  }
}

/** Refuses two waivers of the same check, operation and finding. */
function refuseDuplicates(path: string, waivers: readonly Waiver[]): void {
  const seen = new Map<string, number>();
  for (const [index, waiver] of waivers.entries()) {
    const key = JSON.stringify([waiver.checkId, waiver.operation ?? null, waiver.finding ?? null]);
    const first = seen.get(key);
    if (first !== undefined) {
      const finding = waiver.finding === undefined ? "" : ` for the same finding`;
      throw new WaiversFileError(
        `the waivers file ${path} waives ${waiver.checkId} on ${waiver.operation ?? "every operation"}${finding} twice ` +
          `(/waivers/${first} and /waivers/${index}); keep one`,
      );
    }
    seen.set(key, index);
  }
}

/**
 * Loads the waivers file at `path`; throws WaiversFileError when it cannot be read, is not JSON,
 * breaks schemas/meta/waivers.schema.json (each error with its place in the file), names a check id
 * that is not in `knownCheckIds`, or waives the same check and operation twice.
 */
export async function loadWaivers(
  path: string,
  knownCheckIds: ReadonlySet<string>,
  operationsOf: (checkId: string) => readonly OperationName[] | undefined = () => undefined,
): Promise<Waiver[]> {
  const { waivers } = readWaiversFile(path);
  refuseUnknownCheckIds(path, waivers, knownCheckIds);
  refuseOperationsNotRun(path, waivers, knownCheckIds, operationsOf);
  refuseBadFindings(path, waivers);
  refuseDuplicates(path, waivers);
  return waivers.map((waiver) => ({
    checkId: waiver.checkId,
    ...(waiver.operation !== undefined ? { operation: waiver.operation } : {}),
    ...(waiver.finding !== undefined ? { finding: waiver.finding } : {}),
    reason: waiver.reason,
    expires: waiver.expires,
  }));
}

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
  const unknown = data.waivers.flatMap((waiver, index) =>
    [...knownCheckIds].some((id) => checkGlob(waiver.checkId).test(id))
      ? []
      : [
          `/waivers/${index}/checkId ${JSON.stringify(waiver.checkId)} ` +
            `${/[*?]/.test(waiver.checkId) ? "names no check" : "is not a check"} of this ` +
            `suite${suggestion(waiver.checkId, knownCheckIds)}`,
        ],
  );
  if (unknown.length > 0) {
    throw new WaiversFileError(`the waivers file ${path} names unknown check ids: ${unknown.join("; ")}`);
  }
  for (const [index, waiver] of data.waivers.entries()) {
    const operation = waiver.operation;
    if (operation === undefined) continue;
    const named = [...knownCheckIds].filter((id) => checkGlob(waiver.checkId).test(id));
    // A check × operation pair no run has waives nothing: a typo, refused rather than left to pass unused.
    if (named.every((id) => !(operationsOf(id) ?? [operation]).includes(operation)))
      throw new WaiversFileError(
        `the waivers file ${path}: /waivers/${index} waives ${waiver.checkId} on ${operation}, but ` +
          `${named.length === 1 ? "that check does" : "none of those checks do"} not run on ${operation}; give ` +
          `an operation it runs on, or none for all`,
      );
  }
  for (const [index, waiver] of data.waivers.entries()) {
    if (waiver.finding === undefined) continue;
    try {
      new RegExp(waiver.finding);
    } catch (error) {
      throw new WaiversFileError(
        `the waivers file ${path}: /waivers/${index}/finding is not a regular expression (${(error as Error).message})`,
      );
    }
  }
  const seen = new Map<string, number>();
  for (const [index, waiver] of data.waivers.entries()) {
    const key = JSON.stringify([waiver.checkId, waiver.operation ?? null, waiver.finding ?? null]);
    const first = seen.get(key);
    if (first !== undefined) {
      throw new WaiversFileError(
        `the waivers file ${path} waives ${waiver.checkId} on ` +
          `${waiver.operation ?? "every operation"}${waiver.finding === undefined ? "" : ` for the same finding`} twice (/waivers/${first} and /waivers/${index}); keep one`,
      );
    }
    seen.set(key, index);
  }
  return data.waivers.map((waiver) => ({
    checkId: waiver.checkId,
    ...(waiver.operation !== undefined ? { operation: waiver.operation } : {}),
    ...(waiver.finding !== undefined ? { finding: waiver.finding } : {}),
    reason: waiver.reason,
    expires: waiver.expires,
  }));
}

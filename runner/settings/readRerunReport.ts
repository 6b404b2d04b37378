/**
 * Reads the report.json named by --rerun-failed: the verdicts that failed or errored there, and the
 * seed, profile and example count that produced them (a layer below the flags, so --seed still wins).
 */
import { ALL_OPERATIONS, type OperationName } from "../../contract/operations.js";
import type { VerdictKey } from "../model/RunSettings.js";
import { ConfigurationError } from "../model/ConfigurationError.js";
import { type RunConfigFile } from "./resolveRunSettings.js";
import { readRegularFile } from "./readRegularFile.js";

/** What a re-run takes from the earlier report. */
export interface RerunReport {
  readonly verdicts: readonly VerdictKey[];
  readonly layer: RunConfigFile;
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

/** Reads the failed and errored verdicts of `path`; throws ConfigurationError with one sentence. */
export function readRerunReport(path: string, knownCheckIds: ReadonlySet<string>): RerunReport {
  let data: unknown;
  try {
    data = JSON.parse(readRegularFile(path));
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    throw new ConfigurationError(
      code
        ? `cannot read the report ${path} (${code}); give the report.json of an earlier run to --rerun-failed`
        : `the report ${path} is not JSON; give the report.json of an earlier run to --rerun-failed`,
    );
  }
  const meta = isObject(data) ? data.meta : undefined;
  const results = isObject(data) ? data.results : undefined;
  if (!isObject(meta) || !Number.isInteger(meta.seed) || !Array.isArray(results)) {
    throw new ConfigurationError(
      `${path} is not a report.json of cms-conformance (no meta.seed or results); give the report.json of an earlier run to --rerun-failed`,
    );
  }
  const verdicts: VerdictKey[] = [];
  for (const result of results) {
    if (!isObject(result) || (result.outcome !== "failed" && result.outcome !== "error")) continue;
    const { checkId, operation } = result;
    if (typeof checkId !== "string" || !ALL_OPERATIONS.includes(operation as OperationName))
      throw new ConfigurationError(
        `${path} holds a result without a check id and operation; give the report.json of an earlier run to --rerun-failed`,
      );
    if (!knownCheckIds.has(checkId))
      throw new ConfigurationError(
        `${path} names the check ${JSON.stringify(checkId)}, which this version of the suite does not have; re-run the whole suite instead`,
      );
    verdicts.push({ checkId, operation: operation as OperationName });
  }
  if (verdicts.length === 0)
    throw new ConfigurationError(`nothing failed or errored in ${path}, so there is nothing to re-run`);
  const layer: RunConfigFile = { seed: meta.seed as number };
  if (meta.profile === "default" || meta.profile === "strict") layer.profile = meta.profile;
  if (Number.isInteger(meta.maxExamples) && (meta.maxExamples as number) >= 1)
    layer.maxExamples = meta.maxExamples as number;
  return { verdicts, layer };
}

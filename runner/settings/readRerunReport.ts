/**
 * Reads the report.json named by --rerun-failed: the verdicts that failed or errored there, and the
 * seed, profile and example count that produced them (a layer below the flags, so --seed still wins).
 */
import { statSync } from "node:fs";
import { join } from "node:path";
import { ALL_OPERATIONS, type OperationName } from "../../contract/operations.js";
import type { VerdictKey } from "../model/RunSettings.js";
import { ConfigurationError } from "../model/ConfigurationError.js";
import { type RunConfigFile } from "./resolveRunSettings.js";
import { readRegularFile } from "./readRegularFile.js";

/** What a re-run takes from the earlier report. */
export interface RerunReport {
  /** The failed and errored verdicts; none when the earlier run had none (nothing to re-run). */
  readonly verdicts: readonly VerdictKey[];
  /** The report.json read (a folder given stands for its report.json). */
  readonly file: string;
  readonly layer: RunConfigFile;
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

/** Reads the failed and errored verdicts of `path`; throws ConfigurationError with one sentence. */
export function readRerunReport(given: string, knownCheckIds: ReadonlySet<string>): RerunReport {
  // A report folder (--out of the earlier run) stands for its report.json.
  const path = statSync(given, { throwIfNoEntry: false })?.isDirectory() === true ? join(given, "report.json") : given;
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
  const layer: RunConfigFile = { seed: meta.seed as number };
  if (meta.profile === "default" || meta.profile === "strict") layer.profile = meta.profile;
  if (Number.isInteger(meta.maxExamples) && (meta.maxExamples as number) >= 1)
    layer.maxExamples = meta.maxExamples as number;
  return { verdicts, layer, file: path };
}

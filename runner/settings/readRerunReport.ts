/**
 * Reads the report.json named by --rerun-failed: the verdicts that failed or errored there, and the
 * seed, profile and example count that produced them (a layer below the flags, so --seed still wins).
 */
import { statSync } from "node:fs";
import { join } from "node:path";
import { ALL_OPERATIONS, type OperationName } from "../../contract/operations.js";
import type { VerdictKey } from "../model/RunSettings.js";
import { ConfigurationError } from "../model/ConfigurationError.js";
import type { RunConfigFile } from "../model/runOptions/runOptionTable.js";
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

/** The JSON of the report at `path`, or one sentence saying why there is none. */
function reportJson(path: string): unknown {
  try {
    return JSON.parse(readRegularFile(path));
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    throw new ConfigurationError(
      code
        ? `cannot read the report ${path} (${code}); give the report.json of an earlier run to --rerun-failed`
        : `the report ${path} is not JSON; give the report.json of an earlier run to --rerun-failed`,
    );
  }
}

/** The failed and errored verdicts of the report's results. */
function failedVerdicts(results: readonly unknown[], path: string, knownCheckIds: ReadonlySet<string>): VerdictKey[] {
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
        `${path} names the check ${JSON.stringify(checkId)}, which this version of the suite does not have; ` +
          "re-run the whole suite instead",
      );
    verdicts.push({ checkId, operation: operation as OperationName });
  }
  return verdicts;
}

/** The seed, profile and example count of the earlier run, as a configuration layer. */
function rerunLayer(meta: Record<string, unknown>): RunConfigFile {
  const layer: RunConfigFile = { seed: meta.seed as number };
  if (meta.profile === "default" || meta.profile === "strict") layer.profile = meta.profile;
  if (Number.isInteger(meta.maxExamples) && (meta.maxExamples as number) >= 1)
    layer.maxExamples = meta.maxExamples as number;
  return layer;
}

/** Reads the failed and errored verdicts of `path`; throws ConfigurationError with one sentence. */
export function readRerunReport(given: string, knownCheckIds: ReadonlySet<string>): RerunReport {
  // A report folder (--out of the earlier run) stands for its report.json.
  const path = statSync(given, { throwIfNoEntry: false })?.isDirectory() === true ? join(given, "report.json") : given;
  const data = reportJson(path);
  const meta = isObject(data) ? data.meta : undefined;
  const results = isObject(data) ? data.results : undefined;
  if (!isObject(meta) || !Number.isInteger(meta.seed) || !Array.isArray(results)) {
    throw new ConfigurationError(
      `${path} is not a report.json of cms-conformance (no meta.seed or results); ` +
        "give the report.json of an earlier run to --rerun-failed",
    );
  }
  return { verdicts: failedVerdicts(results, path, knownCheckIds), layer: rerunLayer(meta), file: path };
}

/**
 * What `run` reads from its flags before the settings are resolved: the config file, the earlier report of
 * --rerun-failed, --shard and --wait-for-target; each refused in one sentence when wrong.
 */
import { CHECK_DESCRIPTIONS } from "../checks/checkDescriptions.js";
import type { Shard } from "../runner/model/RunSettings.js";
import type { ConfigLayer } from "../runner/settings/ConfigLayer.js";
import { parseDurationOption } from "../runner/settings/parseDurationOption.js";
import { parseShardOption } from "../runner/settings/parseShardOption.js";
import { readConfigFile } from "../runner/settings/readConfigFile.js";
import { readRerunReport, type RerunReport } from "../runner/settings/readRerunReport.js";
import { CONFIG_FILE_KEYS } from "./configFileKeys.js";
import { UsageError } from "./io.js";

/** The parsed flags of `run`, by long name. */
export type RunFlagValues = Readonly<Record<string, string | boolean | (string | boolean)[] | undefined>>;

/** What the flags name besides settings. */
export interface RunInputs {
  /** The --config file, as a layer (none without it). */
  readonly config: readonly ConfigLayer[];
  /** The earlier report of --rerun-failed, and the layer of its seed, profile and examples (below the flags). */
  readonly rerun?: RerunReport & { readonly given: string; readonly layer: ConfigLayer };
  readonly shard?: Shard;
  /** --wait-for-target as typed and in milliseconds. */
  readonly wait?: { readonly text: string; readonly ms: number };
}

function text(values: RunFlagValues, name: string): string | undefined {
  const value = values[name];
  return typeof value === "string" ? value : undefined;
}

function rerunOf(given: string | undefined): RunInputs["rerun"] {
  if (given === undefined) return undefined;
  const rerun = readRerunReport(given, CHECK_DESCRIPTIONS.ids());
  const layer: ConfigLayer = {
    values: rerun.layer as Record<string, unknown>,
    nameOf: (key) => `${key} of the report ${given}`,
  };
  return { ...rerun, given, layer };
}

function waitOf(waitText: string | undefined): RunInputs["wait"] {
  if (waitText === undefined) return undefined;
  const ms = parseDurationOption([waitText]);
  if (typeof ms !== "number" || ms <= 0)
    throw new UsageError(
      `--wait-for-target takes a duration such as 30s, 2m or 1500ms, not ${JSON.stringify(waitText)}`,
    );
  return { text: waitText, ms };
}

/**
 * Reads the config file, the earlier report, the shard and the wait the flags name, in that order; `learnOut`
 * hears the config file's report folder (when --out gives none) before anything else can be refused.
 */
export function readRunInputs(values: RunFlagValues, learnOut: (folder: unknown) => void): RunInputs {
  const configFile = text(values, "config");
  const config = configFile === undefined ? [] : [readConfigFile(configFile, CONFIG_FILE_KEYS)];
  if (text(values, "out") === undefined && config[0] !== undefined) learnOut(config[0].values.out);
  const rerun = rerunOf(text(values, "rerun-failed"));
  const shard = parseShardOption(text(values, "shard"));
  const wait = waitOf(text(values, "wait-for-target"));
  return {
    config,
    ...(rerun ? { rerun } : {}),
    ...(shard ? { shard } : {}),
    ...(wait ? { wait } : {}),
  };
}

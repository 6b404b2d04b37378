/**
 * The options of `cms-conformance run` as the CLI shows and parses them: the flags of the run-option table
 * (runner/model/runOptions/runOptionTable.ts, where each is defined once) with their parsers, and how `--help`
 * and docs/options.md write an option and its facts (variable, range, default).
 */
import type { RunOptionDefinition as RunOptionRow } from "../runner/model/runOptions/RunOptionDefinition.js";
import { DEFAULT_FORMATS, formatsHelp } from "../reports/reporters/reporterRegistry.js";
import { RUN_OPTION_TABLE } from "../runner/model/runOptions/runOptionTable.js";
import { flagParserOf, type FlagParser } from "../runner/settings/flagReaders.js";
import { settingRange } from "../runner/settings/runConfigSchema.js";

export { DEFAULT_OUT_DIR } from "../runner/model/runOptions/outputOptions.js";
export type { RunOptionGroup } from "../runner/model/runOptions/RunOptionDefinition.js";

/** One option of `run`: a row of the table that is a flag, with its parser. */
export type RunOptionDefinition = RunOptionRow & {
  /** Reads the flag's texts into the setting; absent: as the run-config schema's type says (parseSettingText). */
  readonly parse?: FlagParser;
};

/** Every option of `run`, in the table's order (--help shows them group by group). */
export const RUN_OPTIONS: readonly RunOptionDefinition[] = (RUN_OPTION_TABLE as readonly RunOptionRow[])
  .filter((row) => row.configOnly !== true)
  .map((row) => {
    const parse = flagParserOf(row);
    // The reporter registry is the one list of formats, with their descriptions and the default choice.
    const described =
      row.name === "format" ? { ...row, help: formatsHelp(), defaultText: DEFAULT_FORMATS.join(",") } : row;
    return parse ? { ...described, parse } : described;
  });

/** The environment variable of an option, if it has one. */
export function environmentVariableOf(option: RunOptionRow): string | undefined {
  return option.env;
}

/** The range of an option's value in words, from the run-config schema. */
export function rangeOf(option: RunOptionRow): string | undefined {
  return option.setting ? settingRange(option.setting) : undefined;
}

/** The default as shown: the row's text, else the default's own (a number, a word, a list). */
export function defaultTextOf(option: RunOptionRow): string | undefined {
  if (option.defaultText !== undefined) return option.defaultText;
  const value = option.default;
  if (typeof value === "number" || (typeof value === "string" && value !== "")) return String(value);
  return Array.isArray(value) && value.length > 0 ? value.join(",") : undefined;
}

/** "-c, --checks IDS": how an option is written. */
export function optionSyntax(option: RunOptionRow): string {
  return `${option.short ? `-${option.short}, ` : ""}--${option.name}${option.value ? ` ${option.value}` : ""}`;
}

/** What the help says after the option's own sentence: "Env: CMS_SEED. Range: 0 to 2147483647. Default: random." */
export function optionFacts(option: RunOptionRow): string {
  const variable = environmentVariableOf(option);
  const range = rangeOf(option);
  const shown = defaultTextOf(option);
  return [
    ...(variable ? [`Env: ${variable}.`] : []),
    ...(range ? [`Range: ${range}.`] : []),
    ...(shown ? [`Default: ${shown}.`] : []),
  ].join(" ");
}

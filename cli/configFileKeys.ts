/**
 * The keys of a --config file: the name of each flag that sets a setting (issue 27.9: one vocabulary for
 * flags and config), and the few settings no flag can carry, all rows of the run-option table.
 */
import type { ConfigFileKey } from "../runner/settings/configFileKeys.js";
import { SETTING_ROWS } from "../runner/model/runOptions/runOptionTable.js";
import { RUN_OPTIONS } from "./runOptions.js";

/** Settings only a config file holds (their values are structures no flag spells). */
export const CONFIG_ONLY_KEYS: readonly (ConfigFileKey & { readonly help: string })[] = SETTING_ROWS.filter(
  (row) => row.configOnly === true,
).map((row) => ({ fileKey: row.name, setting: row.setting, help: row.help }));

/** Every key of a config file: the flags' names, then the keys only a file holds. */
export const CONFIG_FILE_KEYS: readonly ConfigFileKey[] = [
  ...RUN_OPTIONS.flatMap((option) =>
    option.setting === undefined
      ? []
      : [{ fileKey: option.name, setting: option.setting, ...(option.parse ? { parse: option.parse } : {}) }],
  ),
  ...CONFIG_ONLY_KEYS,
];

/** A config file's object holding `settings` (named as RunSettings names them), keyed by the flag names. */
export function configFileOf(settings: Readonly<Record<string, unknown>>): Record<string, unknown> {
  const fileKeyOf = new Map(CONFIG_FILE_KEYS.map((key) => [key.setting, key.fileKey]));
  return Object.fromEntries(
    Object.entries(settings)
      .filter(([, value]) => value !== undefined)
      .map(([setting, value]) => {
        const fileKey = fileKeyOf.get(setting);
        if (fileKey === undefined) throw new Error(`configFileOf: no config key for the setting ${setting}`);
        return [fileKey, value];
      }),
  );
}

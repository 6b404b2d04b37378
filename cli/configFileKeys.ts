/**
 * The keys of a --config file: the name of each flag that sets a setting (issue 27.9: one vocabulary for
 * flags and config), and the few settings no flag can carry.
 */
import type { ConfigFileKey } from "../runner/settings/configFileKeys.js";
import { RUN_OPTIONS } from "./runOptions.js";

/** Settings only a config file holds (their values are structures no flag spells). */
export const CONFIG_ONLY_KEYS: readonly (ConfigFileKey & { readonly help: string })[] = [
  {
    fileKey: "role-filters",
    setting: "roleFilters",
    help: "known fact: the filters getRoleFilters must return for each role of --role in --domain-name/--service-name, as role → [{ name, value }] (§4.5)",
  },
  {
    fileKey: "translated-widget-text",
    setting: "translatedWidgetText",
    help: "known fact: { text, widgetId }, a text only that widget's translated name or description holds; a widget search for it must find the widget (§4.1)",
  },
];

/** Every key of a config file. */
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

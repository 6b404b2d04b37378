/** The flags of `cms-conformance run` as a configuration layer, the layer above the config file and the environment. */
import { ConfigurationError } from "../runner/model/ConfigurationError.js";
import type { ConfigLayer } from "../runner/settings/resolveRunSettings.js";
import { parseSettingText } from "../runner/settings/runConfigSchema.js";
import { RUN_OPTIONS } from "./runOptions.js";

/** The flags as a configuration layer: text read as the run-config schema's types, named as typed. */
export function flagsLayer(
  values: Readonly<Record<string, string | boolean | (string | boolean)[] | undefined>>,
): ConfigLayer {
  const settings: Record<string, unknown> = {};
  const typed: Record<string, string> = {};
  const names: Record<string, string> = {};
  for (const option of RUN_OPTIONS) {
    if (!option.setting) continue;
    names[option.setting] = `--${option.name}`;
    const given = values[option.name];
    if (given === undefined) continue;
    if (typeof given === "boolean") {
      if (!option.value) settings[option.setting] = given; // a switch that is a setting (--insecure)
      continue;
    }
    const texts = (Array.isArray(given) ? given : [given]).map(String);
    settings[option.setting] = option.parse ? option.parse(texts) : parseSettingText(option.setting, texts.join(","));
    typed[option.setting] = texts.join(",");
  }
  if (values.exitfirst === true) {
    if (settings.maxFailures !== undefined)
      throw new ConfigurationError("give -x (stop at the first failure) or --max-failures N, not both");
    settings.maxFailures = 1;
    names.maxFailures = "-x";
  }
  return { values: settings, typed, nameOf: (key) => names[key] ?? key };
}

/**
 * The vocabulary of a --config file (issue 27.9): its keys are the flag names (`timeout`, `format`,
 * `role`), and a value may be written as the flag takes it (`"timeout": "5s"`, `"rate-limit": "20/s"`,
 * `"header": ["X-Tenant: acme"]`) or as the setting holds it (`"timeout": 5000`, `"header": {"X-Tenant":
 * "acme"}`). The CLI gives the vocabulary (made from its options table); this module turns a file's
 * object into settings, and refuses the keys of the earlier vocabulary naming the new one.
 */
import { ConfigurationError } from "../model/ConfigurationError.js";
import { closestName } from "./closestName.js";
import { parseSettingText, settingSchema } from "./runConfigSchema.js";

/** One key of a config file. */
export interface ConfigFileKey {
  /** The key as written in the file: the flag's name without dashes. */
  readonly fileKey: string;
  /** The setting it sets (a key of the run-config schema). */
  readonly setting: string;
  /** How the flag reads its texts, for a value written as the flag takes it. */
  readonly parse?: (texts: readonly string[]) => unknown;
}

/** Keys of a config file that are no settings ("$schema", for editors). */
const IGNORED_KEYS = new Set(["$schema"]);

/**
 * A value written as the flag takes it, read as the flag reads it; any other value as it is. A list of
 * texts is the flag given once per item, so only a setting that holds a list or an object takes one:
 * "timeout": ["5s"] stays a list, for the schema to refuse.
 */
function settingValue(key: ConfigFileKey, value: unknown): unknown {
  const type = settingSchema(key.setting).type;
  const takesList = type === "array" || type === "object";
  const texts =
    typeof value === "string"
      ? [value]
      : takesList && Array.isArray(value) && value.length > 0 && value.every((item) => typeof item === "string")
        ? (value as string[])
        : undefined;
  if (texts === undefined) return value;
  if (key.parse) return key.parse(texts);
  // ["a,b", "c"] reads as --role a,b --role c.
  if (type === "array") return parseSettingText(key.setting, texts.join(","));
  if (type === "integer" || type === "number") return parseSettingText(key.setting, texts.join(","));
  return value;
}

/** The settings a config file's object holds, by setting; `where` names the file in sentences. */
export function settingsOfConfigFile(
  data: Readonly<Record<string, unknown>>,
  keys: readonly ConfigFileKey[],
  where: string,
): Record<string, unknown> {
  const byFileKey = new Map(keys.map((key) => [key.fileKey, key]));
  const bySetting = new Map(keys.map((key) => [key.setting, key]));
  const settings: Record<string, unknown> = {};
  for (const [name, value] of Object.entries(data)) {
    if (IGNORED_KEYS.has(name)) continue;
    const key = byFileKey.get(name);
    if (key) {
      settings[key.setting] = settingValue(key, value);
      continue;
    }
    const renamed = bySetting.get(name);
    if (renamed)
      throw new ConfigurationError(
        `the key ${JSON.stringify(name)} in ${where} is now ${JSON.stringify(renamed.fileKey)}, the name of its flag (--${renamed.fileKey}); rename it`,
      );
    const suggestion = closestName(
      name,
      keys.map((candidate) => candidate.fileKey),
    );
    const hint = suggestion ? `; did you mean ${JSON.stringify(suggestion)}?` : "";
    throw new ConfigurationError(
      `${where} has the unknown key ${JSON.stringify(name)}${hint} (its keys are the flag names of cms-conformance run)`,
    );
  }
  return settings;
}

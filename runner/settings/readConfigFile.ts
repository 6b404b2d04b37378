/** Reads a --config file as a configuration layer, its relative paths made relative to the file. */
import { dirname, resolve } from "node:path";
import { ConfigurationError } from "../model/ConfigurationError.js";
import type { ConfigLayer } from "./ConfigLayer.js";
import { settingsOfConfigFile, type ConfigFileKey } from "./configFileKeys.js";
import { readRegularFile } from "./readRegularFile.js";
import { findDuplicateJsonKey } from "./findDuplicateJsonKey.js";
import { RUN_OPTION_TABLE } from "../model/runOptions/runOptionTable.js";
import { PATH_KEYS } from "./settingKinds.js";

function withPathsFrom(folder: string, values: Record<string, unknown>): Record<string, unknown> {
  const at = (value: unknown): unknown => (typeof value === "string" && value !== "" ? resolve(folder, value) : value);
  const out = { ...values };
  for (const key of PATH_KEYS) {
    if (!(key in out)) continue;
    out[key] = Array.isArray(out[key]) ? (out[key] as unknown[]).map(at) : at(out[key]);
  }
  return out;
}

/** Keys whose values are secrets (the tokens, the client id, token commands) or may be (extra headers): never shown. */
const HIDDEN_VALUES: readonly string[] = [
  ...RUN_OPTION_TABLE.filter((row) => "secretVariable" in row && row.secretVariable !== undefined).map(
    (row) => row.name,
  ),
  "header",
];

/** A value as a sentence may show it: short, and never a secret's. */
function shownValue(value: string): string {
  return value.length > 60 ? `${value.slice(0, 57)}...` : value;
}

/** Refuses a key given twice in one object of the file (JSON.parse would keep the last silently), naming both values. */
function refuseDuplicateKeys(text: string, path: string): void {
  const duplicate = findDuplicateJsonKey(text);
  if (duplicate === undefined) return;
  const where = duplicate.path.map((key) => JSON.stringify(key)).join(" › ");
  const hidden = HIDDEN_VALUES.includes(duplicate.path[0] ?? "");
  const values = hidden ? "" : ` (${shownValue(duplicate.first)} and ${shownValue(duplicate.second)})`;
  throw new ConfigurationError(
    `the config file ${path} gives ${where} twice${values}, and JSON keeps only the last one; give it once`,
  );
}

/** The JSON object a config file holds, or a sentence saying why there is none. */
function configFileObject(path: string): Record<string, unknown> {
  let text: string;
  try {
    text = readRegularFile(path);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code ?? "error";
    throw new ConfigurationError(
      `cannot read the config file ${path} (${code}); give a readable JSON file with --config`,
    );
  }
  let data: unknown;
  try {
    data = JSON.parse(text);
  } catch (error) {
    throw new ConfigurationError(`the config file ${path} is not JSON: ${(error as Error).message}`);
  }
  refuseDuplicateKeys(text, path);
  if (typeof data !== "object" || data === null || Array.isArray(data))
    throw new ConfigurationError(
      `the config file ${path} must hold a JSON object of settings keyed by the flag names (schemas/meta/run-config-file.schema.json)`,
    );
  return data as Record<string, unknown>;
}

/**
 * Reads a --config file as a layer, its keys the flag names (`keys`, from the run-option table); it is
 * validated with the other layers, once they are merged.
 */
export function readConfigFile(path: string, keys: readonly ConfigFileKey[]): ConfigLayer {
  const data = configFileObject(path);
  const where = `the config file ${path}`;
  const fileKeyOf = new Map(keys.map((key) => [key.setting, key.fileKey]));
  return {
    values: withPathsFrom(dirname(resolve(path)), settingsOfConfigFile(data, keys, where)),
    nameOf: (key) => `${JSON.stringify(fileKeyOf.get(key) ?? key)} in ${where}`,
  };
}

/**
 * Resolves the settings of a run from layers — a --config file, CMS_* environment variables, flags
 * (later layers win) — merged first and then validated once against the run-config schema, so that
 * every range holds whichever way a value was given. Anything wrong is refused with one sentence
 * that names the value as the user wrote it and says what it takes (schemaErrorSentence.ts).
 */
import type { OperationPaths } from "../../contract/operations.js";
import { ConfigurationError } from "../model/ConfigurationError.js";
import type { RunConfigFile, SettingKey } from "../model/runOptions/runOptionTable.js";
import { checkCaFiles } from "./checkCaFiles.js";
import { checkClientCertificate } from "./checkClientCertificate.js";
import { checkedBaseUrl } from "./checkedBaseUrl.js";
import { checkHeaderValue } from "./checkHeaderValue.js";
import { asLayer, type ConfigLayer, type LayerOrValues } from "./ConfigLayer.js";
import { mergeLayers } from "./mergeLayers.js";
import { emptyBaseUrlSentence } from "./refuseHalfGivenSettings.js";
import { resolveExtraHeaders } from "./resolveExtraHeaders.js";
import { resolveOperationPaths } from "./resolveOperationPaths.js";
import { runConfigValidator } from "./runConfigSchema.js";
import { schemaErrorSentence } from "./schemaErrorSentence.js";
import { SECRET_KEYS } from "./settingKinds.js";

/** The merged values, validated against the run-config schema. */
function validatedMerge(layers: readonly ConfigLayer[]): {
  config: RunConfigFile;
  nameOf: (key: SettingKey) => string;
} {
  const merged = mergeLayers(layers);
  const nameOf = (key: SettingKey) => merged.origin.get(key)?.nameOf(key) ?? key;
  const baseUrl = merged.merged.baseUrl;
  if (typeof baseUrl === "string" && baseUrl.trim() === "")
    throw new ConfigurationError(emptyBaseUrlSentence(nameOf("baseUrl")));
  const validate = runConfigValidator();
  if (!validate(merged.merged)) {
    const [first] = validate.errors ?? [];
    throw new ConfigurationError(first ? schemaErrorSentence(first, merged) : "the settings are invalid");
  }
  return { config: merged.merged as RunConfigFile, nameOf };
}

/** Refuses secret header names that name no extra header of the run. */
function checkSecretHeaders(config: RunConfigFile, nameOf: (key: SettingKey) => string): void {
  const headers = Object.keys(config.headers ?? {}).map((header) => header.toLowerCase());
  for (const name of config.secretHeaders ?? []) {
    if (!headers.includes(name.toLowerCase()))
      throw new ConfigurationError(
        `${nameOf("secretHeaders")} names ${JSON.stringify(name)}, which is no extra header of the run; give ` +
          `the name of a header given with --header (or header in the config file)`,
      );
  }
}

/**
 * Merges `layers` (later wins) and validates the result once: the schema, then what a schema
 * cannot say (a base URL the paths can follow, secrets sendable as headers). Required values are
 * not demanded here: a run without a base URL gets the bundled reference server.
 */
export function resolveRunConfig(layers: readonly LayerOrValues[]): RunConfigFile {
  const resolvedLayers = layers.map(asLayer);
  const { config, nameOf } = validatedMerge(resolvedLayers);
  if (config.baseUrl !== undefined) config.baseUrl = checkedBaseUrl(config.baseUrl, nameOf("baseUrl"));
  for (const key of SECRET_KEYS) {
    const value = config[key];
    if (typeof value === "string") checkHeaderValue(value, nameOf(key));
  }
  checkClientCertificate(config, nameOf);
  if (config.caFiles !== undefined) checkCaFiles(config.caFiles, nameOf("caFiles"));
  // Merged per name and per operation, and checked for what a schema cannot say (a header HTTP cannot carry, two operations at one path).
  const layerValues = (key: SettingKey) =>
    resolvedLayers.map((layer) => layer.values[key] as Record<string, string> | undefined);
  if (config.headers !== undefined) config.headers = resolveExtraHeaders(layerValues("headers"), config.secretHeaders);
  checkSecretHeaders(config, nameOf);
  if (config.operationPaths !== undefined)
    config.operationPaths = resolveOperationPaths(layerValues("operationPaths") as (OperationPaths | undefined)[]);
  return config;
}

/**
 * A run given what only a target of the user's needs — a token, a client id, known facts, analytic ids, roles —
 * but no base URL (issue 50.2): it would judge the bundled reference server in place of the target those
 * settings were meant for, and let a CI gate pass on a forgotten CMS_BASE_URL. Refused (exit 2), naming
 * each setting given and where; only a run with none of them judges the bundled server.
 */
import { ConfigurationError } from "../model/ConfigurationError.js";
import { TARGET_OPTIONS } from "../model/runOptions/targetOptions.js";
import { asLayer, type LayerOrValues } from "./ConfigLayer.js";
import { mergeLayers } from "./mergeLayers.js";

/** The settings of the target options (credentials, facts) but the base URL itself. */
const TARGET_SIDE_SETTINGS: readonly string[] = TARGET_OPTIONS.map((row) => row.setting).filter(
  (setting) => setting !== "baseUrl",
);

/** "a", "a and b", "a, b and c". */
function andList(items: readonly string[]): string {
  return items.length < 2 ? (items[0] ?? "") : `${items.slice(0, -1).join(", ")} and ${items.at(-1) ?? ""}`;
}

/** The target-side settings `layers` give, each named as its source writes it (CMS_TOKEN, --role, "roles" in the config file …). */
function targetSideInputs(layers: readonly LayerOrValues[]): string[] {
  const named: string[] = [];
  for (const layer of layers.map(asLayer)) {
    for (const setting of TARGET_SIDE_SETTINGS)
      if (layer.values[setting] !== undefined) named.push(layer.nameOf(setting));
  }
  return [...new Set(named)];
}

/** Refuses (ConfigurationError) a run whose merged `layers` give no base URL but give a setting of a target. */
export function refuseTargetInputsWithoutBaseUrl(layers: readonly LayerOrValues[]): void {
  if (mergeLayers(layers.map(asLayer)).merged.baseUrl !== undefined) return;
  const given = targetSideInputs(layers);
  if (given.length === 0) return;
  const them = given.length === 1 ? "it" : "them";
  throw new ConfigurationError(
    `${andList(given)} ${given.length === 1 ? "is" : "are"} given but no base URL is, so the bundled reference ` +
      `server would be judged in place of your target; give the target's URL (--base-url, CMS_BASE_URL or ` +
      `"base-url" in the config file), or leave ${them} out to judge the bundled reference server`,
  );
}

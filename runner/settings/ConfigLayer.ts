/** One source of settings (a config file, the environment, the flags, values given in code). */
import type { RunConfigFile } from "../model/runOptions/runOptionTable.js";

/**
 * One source of settings. Values are unchecked: text a flag could not read as a number stays text
 * for the schema to refuse. `nameOf` says how the user wrote a key in this source; `typed` holds
 * what the user typed where the value differs from it (the "0/s" of --rate-limit).
 */
export interface ConfigLayer {
  readonly values: Readonly<Record<string, unknown>>;
  readonly nameOf: (key: string) => string;
  readonly typed?: Readonly<Record<string, string>>;
}

/** A layer given as a source, or values given in code (tests, the embedded reference server). */
export type LayerOrValues = RunConfigFile | ConfigLayer;

function isLayer(layer: LayerOrValues): layer is ConfigLayer {
  return typeof (layer as ConfigLayer).nameOf === "function";
}

/** A source as a layer: values given in code are named by their keys. */
export function asLayer(layer: LayerOrValues): ConfigLayer {
  return isLayer(layer) ? layer : { values: layer as Record<string, unknown>, nameOf: (key) => JSON.stringify(key) };
}

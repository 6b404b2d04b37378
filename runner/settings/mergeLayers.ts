/** Merges configuration layers (later wins), remembering the layer each value came from. */
import type { ConfigLayer } from "./ConfigLayer.js";
import { MERGED_PER_ENTRY, SECRET_KEYS } from "./settingKinds.js";

/** The merged values, and the layer each came from. */
export interface MergedLayers {
  readonly merged: Record<string, unknown>;
  readonly origin: Map<string, ConfigLayer>;
}

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

/** One layer's value over what is merged so far: entries added for a setting merged per entry, secrets trimmed. */
function mergedValue(key: string, value: unknown, before: unknown): unknown {
  if (MERGED_PER_ENTRY.includes(key as never) && isPlainObject(value) && isPlainObject(before))
    return { ...before, ...value };
  return SECRET_KEYS.includes(key as never) && typeof value === "string" ? value.trim() : value;
}

/** Merges `layers`, later ones winning. */
export function mergeLayers(layers: readonly ConfigLayer[]): MergedLayers {
  const merged: Record<string, unknown> = {};
  const origin = new Map<string, ConfigLayer>();
  for (const layer of layers) {
    for (const [key, value] of Object.entries(layer.values)) {
      if (value === undefined) continue;
      merged[key] = mergedValue(key, value, merged[key]);
      origin.set(key, layer);
    }
  }
  return { merged, origin };
}

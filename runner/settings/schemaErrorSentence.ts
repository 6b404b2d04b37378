/**
 * The one sentence a user gets for the first run-config schema error: it names the value as the user wrote it
 * (--timeout, CMS_PROFILE, "timeout" in cms.json) and says what it takes (STYLE: errors for the user).
 */
import type { ErrorObject } from "ajv";
import { closestName } from "./closestName.js";
import { showUrl } from "./checkedBaseUrl.js";
import type { MergedLayers } from "./mergeLayers.js";
import { SETTING_ROWS } from "../model/runOptions/runOptionTable.js";
import { describeExpected, settingSchema } from "./runConfigSchema.js";
import { SECRET_KEYS } from "./settingKinds.js";

/** A JSON pointer's segment as the key it names. */
function unescapePointer(segment: string): string {
  return segment.replace(/~1/g, "/").replace(/~0/g, "~");
}

function additionalProperty(error: ErrorObject): string {
  return String((error.params as { additionalProperty?: unknown }).additionalProperty);
}

/** An unknown operation in operationPaths, the only setting that closes its entries. */
function unknownEntrySentence(error: ErrorObject, { origin }: MergedLayers): string {
  const key = error.instancePath.split("/")[1] ?? "";
  const known = Object.keys(settingSchema(key).properties ?? {});
  const where = origin.get(key)?.nameOf(key) ?? key;
  return `unknown operation ${JSON.stringify(additionalProperty(error))} in ${where}; known: ${known.join(", ")}`;
}

/** A key that is no setting, with the nearest one. */
function unknownSettingSentence(error: ErrorObject, { origin }: MergedLayers): string {
  const key = additionalProperty(error);
  const where = origin.get(key)?.nameOf(key) ?? JSON.stringify(key);
  const known = SETTING_ROWS.map((row) => row.setting);
  const guess = closestName(key, known);
  const hint = guess ? `did you mean ${JSON.stringify(guess)}?` : `the settings are ${known.join(", ")}`;
  return `${where} is not a setting; ${hint}`;
}

/** A secret is never shown, not even a wrong one. */
function secretSentence(error: ErrorObject, name: string, expected: string): string {
  return error.keyword === "minLength"
    ? `${name} is empty once surrounding spaces are trimmed; give the value`
    : `${name} takes ${expected}`;
}

/** The wrong value as it may be shown: a base URL without userinfo, a flag's text as typed. */
function shownValue(key: string, value: unknown, typed: string | undefined, whole: boolean): string {
  if (key === "baseUrl" && typeof value === "string") return showUrl(value);
  return whole && typed !== undefined ? JSON.stringify(typed) : JSON.stringify(value);
}

/** A wrong item of a list or entry of an object. */
function innerSentence(error: ErrorObject, key: string, rest: readonly string[], name: string, shown: string): string {
  const schema = settingSchema(key);
  if (schema.items) return `${name} takes ${describeExpected(schema.items)}, not ${shown}`;
  const entry = rest.map(unescapePointer).join("/");
  return error.keyword === "pattern"
    ? `the path of ${entry} must start with / and hold no space, query or fragment, not ${shown} (${name})`
    : `${name} gives ${entry} ${shown}, which is not a text`;
}

/** One sentence for the first schema error. */
export function schemaErrorSentence(error: ErrorObject, layers: MergedLayers): string {
  if (error.keyword === "additionalProperties")
    return error.instancePath !== "" ? unknownEntrySentence(error, layers) : unknownSettingSentence(error, layers);
  const [, key = "", ...rest] = error.instancePath.split("/");
  const layer = layers.origin.get(key);
  const name = layer?.nameOf(key) ?? key;
  const expected = describeExpected(settingSchema(key));
  if (SECRET_KEYS.includes(key as never)) return secretSentence(error, name, expected);
  const value = rest.reduce<unknown>(
    (inner, segment) => (inner as Record<string, unknown> | undefined)?.[unescapePointer(segment)],
    layers.merged[key],
  );
  const shown = shownValue(key, value, layer?.typed?.[key], rest.length === 0);
  if (rest.length > 0) return innerSentence(error, key, rest, name, shown);
  const rate = key === "rateLimit" ? " requests per second (the flag also reads 20/s and 30/m)" : "";
  return `${name} takes ${expected}${rate}, not ${shown}`;
}

/**
 * What a config file's key takes, in words, from the run-config schema and the flag that sets it: the
 * "value" column of docs/config-file.md.
 */
import { parseDurationOption } from "../runner/settings/parseDurationOption.js";
import {
  describeExpected,
  settingRange,
  settingSchema,
  type SettingSchema,
} from "../runner/settings/runConfigSchema.js";
import { PATH_KEYS } from "../runner/settings/settingKinds.js";
import type { RunOptionDefinition } from "./runOptions.js";

/** The shape of an object or list value: `{ text, widgetId }`, `{ "…": [{ name, value }] }`. */
function shapeOf(schema: SettingSchema & { additionalProperties?: unknown }): string {
  if (schema.type === "array") return `[${schema.items ? shapeOf(schema.items) : "…"}]`;
  if (schema.type !== "object") return "text";
  if (schema.properties) return `{ ${Object.keys(schema.properties).join(", ")} }`;
  const entry = schema.additionalProperties as SettingSchema | undefined;
  return `{ "…": ${entry ? shapeOf(entry) : "…"} }`;
}

/** A list setting's items in words: "json, junit, html or har", "paths" or "texts". */
function itemsInWords(setting: string, schema: SettingSchema): string {
  if (schema.items?.enum) return describeExpected({ enum: schema.items.enum });
  return PATH_KEYS.includes(setting as never) ? "paths (relative to the config file)" : "texts";
}

/**
 * The value a config key takes, e.g. 'a duration ("5s", "1500ms", "15m", "1h") or a number of
 * milliseconds, 100 to 600000 ms'; `flag` is the option that sets it, absent for a key only a file holds.
 */
export function describeConfigValue(setting: string, flag?: Pick<RunOptionDefinition, "value" | "parse">): string {
  const schema = settingSchema(setting) as SettingSchema & { type?: string };
  const range = settingRange(setting);
  if ((schema.type as string) === "boolean") return "true or false";
  if (flag?.parse === parseDurationOption)
    return `a duration ("5s", "1500ms", "15m", "1h") or a number of milliseconds${range ? `, ${range} ms` : ""}`;
  if (schema.type === "number" && flag?.value) return `${describeExpected(schema)}, or the flag's text (${flag.value})`;
  if (schema.type === "array" && !flag?.parse)
    return `a list of ${itemsInWords(setting, schema)}, or one text of them comma-separated`;
  if (schema.type === "object" || schema.type === "array")
    return flag?.value
      ? `an object ${shapeOf(schema)}, or a list of the flag's texts (${flag.value})`
      : `an object ${shapeOf(schema)}`;
  if (PATH_KEYS.includes(setting as never)) return "a path, relative to the config file";
  return describeExpected(schema);
}

/**
 * The JSON Schema of a --config file (schemas/meta/run-config-file.schema.json, written by npm run
 * generate): the run-config schema's settings under their flag names, each also accepting the text
 * its flag takes ("5s", "20/s", "X-Tenant: acme"), so an editor validates a file as the CLI reads it.
 */
import { RUN_CONFIG_SCHEMA, type SettingSchema } from "../runner/settings/runConfigSchema.js";
import { CONFIG_FILE_KEYS } from "./configFileKeys.js";

/** Where npm run generate writes it, below the repository. */
export const CONFIG_FILE_SCHEMA_PATH = "schemas/meta/run-config-file.schema.json";

const TEXT = { type: "string", minLength: 1 } as const;

/** A regular expression's text that matches `text` literally. */
function literal(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
}

/**
 * The flag's text for a list of items: one item or several, comma-separated ("json,html"), each as the
 * item schema says when it says it with an enum or an anchored pattern.
 */
function commaListText(items: SettingSchema | undefined): object {
  const item = items?.enum
    ? `(?:${items.enum.map(literal).join("|")})`
    : items?.pattern?.startsWith("^") && items.pattern.endsWith("$")
      ? `(?:${items.pattern.slice(1, -1)})`
      : undefined;
  return item === undefined ? TEXT : { type: "string", pattern: `^\\s*${item}\\s*(?:,\\s*${item}\\s*)*$` };
}

/**
 * The forms a key's value may take besides the setting's own: the flag's text ("5s", "20/s",
 * "json,html"), and, for a setting that holds a list or an object, a list of such texts (the flag
 * repeated).
 */
function flagForms(schema: SettingSchema, parsed: boolean): object[] {
  if (parsed && (schema.type === "object" || schema.type === "array")) return [TEXT, { type: "array", items: TEXT }];
  if (schema.type === "array") {
    const text = commaListText(schema.items);
    const minItems = (schema as { minItems?: number }).minItems;
    return [text, { type: "array", ...(minItems === undefined ? {} : { minItems }), items: text }];
  }
  if (parsed || schema.type === "integer" || schema.type === "number") return [TEXT];
  return [];
}

/** The schema of a config file, as an object ready to be written as JSON. */
export function configFileSchema(): Record<string, unknown> {
  const internal = RUN_CONFIG_SCHEMA as unknown as { $defs?: unknown; properties: Record<string, SettingSchema> };
  const properties: Record<string, unknown> = { $schema: { type: "string" } };
  for (const key of CONFIG_FILE_KEYS) {
    const schema = internal.properties[key.setting] as SettingSchema;
    const forms = flagForms(schema, key.parse !== undefined);
    properties[key.fileKey] =
      forms.length === 0
        ? schema
        : { description: schema.description, anyOf: [{ ...schema, description: undefined }, ...forms] };
  }
  return {
    $schema: "https://json-schema.org/draft/2020-12/schema",
    $id: "https://schemas.cms-conformance.invalid/meta/run-config-file.schema.json",
    title: "RunConfigFile",
    description:
      "A --config file of cms-conformance run: its keys are the names of the flags (timeout, format, role " +
      '…), and a value may be written as the flag takes it ("5s", "20/s", ["X-Tenant: acme"]) or as the ' +
      'setting holds it (5000, 20, {"X-Tenant": "acme"}). Generated from run-config.schema.json and the ' +
      "options table by npm run generate; the CLI checks ranges once the file, the environment and the " +
      "flags are merged.",
    type: "object",
    additionalProperties: false,
    properties: JSON.parse(JSON.stringify(properties)) as unknown,
    ...(internal.$defs === undefined ? {} : { $defs: internal.$defs }),
  };
}

/**
 * The run-config schema (schemas/meta/run-config.schema.json, made from the run-option table) and what each
 * setting accepts: its validator, its range in words, and how text from a flag or an environment
 * variable becomes a value of the right type.
 */
import type { ValidateFunction } from "ajv";
import { metaSchemaValidator } from "../../contract/metaSchemaValidator.js";
import type { SettingSchema } from "../model/runOptions/RunOptionDefinition.js";
import { RUN_CONFIG_DEFS, SETTING_ROWS } from "../model/runOptions/runOptionTable.js";

export type { SettingSchema };

/** Where npm run generate writes the run-config schema, below the repository. */
export const RUN_CONFIG_SCHEMA_PATH = "schemas/meta/run-config.schema.json";

/** The run-config schema: each setting's schema from the run-option table, under the setting's key. */
export const RUN_CONFIG_SCHEMA = {
  $schema: "https://json-schema.org/draft/2020-12/schema",
  $id: "https://schemas.cms-conformance.invalid/meta/run-config.schema.json",
  title: "RunConfig",
  description:
    "The settings of cms-conformance run (docs/design.md §5), as a --config file holds them. Flags and " +
    "CMS_* environment variables override the file; the three are merged, then validated once against " +
    "this schema, so every range holds whichever way a value was given. Generated from the run-option " +
    "table (runner/model/runOptions/) by npm run generate.",
  type: "object",
  additionalProperties: false,
  properties: Object.fromEntries([
    ["$schema", { type: "string" }],
    // By key, so the file reads as a reference and the first of several errors does not hang on the table's order.
    ...SETTING_ROWS.map((row) => [row.setting, row.schema]).sort(([a], [b]) => String(a).localeCompare(String(b))),
  ]) as Readonly<Record<string, SettingSchema>>,
  $defs: RUN_CONFIG_DEFS,
} as const;

/** The validator of a merged configuration (the suite's one strict Ajv; the user gets the first error, in one sentence). */
export function runConfigValidator(): ValidateFunction {
  return metaSchemaValidator("run-config.schema.json");
}

/** The schema of a setting; throws on a key the schema lacks (a bug of ours). */
export function settingSchema(key: string): SettingSchema {
  const schema = RUN_CONFIG_SCHEMA.properties[key];
  if (!schema) throw new Error(`settingSchema: run-config.schema.json has no property ${JSON.stringify(key)}`);
  return schema;
}

function orList(values: readonly string[]): string {
  return values.length <= 1 ? (values[0] ?? "") : `${values.slice(0, -1).join(", ")} or ${values[values.length - 1]}`;
}

/** The range of a numeric setting in words ("100 to 600000"), or undefined when it has none. */
export function settingRange(key: string): string | undefined {
  const schema = settingSchema(key);
  if (schema.type === "integer" && schema.minimum !== undefined && schema.maximum !== undefined)
    return `${schema.minimum} to ${schema.maximum}`;
  if (schema.type === "number" && schema.exclusiveMinimum !== undefined && schema.maximum !== undefined)
    return `above ${schema.exclusiveMinimum}, at most ${schema.maximum}`;
  return undefined;
}

/** What a value of `schema` looks like, for "--timeout takes …" sentences. */
export function describeExpected(schema: SettingSchema): string {
  if (schema.enum) return orList(schema.enum);
  if (schema.type === "integer") {
    const range =
      schema.minimum !== undefined && schema.maximum !== undefined
        ? ` from ${schema.minimum} to ${schema.maximum}`
        : "";
    return `a whole number${range}`;
  }
  if (schema.type === "number") {
    const above = schema.exclusiveMinimum !== undefined ? ` above ${schema.exclusiveMinimum}` : "";
    const most = schema.maximum !== undefined ? `${above ? "," : ""} at most ${schema.maximum}` : "";
    return `a number${above}${most}`;
  }
  if (schema.type === "array")
    return schema.items?.enum ? `a list of ${orList(schema.items.enum)}` : "a list of non-empty texts";
  if (schema.type === "object") return "a JSON object";
  // No truthiness: "false" in a config file is text, and text is no switch (issue 41.1).
  if (schema.type === "boolean") return "true or false (a JSON boolean, not text)";
  if (schema.pattern?.startsWith("^https?://")) return "an http:// or https:// URL";
  return schema.minLength ? "a non-empty text" : "a text";
}

/** Text a rate flag reads: 20, 20/s or 30/m; the value is per second. */
const RATE = /^(\d+(?:\.\d+)?)(?:\/([sm]))?$/;

/**
 * The value of `key` from the text of a flag or environment variable: numbers for numeric settings,
 * comma-separated lists for list settings. Text that does not read as the right type stays text,
 * so that the schema refuses it with the rest.
 */
export function parseSettingText(key: string, text: string): unknown {
  const schema = settingSchema(key);
  if (schema.type === "array")
    return text
      .split(",")
      .map((item) => item.trim())
      .filter(Boolean);
  const trimmed = text.trim();
  if (schema.type === "integer") return /^[+-]?\d+$/.test(trimmed) ? Number(trimmed) : text;
  if (schema.type === "number") {
    const rate = RATE.exec(trimmed);
    if (!rate) return text;
    return rate[2] === "m" ? Number(rate[1]) / 60 : Number(rate[1]);
  }
  return text;
}

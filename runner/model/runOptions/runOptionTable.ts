/**
 * Every option of `cms-conformance run`, once (issue 43.3). Each row says the flag, its short form, its
 * environment variable, its config key (the flag's name), the setting's type and range (its JSON Schema),
 * its default, its help text and how the Reproduce line repeats it. The parser, the config file and
 * schemas/meta/run-config.schema.json, `--help`, shell completion, docs/options.md and the Reproduce line are
 * made from this table; a new setting is a new row here plus the code that uses its value.
 * The order is that of the Reproduce line; `--help` shows the rows group by group in this order.
 */
import { CONNECTION_OPTIONS } from "./connectionOptions.js";
import { LIMIT_OPTIONS } from "./limitOptions.js";
import { OUTPUT_OPTIONS } from "./outputOptions.js";
import type { RunOptionDefinition, SettingSchema } from "./RunOptionDefinition.js";
import { TARGET_OPTIONS } from "./targetOptions.js";
import { VERDICT_OPTIONS } from "./verdictOptions.js";

/** Every row, in the order of the Reproduce line. */
export const RUN_OPTION_TABLE = [
  ...TARGET_OPTIONS,
  ...CONNECTION_OPTIONS,
  ...VERDICT_OPTIONS,
  ...LIMIT_OPTIONS,
  ...OUTPUT_OPTIONS,
] as const satisfies readonly RunOptionDefinition[];

/** Schemas the rows' schemas refer to ($ref "#/$defs/…"). */
export const RUN_CONFIG_DEFS = {
  operationPath: {
    type: "string",
    pattern: "^/[^\\s?#]*$",
    description: "A path below baseUrl, starting with /.",
  },
} as const satisfies Readonly<Record<string, SettingSchema>>;

type Row = (typeof RUN_OPTION_TABLE)[number];

/** The value a JSON Schema of the table describes. */
type SchemaValue<S> = S extends { readonly enum: readonly (infer E)[] }
  ? E
  : S extends { readonly type: "integer" | "number" }
    ? number
    : S extends { readonly type: "string" }
      ? string
      : S extends { readonly type: "boolean" }
        ? boolean
        : S extends { readonly type: "array"; readonly items: infer I }
          ? SchemaValue<I>[]
          : unknown;

/** The value of a row's setting: its valueType, or what its schema describes. */
type ValueOf<R> = R extends { readonly valueType: infer V }
  ? V
  : R extends { readonly schema: infer S }
    ? SchemaValue<S>
    : never;

/** The settings as the table describes them (a --config file holds exactly these, under the flags' names). */
export type RunConfigFile = {
  -readonly [R in Row as R extends { readonly setting: infer K extends string } ? K : never]?: ValueOf<R>;
};

/** A setting's key. */
export type SettingKey = keyof RunConfigFile;

/** The rows that set a setting. */
export const SETTING_ROWS: readonly (RunOptionDefinition & {
  readonly setting: SettingKey;
  readonly schema: SettingSchema;
})[] = RUN_OPTION_TABLE.filter((row): row is Extract<Row, { setting: string }> => "setting" in row);

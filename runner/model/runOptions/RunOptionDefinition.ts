/**
 * The shape of one row of the run-option table (runOptionTable.ts): everything the suite knows about an
 * option of `cms-conformance run`, from which the parser, the config file and its schema, `--help`, shell
 * completion, docs/options.md and the Reproduce line are made (issue 43.3: a setting is defined once).
 */
import type { RunSettings } from "../RunSettings.js";

/** The JSON Schema of one setting: its type and range (a property of schemas/meta/run-config.schema.json). */
export interface SettingSchema {
  readonly type?: "string" | "integer" | "number" | "boolean" | "array" | "object";
  readonly enum?: readonly string[];
  readonly minimum?: number;
  readonly maximum?: number;
  readonly exclusiveMinimum?: number;
  readonly minLength?: number;
  readonly minItems?: number;
  readonly pattern?: string;
  readonly items?: SettingSchema;
  readonly properties?: Readonly<Record<string, unknown>>;
  readonly additionalProperties?: unknown;
  readonly required?: readonly string[];
  readonly $ref?: string;
  readonly description?: string;
}

/** The sections of `run --help`. */
export type RunOptionGroup = "Target" | "Verdicts" | "Limits" | "Re-runs and CI fleets" | "Output";

/** How a flag's texts become the setting, where the schema's type alone does not say (runner/settings/flagReaders.ts). */
export type FlagReader = "duration" | "header" | "operationPath";

/** The settings a Reproduce line is made from: RunSettings plus what changes verdicts outside it. */
export type ReproducibleSettings = RunSettings & {
  /** TLS certificate verification was skipped (--insecure). */
  readonly insecure?: boolean;
  /** The waivers file of the run (--waivers). */
  readonly waivers?: string;
};

/**
 * How the Reproduce line repeats an option (runner/report/reproduceCommand.ts). An option without a rule changes
 * no verdict (--out, --format) and is left out of every line.
 */
export interface ReproduceRule {
  /**
   * The value as the run holds it, for a line made from the settings; the option is left out when it is
   * undefined, false, an empty list or the option's default. A list gives the option once per item, true a switch.
   * Absent: the setting under its own key (a setting the model does not place reaches the run so).
   */
  readonly read?: (settings: ReproducibleSettings) => unknown;
  /** Only a line of typed options repeats it: a value the settings cannot give back (--token-command). */
  readonly typedOnly?: boolean;
  /** How one value is written ("5/s", "800ms"); by default as text. */
  readonly text?: (value: never) => string;
  /** A list is given once, comma-separated (--checks a,b), not once per item. */
  readonly joined?: boolean;
  /** An empty list is a fact of its own ("none"), given as --name ''. */
  readonly emptyIsFact?: boolean;
  /** Left out against the bundled reference server, which `run` without a target starts again with its own. */
  readonly targetOnly?: boolean;
  /** Its values are extra headers: a secret one's value stands as its variable ($CMS_HEADER_…). */
  readonly headers?: boolean;
}

/** One option of `run`, and the setting it sets. */
export interface RunOptionDefinition {
  /** The long name, without dashes; also the option's key in a config file. */
  readonly name: string;
  /** A one-letter alias, without the dash. */
  readonly short?: string;
  /** How the value is shown ("MS"); absent for a switch. */
  readonly value?: string;
  readonly repeatable?: boolean;
  readonly group: RunOptionGroup;
  /** What it does, in a sentence or two (--help, docs/options.md). */
  readonly help: string;
  /** The setting it sets, as RunConfigFile names it; absent for options of the command itself (--shard). */
  readonly setting?: string;
  /** The setting's type and range; the run-config schema is made of these. */
  readonly schema?: SettingSchema;
  /** The environment variable that sets it. */
  readonly env?: string;
  /** The value a run uses when no source gives one. */
  readonly default?: unknown;
  /** The default as shown, when it is not the default's own text. */
  readonly defaultText?: string;
  /** How its texts are read, besides as the schema's type says. */
  readonly reader?: FlagReader;
  /** Only a config file holds it (its value is a structure no flag spells). */
  readonly configOnly?: boolean;
  /** A secret sent as a header value (§5): trimmed, checked sendable, never shown in a sentence. */
  readonly sentAsHeader?: boolean;
  /** A secret of the Reproduce line: written as this variable, never as its value. */
  readonly secretVariable?: string;
  /** It names files or folders: a relative one in a config file is relative to the file. */
  readonly relativeToConfigFile?: boolean;
  /** Merged per entry across sources, not replaced (a --header adds to the file's headers). */
  readonly mergedPerEntry?: boolean;
  /** How the Reproduce line repeats it; absent: left out of it. */
  readonly reproduce?: ReproduceRule;
  /** The setting's value type where the schema cannot say it (an object); a type only, see valueType(). */
  readonly valueType?: unknown;
}

/** A type for RunOptionDefinition.valueType: no value, only what TypeScript reads from it. */
export function valueType<T>(): T {
  return undefined as T;
}

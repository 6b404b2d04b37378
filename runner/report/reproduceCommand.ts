/**
 * The `cms-conformance run` command line that reproduces a run, with secrets as environment variables, made
 * from the run-option table: each option with a rule that reads its value (runner/model/runOptions/), in the
 * table's order. Always --seed, every option that differs from its default, secrets as $CMS_TOKEN,
 * $CMS_RESTRICTED_TOKEN and $CMS_CLIENT_ID. Against the embedded reference server the target options are left
 * out, since `run` without a base URL starts it again. --out and --format have no rule: they change where
 * reports go, not what the run finds. Every value is quoted (runner/http/quoteShellWord.ts: the line is inert
 * and faithful in bash, issue 24.1); a value that starts with "-", and every secret (whose value at replay
 * time is not known), is written --name=value, which the option parser never mistakes for an option.
 * --token-command and --restricted-token-command have no reading rule: a command line may hold a secret of its
 * own (a client secret, a password) that no redaction knows; the tokens they printed stand as $CMS_TOKEN and
 * $CMS_RESTRICTED_TOKEN, which a replay sets (CMS_TOKEN="$(the command)").
 * A run the CLI started repeats what the user typed instead (reproduceTypedCommand.ts).
 */
import type { ReproducibleSettings, RunOptionDefinition } from "../model/runOptions/RunOptionDefinition.js";
import { RUN_OPTION_TABLE } from "../model/runOptions/runOptionTable.js";
import { extraHeaderSecrets } from "../http/extraHeaderSecrets.js";
import { optionWords, variable, type OptionValue } from "./reproduceWords.js";
import { reproduceTypedCommand } from "./reproduceTypedCommand.js";

export type { ReproducibleSettings };

/** The extra headers as --header values, a secret one's value as its variable. */
function headerValues(headers: Readonly<Record<string, string>>, secretHeaders?: readonly string[]): OptionValue[] {
  return Object.entries(headers).map(([name, value]) => {
    const secret = extraHeaderSecrets({ [name]: value }, secretHeaders)[0];
    return secret ? [{ literal: `${name}: ` }, ...variable(secret.placeholder)] : `${name}: ${value}`;
  });
}

function isDefault(row: RunOptionDefinition, value: unknown): boolean {
  return row.default !== undefined && JSON.stringify(row.default) === JSON.stringify(value);
}

/** The values one row gives the line: none, a switch, one text per item, or one secret. */
function rowValues(row: RunOptionDefinition, settings: ReproducibleSettings): OptionValue[] {
  const rule = row.reproduce;
  if (rule === undefined || rule.typedOnly === true || (rule.targetOnly === true && settings.embedded)) return [];
  const setting = row.setting;
  const value = rule.read
    ? rule.read(settings)
    : setting && (settings as unknown as Readonly<Record<string, unknown>>)[setting];
  if (value === undefined || value === false || isDefault(row, value)) return [];
  if (value === true) return [undefined];
  if (row.secretVariable !== undefined) return [[{ variable: row.secretVariable }]];
  if (rule.headers === true) return headerValues(value as Record<string, string>, settings.secretHeaders);
  const text = (item: unknown) => (rule.text ? rule.text(item as never) : String(item));
  if (!Array.isArray(value)) return [text(value)];
  // An empty list is a fact of its own ("none"): --name '' gives it.
  if (value.length === 0) return rule.emptyIsFact === true ? [""] : [];
  return rule.joined === true ? [value.map(text).join(",")] : value.map(text);
}

/** The command line that reproduces the run. */
export function reproduceCommand(settings: ReproducibleSettings): string {
  if (settings.typedOptions !== undefined) return reproduceTypedCommand(settings.typedOptions, settings.seed);
  const rows: readonly RunOptionDefinition[] = RUN_OPTION_TABLE;
  const options = rows.flatMap((row) => rowValues(row, settings).map((value) => optionWords(`--${row.name}`, value)));
  return ["cms-conformance", "run", ...options].join(" ");
}

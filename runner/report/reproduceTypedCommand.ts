/**
 * The Reproduce line of a run started from the command line (issue 41.4): the options as the user typed
 * them — --config FILE, --token-command, environment variables left where they were but CMS_BASE_URL, given as
 * --base-url="$CMS_BASE_URL" (issue 50.2: a line without it judges the bundled server) — plus the seed; never a
 * config expanded into flags. Only what could leak is replaced: a secret typed as a flag's value stands as
 * its variable ($CMS_TOKEN; the run-option table names it), a secret extra header as $CMS_HEADER_…, a typed
 * token command as $CMS_TOKEN_COMMAND (set it to the command to replay). Options without a Reproduce rule in
 * the table (--out, --format, --wait-for-target) change where reports go or when the run starts, not what it
 * finds, and are left out.
 */
import type { RunOptionDefinition } from "../model/runOptions/RunOptionDefinition.js";
import { RUN_OPTION_TABLE } from "../model/runOptions/runOptionTable.js";
import { extraHeaderSecrets } from "../http/extraHeaderSecrets.js";
import type { ShellSegment } from "../http/quoteShellWord.js";
import { optionWords, variable } from "./reproduceWords.js";

/** One option as typed on the command line, by its long name (a short one resolved: -x is exitfirst). */
export interface TypedOption {
  readonly name: string;
  readonly value?: string;
  /** The value came from this environment variable, not from the command line: the line gives it as "$VARIABLE". */
  readonly variable?: string;
}

const ROWS: readonly RunOptionDefinition[] = RUN_OPTION_TABLE;

/** The rows by the name the typed option carries: the long name, or the short one as typed (-x). */
const ROW_OF = new Map(
  ROWS.flatMap((row) => [[row.name, row], ...(row.short ? [[`-${row.short}`, row] as const] : [])]),
);

/** The value of a typed --header as it may be shown: a secret header's value as its variable. */
function headerValue(text: string, secretHeaders: readonly string[]): string | ShellSegment[] {
  const colon = text.indexOf(":");
  if (colon < 0) return text;
  const name = text.slice(0, colon).trim();
  const secret = extraHeaderSecrets({ [name]: text.slice(colon + 1).trim() }, secretHeaders)[0];
  return secret ? [{ literal: `${name}: ` }, ...variable(secret.placeholder)] : text;
}

/** The words of one typed option, or none when the line leaves it out. */
function typedWords({ name, value, variable: from }: TypedOption, secretHeaders: readonly string[]): string[] {
  const row = ROW_OF.get(name);
  // The line gives the seed itself, last.
  if (row?.reproduce === undefined || row.name === "seed") return [];
  // A short option stays as typed (-x); a long one is written --name.
  const flag = name.startsWith("-") ? name : `--${name}`;
  // A secret's value at replay time is not known: --name=value, which no parser takes for an option.
  if (row.secretVariable !== undefined) return [optionWords(flag, variable(`$${row.secretVariable}`), true)];
  if (from !== undefined) return [optionWords(flag, variable(`$${from}`), true)];
  if (row.reproduce.headers === true && value !== undefined)
    return [optionWords(flag, headerValue(value, secretHeaders), true)];
  return [optionWords(flag, value, true)];
}

/** `cms-conformance run` with `typed` as given, secrets as variables, and `--seed seed`. */
export function reproduceTypedCommand(typed: readonly TypedOption[], seed: number): string {
  const secretHeaders = typed.filter((option) => option.name === "secret-header").map((option) => option.value ?? "");
  const words = typed.flatMap((option) => typedWords(option, secretHeaders));
  return ["cms-conformance", "run", ...words, optionWords("--seed", String(seed))].join(" ");
}

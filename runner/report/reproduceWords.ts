/** How a Reproduce line writes one option: quoted for the shell, a secret as its variable. */
import { quoteShellWord, shellWord, variableName, type ShellSegment } from "../http/quoteShellWord.js";

/** An option's value: none (a switch), a text, or segments (a variable among literals). */
export type OptionValue = undefined | string | readonly ShellSegment[];

/** `"$CMS_TOKEN"`: expanded by the shell from the environment, never the secret itself. */
export function variable(placeholder: string): ShellSegment[] {
  const name = variableName(placeholder);
  return name === undefined ? [{ literal: placeholder }] : [{ variable: name }];
}

/**
 * `--name value`, `--name` for a switch; `--name=value` for a value that starts with "-" and for segments that
 * start with a variable (or, `typed`, for any segments), which the option parser never takes for an option.
 */
export function optionWords(flag: string, value: OptionValue, typed = false): string {
  if (value === undefined) return flag;
  if (typeof value === "string") return `${flag}${value.startsWith("-") ? "=" : " "}${quoteShellWord(value)}`;
  const first = value[0];
  const spaced = !typed && (first === undefined || ("literal" in first && !first.literal.startsWith("-")));
  return `${flag}${spaced ? " " : "="}${shellWord(value, "double")}`;
}

/**
 * The Reproduce line of a run started from the command line (issue 41.4): the options as the user typed
 * them — --config FILE, --token-command, environment variables left where they were — plus the seed; never a
 * config expanded into flags. Only what could leak is replaced: a secret typed as a flag's value stands as
 * its variable ($CMS_TOKEN), a secret extra header as $CMS_HEADER_…, a typed token command as
 * $CMS_TOKEN_COMMAND (set it to the command to replay). --out, --format and --wait-for-target
 * change where reports go or when the run starts, not what it finds, and are left out.
 */
import { SECRET_PLACEHOLDERS } from "../engine/createTargetSession.js";
import { extraHeaderSecrets } from "../http/extraHeaderSecrets.js";
import { quoteShellWord, shellWord, variableName, type ShellSegment } from "../http/quoteShellWord.js";

/** One option as typed on the command line, by its long name (a short one resolved: -x is exitfirst). */
export interface TypedOption {
  readonly name: string;
  readonly value?: string;
}

/** Options that change no verdict, or that the line gives itself (--seed). */
const LEFT_OUT = new Set(["out", "format", "wait-for-target", "seed", "help"]);

/**
 * Secrets that may be typed as flags' values, and what stands for them. A token command is kept, its text as
 * a variable: a command line may hold a secret of its own (a client secret) that no redaction knows.
 */
const SECRET_FLAGS: Readonly<Record<string, string>> = {
  "client-id": SECRET_PLACEHOLDERS.clientId,
  token: SECRET_PLACEHOLDERS.token,
  "restricted-token": SECRET_PLACEHOLDERS.restrictedToken,
  "token-command": "$CMS_TOKEN_COMMAND",
  "restricted-token-command": "$CMS_RESTRICTED_TOKEN_COMMAND",
};

function variable(placeholder: string): ShellSegment[] {
  const name = variableName(placeholder);
  return name === undefined ? [{ literal: placeholder }] : [{ variable: name }];
}

/** The value of a typed --header as it may be shown: a secret header's value as its variable. */
function headerValue(text: string, secretHeaders: readonly string[]): string | ShellSegment[] {
  const colon = text.indexOf(":");
  if (colon < 0) return text;
  const name = text.slice(0, colon).trim();
  const secret = extraHeaderSecrets({ [name]: text.slice(colon + 1).trim() }, secretHeaders)[0];
  return secret ? [{ literal: `${name}: ` }, ...variable(secret.placeholder)] : text;
}

/** `cms-conformance run` with `typed` as given, secrets as variables, and `--seed seed`. */
export function reproduceTypedCommand(typed: readonly TypedOption[], seed: number): string {
  const parts: string[] = ["cms-conformance", "run"];
  const secretHeaders = typed.filter((option) => option.name === "secret-header").map((option) => option.value ?? "");
  const option = (name: string, value?: string | readonly ShellSegment[]) => {
    // A short option stays as typed (-x); a long one is written --name.
    const flag = name.startsWith("-") ? name : `--${name}`;
    if (value === undefined) parts.push(flag);
    else if (typeof value === "string")
      parts.push(`${flag}${value.startsWith("-") ? "=" : " "}${quoteShellWord(value)}`);
    // A secret's value at replay time is not known: --name=value, which no parser takes for an option.
    else parts.push(`${flag}=${shellWord(value, "double")}`);
  };
  for (const { name, value } of typed) {
    if (LEFT_OUT.has(name)) continue;
    const placeholder = SECRET_FLAGS[name];
    if (placeholder !== undefined) option(name, variable(placeholder));
    else if (name === "header" && value !== undefined) option(name, headerValue(value, secretHeaders));
    else option(name, value);
  }
  option("seed", String(seed));
  return parts.join(" ");
}

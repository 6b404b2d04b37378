/**
 * node:util parseArgs with errors for people: an unknown option is one sentence with the nearest
 * known one ("did you mean --timeout?"), a missing value says which option wanted it, a value
 * given to a switch says the switch takes none, and an option of one value given twice names both
 * values (parseArgs would keep the last one silently: `--config A --config B` ran B alone).
 */
import { parseArgs, type ParseArgsConfig } from "node:util";
import { closestName } from "../runner/settings/closestName.js";
import { UsageError } from "./io.js";

type Options = NonNullable<ParseArgsConfig["options"]>;

function unknownOption(message: string, options: Options, command: string): UsageError {
  const typed = /'(-{1,2}[^']+)'/.exec(message)?.[1] ?? "the option";
  const long = Object.keys(options);
  const guess = typed.startsWith("--") ? closestName(typed.slice(2).split("=")[0] ?? "", long) : undefined;
  const hint = guess ? `did you mean --${guess}? ` : "";
  return new UsageError(`unknown option ${typed}; ${hint}run cms-conformance ${command} --help for the options`);
}

/** The words that name an option as typed: "--name" (or "-n, --name" when it has a short form). */
function typedName(name: string, options: Options): string {
  const short = options[name]?.short;
  return short ? `-${short}/--${name}` : `--${name}`;
}

/**
 * Refuses an option of one value (not `multiple`) given twice, naming both values; a value of an option in
 * `hidden` (a secret) is not shown, only that it was given twice.
 */
function refuseRepeatedValues(
  argv: readonly string[],
  options: Options,
  allowPositionals: boolean,
  hidden: readonly string[],
) {
  const { tokens } = parseArgs({ args: [...argv], options, allowPositionals, strict: true, tokens: true });
  const first = new Map<string, string>();
  for (const token of tokens) {
    if (token.kind !== "option" || token.value === undefined || options[token.name]?.multiple === true) continue;
    const earlier = first.get(token.name);
    if (earlier === undefined) {
      first.set(token.name, token.value);
      continue;
    }
    const name = typedName(token.name, options);
    const values = hidden.includes(token.name)
      ? ""
      : ` (${JSON.stringify(earlier)} and ${JSON.stringify(token.value)})`;
    throw new UsageError(`${name} is given twice${values}; it takes one value: give it once`);
  }
}

/**
 * Parses `argv` for `command`; throws UsageError on an unknown option, a missing value, a switch's value, or an
 * option of one value given twice (`hidden`: options whose values are secrets, never shown).
 */
export function parseCommandLine<T extends Options>(
  command: string,
  argv: readonly string[],
  options: T,
  allowPositionals = false,
  hidden: readonly string[] = [],
) {
  try {
    const parsed = parseArgs({ args: [...argv], options, allowPositionals, strict: true });
    refuseRepeatedValues(argv, options, allowPositionals, hidden);
    return parsed;
  } catch (error) {
    const code = (error as { code?: string }).code;
    const message = (error as Error).message;
    if (code === "ERR_PARSE_ARGS_UNKNOWN_OPTION") throw unknownOption(message, options, command);
    if (code === "ERR_PARSE_ARGS_INVALID_OPTION_VALUE") {
      // Node writes '-n, --name <value>' for an option with a short form: the long name is the one to give.
      const option = /'(?:-\w, )?(-{1,2}[^'\s]+)/.exec(message)?.[1] ?? "an option";
      const wants = options[option.replace(/^-+/, "")]?.type === "boolean" ? "takes no value" : "needs a value";
      throw new UsageError(`${option} ${wants}; run cms-conformance ${command} --help for the options`);
    }
    if (code === "ERR_PARSE_ARGS_UNEXPECTED_POSITIONAL") {
      const word = /'([^']*)'/.exec(message)?.[1] ?? "";
      throw new UsageError(
        `unexpected argument ${JSON.stringify(word)}; run cms-conformance ${command} --help for the options`,
      );
    }
    throw error;
  }
}

/**
 * node:util parseArgs with errors for people: an unknown option is one sentence with the nearest
 * known one ("did you mean --timeout?"), a missing value says which option wanted it, a value
 * given to a switch says the switch takes none.
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

/** Parses `argv` for `command`; throws UsageError on an unknown option, a missing value or a switch's value. */
export function parseCommandLine<T extends Options>(
  command: string,
  argv: readonly string[],
  options: T,
  allowPositionals = false,
) {
  try {
    return parseArgs({ args: [...argv], options, allowPositionals, strict: true });
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

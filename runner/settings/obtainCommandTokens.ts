/**
 * Runs --token-command and --restricted-token-command at the start of a run (issue 27.2): the tokens
 * they print become the run's token and restricted token, as a layer above every other source.
 */
import { ConfigurationError } from "../model/ConfigurationError.js";
import { runTokenCommand, TokenCommandError } from "../http/runTokenCommand.js";
import type { RunConfigFile } from "../model/runOptions/runOptionTable.js";

/** The tokens the commands of `config` print; {} when it names none. A failing command is a ConfigurationError. */
export async function obtainCommandTokens(
  config: RunConfigFile,
): Promise<Pick<RunConfigFile, "token" | "restrictedToken">> {
  const pairs = [
    ["token", "tokenCommand", "--token", "--token-command"],
    ["restrictedToken", "restrictedTokenCommand", "--restricted-token", "--restricted-token-command"],
  ] as const;
  const obtained: Pick<RunConfigFile, "token" | "restrictedToken"> = {};
  for (const [key, commandKey, flag, commandFlag] of pairs) {
    const command = config[commandKey];
    if (command === undefined) continue;
    if (config[key] !== undefined)
      throw new ConfigurationError(
        `both ${flag} and ${commandFlag} are given (a flag, an environment variable or the config file); give one of them`,
      );
    try {
      obtained[key] = await runTokenCommand(command, commandFlag);
    } catch (error) {
      if (error instanceof TokenCommandError) throw new ConfigurationError(error.message);
      throw error;
    }
  }
  return obtained;
}

/**
 * obtainCommandTokens in process (issue 27.2): the tokens --token-command and --restricted-token-command print,
 * nothing when no command is given, and one sentence when a command is given beside its token or fails.
 */
import { describe, expect, it } from "vitest";
import { ConfigurationError } from "../../../../runner/model/ConfigurationError.js";
import { obtainCommandTokens } from "../../../../runner/settings/obtainCommandTokens.js";
import type { RunConfigFile } from "../../../../runner/settings/resolveRunSettings.js";

/** The sentence of the ConfigurationError obtainCommandTokens rejects with. */
async function refusal(config: RunConfigFile): Promise<string> {
  const error: unknown = await obtainCommandTokens(config).then(
    () => undefined,
    (thrown: unknown) => thrown,
  );
  expect(error).toBeInstanceOf(ConfigurationError);
  return (error as Error).message;
}

describe("obtainCommandTokens", () => {
  it("obtains nothing when no command is given, whatever tokens are", async () => {
    expect(await obtainCommandTokens({ token: "t", restrictedToken: "r" })).toStrictEqual({});
  });

  it("takes each token from what its command prints, trimmed", async () => {
    expect(
      await obtainCommandTokens({
        tokenCommand: "printf ' main-token \\n'",
        restrictedTokenCommand: "echo other-token",
      }),
    ).toStrictEqual({ token: "main-token", restrictedToken: "other-token" });
    expect(await obtainCommandTokens({ restrictedTokenCommand: "echo other-token" })).toStrictEqual({
      restrictedToken: "other-token",
    });
  });

  it("refuses a command given beside the token it would print, naming both flags", async () => {
    expect(await refusal({ token: "t", tokenCommand: "echo x" })).toBe(
      "both --token and --token-command are given (a flag, an environment variable or the config file); give one of them",
    );
    expect(await refusal({ restrictedToken: "r", restrictedTokenCommand: "echo x" })).toBe(
      "both --restricted-token and --restricted-token-command are given (a flag, an environment variable or the config file); give one of them",
    );
  });

  it("refuses a command that fails with the sentence of its failure, naming its flag", async () => {
    expect(await refusal({ tokenCommand: "echo main-token", restrictedTokenCommand: "exit 3" })).toBe(
      "the --restricted-token-command command exited with status 3; run it by hand to see why",
    );
  });
});

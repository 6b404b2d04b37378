import { describe, expect, it } from "vitest";
import { runTokenCommand, TokenCommandError } from "../../../runner/http/runTokenCommand.js";

describe("runTokenCommand", () => {
  it("runs the line through sh and trims what it prints", async () => {
    expect(await runTokenCommand("printf '  %s\\n' \"$(echo abc | tr a-c x-z)\"", "--token-command")).toBe("xyz");
  });

  it.each([
    ["exit 3", /^the --token-command command exited with status 3; run it by hand to see why$/],
    ["printf ''", /^the --token-command command printed no token on its standard output$/],
    ["printf 'a\\nb'", /cannot carry \(a line break/],
    ["printf 'tab\\tinside'", /cannot carry/],
  ])("refuses %s in one sentence that repeats nothing it printed", async (command, sentence) => {
    const refusal = await runTokenCommand(`echo printed-secret >&2; ${command}`, "--token-command").catch(
      (error: unknown) => error,
    );
    expect(refusal).toBeInstanceOf(TokenCommandError);
    expect((refusal as Error).message).toMatch(sentence);
    expect((refusal as Error).message).not.toContain("printed-secret");
  });

  it("never repeats a token printed before a failure", async () => {
    const refusal = (await runTokenCommand("echo half-a-token; exit 1", "--restricted-token-command").catch(
      (error: unknown) => error,
    )) as Error;
    expect(refusal.message).toBe(
      "the --restricted-token-command command exited with status 1; run it by hand to see why",
    );
  });
});

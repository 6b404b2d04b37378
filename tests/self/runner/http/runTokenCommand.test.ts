import { mkdtempSync, readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { runTokenCommand, TokenCommandError } from "../../../../runner/http/runTokenCommand.js";

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

  it("stops a command that does not finish in time, and one that prints more than a token can be", async () => {
    const slow = (await runTokenCommand("echo early-token; sleep 5 | cat", "--token-command", 200).catch(
      (error: unknown) => error,
    )) as Error;
    expect(slow).toBeInstanceOf(TokenCommandError);
    expect(slow.message).toBe("the --token-command command did not finish within 0.2 s; run it by hand to see why");
    const flood = (await runTokenCommand("head -c 70000 /dev/zero | tr '\\0' x", "--token-command").catch(
      (error: unknown) => error,
    )) as Error;
    expect(flood.message).toBe("the --token-command command printed more than 64 KiB; run it by hand to see why");
  });

  it("never repeats a token printed before a failure", async () => {
    const refusal = (await runTokenCommand("echo half-a-token; exit 1", "--restricted-token-command").catch(
      (error: unknown) => error,
    )) as Error;
    expect(refusal.message).toBe(
      "the --restricted-token-command command exited with status 1; run it by hand to see why",
    );
  });

  it("refuses with a TokenCommandError, so named, when a signal ends the command", async () => {
    const refusal = (await runTokenCommand("kill -9 $$", "--token-command").catch((error: unknown) => error)) as Error;
    expect(refusal).toBeInstanceOf(TokenCommandError);
    expect(refusal.name).toBe("TokenCommandError");
    expect(refusal.message).toBe("the --token-command command was ended by SIGKILL; run it by hand to see why");
  });

  it("refuses with a TokenCommandError a command line the system cannot start (longer than it takes)", async () => {
    const refusal = (await runTokenCommand(`: ${"x".repeat(3_000_000)}`, "--token-command").catch(
      (error: unknown) => error,
    )) as Error;
    expect(refusal).toBeInstanceOf(TokenCommandError);
    expect(refusal.message).toBe("the --token-command command could not be run (E2BIG); run it by hand to see why");
  });

  describe("a command that leaves a background process holding its standard output (issue 50.6)", () => {
    let sleeper: number | undefined;
    afterEach(() => {
      if (sleeper !== undefined) process.kill(sleeper, "SIGKILL");
      sleeper = undefined;
    });
    const alive = (pid: number): boolean => {
      try {
        process.kill(pid, 0);
        return true;
      } catch {
        return false;
      }
    };

    it("is read when the command exits: the token comes while the background process still runs", async () => {
      const pidFile = join(mkdtempSync(join(tmpdir(), "cms-token-")), "sleeper.pid");
      // The sleeper inherits the pipe of standard output and holds it for ten minutes.
      const token = await runTokenCommand(`echo tok-123; sleep 600 & echo $! > '${pidFile}'`, "--token-command");
      sleeper = Number(readFileSync(pidFile, "utf8"));
      expect(token).toBe("tok-123");
      expect(alive(sleeper)).toBe(true);
    }, 20_000);
  });
});

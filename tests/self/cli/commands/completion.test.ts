/** `cms-conformance completion bash|zsh` (issue 27.9): a script real bash accepts, completing commands, run's options and their fixed values. */
import { execFileSync } from "node:child_process";
import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { RUN_OPTIONS } from "../../../../cli/runOptions.js";
import { runCli } from "../cliInProcess.js";

/** What the bash completion offers for `words`, the last one being completed. */
function complete(script: string, words: readonly string[]): string[] {
  const file = join(mkdtempSync(join(tmpdir(), "cms-completion-")), "completion.sh");
  writeFileSync(file, script);
  const quoted = words.map((word) => `'${word}'`).join(" ");
  const out = execFileSync(
    "bash",
    [
      "-c",
      `source "$1"; COMP_WORDS=(${quoted}); COMP_CWORD=${words.length - 1}; _cms_conformance; printf '%s\\n' "\${COMPREPLY[@]}"`,
      "_",
      file,
    ],
    { encoding: "utf8" },
  );
  return out.split("\n").filter((line) => line !== "");
}

describe("cms-conformance completion", () => {
  it("bash: completes the commands, every option of run, and the values of --operation", async () => {
    const { code, stdout } = await runCli(["completion", "bash"]);
    expect(code).toBe(0);
    expect(complete(stdout, ["cms-conformance", "me"])).toEqual(["merge"]);
    const flags = complete(stdout, ["cms-conformance", "run", "--"]);
    for (const option of RUN_OPTIONS) expect(flags).toContain(`--${option.name}`);
    expect(complete(stdout, ["cms-conformance", "run", "--operation", "get"])).toEqual([
      "getAnalytic",
      "getWidget",
      "getRoleFilters",
    ]);
  });

  it("bash: completes every command, both profiles, every format, and every spelling of run's options", async () => {
    const { stdout } = await runCli(["completion", "bash"]);
    expect(complete(stdout, ["cms-conformance", ""])).toEqual([
      "run",
      "list-checks",
      "validate",
      "serve",
      "merge",
      "openapi",
      "completion",
    ]);
    expect(complete(stdout, ["cms-conformance", "run", "--profile", ""])).toEqual(["default", "strict"]);
    expect(complete(stdout, ["cms-conformance", "run", "--format", ""])).toEqual([
      "console",
      "json",
      "junit",
      "html",
      "har",
    ]);
    const flags = complete(stdout, ["cms-conformance", "run", "-"]);
    expect(flags.filter((flag) => !flag.startsWith("--"))).toEqual(["-c", "-n", "-w", "-x", "-h"]);
    // Each spelling once: run's own options list --help already.
    expect(flags.filter((flag) => flag.startsWith("--"))).toEqual(RUN_OPTIONS.map((option) => `--${option.name}`));
    expect(flags).toContain("--help");
    expect(complete(stdout, ["cms-conformance", "completion", ""])).toEqual(["bash", "zsh"]);
  });

  it("bash: gives each option with fixed values its own case line, and lists nothing but option spellings for run", async () => {
    const { stdout } = await runCli(["completion", "bash"]);
    const cases = stdout.split("\n").filter((line) => line.includes(") COMPREPLY="));
    expect(cases).toEqual([
      '    --profile) COMPREPLY=($(compgen -W "default strict" -- "$cur")); return ;;',
      '    --operation) COMPREPLY=($(compgen -W "listFactoryDefaultWidgets listLandingPages getAnalytic getWidget getRoleFilters" -- "$cur")); return ;;',
      '    --format) COMPREPLY=($(compgen -W "console json junit html har" -- "$cur")); return ;;',
    ]);
    expect(stdout.startsWith("# bash completion for cms-conformance")).toBe(true);
    const runWords = /compgen -W "(--[^"]*)"/.exec(stdout)?.[1]?.split(" ");
    expect(runWords?.filter((word) => !/^--?[a-z-]+$/.test(word))).toEqual([]);
  });

  it("prints its usage with -h or --help (exit 0), and refuses a second argument (exit 2)", async () => {
    const usage = "Usage: cms-conformance completion bash|zsh\n\nPrints a completion script for the shell.\n";
    expect(await runCli(["completion", "--help"])).toEqual({ code: 0, stdout: usage, stderr: "" });
    expect(await runCli(["completion", "-h"])).toEqual({ code: 0, stdout: usage, stderr: "" });
    expect(await runCli(["completion", "bash", "zsh"])).toEqual({
      code: 2,
      stdout: "",
      stderr:
        "cms-conformance completion: completion takes one shell, bash or zsh, e.g. cms-conformance completion bash\n",
    });
  });

  it("zsh: the same functions behind bashcompinit; another shell is refused (exit 2)", async () => {
    const zsh = await runCli(["completion", "zsh"]);
    expect(zsh.stdout).toMatch(/^#compdef cms-conformance\n/);
    const bash = await runCli(["completion", "bash"]);
    expect(zsh.stdout).toBe(
      `#compdef cms-conformance\n# zsh completion for cms-conformance: save it as _cms-conformance in a folder of $fpath\nautoload -U bashcompinit && bashcompinit\n${bash.stdout}`,
    );
    const fish = await runCli(["completion", "fish"]);
    expect(fish.code).toBe(2);
    expect(fish.stderr).toMatch(/completion takes one shell, bash or zsh/);
  });
});

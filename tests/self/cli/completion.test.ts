/** `cms-conformance completion bash|zsh` (issue 27.9): a script real bash accepts, completing commands, run's options and their fixed values. */
import { execFileSync } from "node:child_process";
import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { RUN_OPTIONS } from "../../../cli/runOptions.js";
import { runCli } from "./cliInProcess.js";

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

  it("zsh: the same functions behind bashcompinit; another shell is refused (exit 2)", async () => {
    const zsh = await runCli(["completion", "zsh"]);
    expect(zsh.stdout).toMatch(/^#compdef cms-conformance\n/);
    expect(zsh.stdout).toContain("complete -F _cms_conformance cms-conformance");
    const fish = await runCli(["completion", "fish"]);
    expect(fish.code).toBe(2);
    expect(fish.stderr).toMatch(/completion takes one shell, bash or zsh/);
  });
});

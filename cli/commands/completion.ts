/**
 * `cms-conformance completion bash|zsh` (issue 27.9): prints a shell completion script for the
 * commands and for every option of `run` (from the same list --help is made of), plus the
 * operation names, profiles and report formats where an option takes one of them.
 */
import { OPERATIONS } from "../../contract/operations.js";
import { REPORTER_NAMES } from "../../reports/reporters/reporterRegistry.js";
import { EXIT, UsageError, type CliIo } from "../io.js";
import { RUN_OPTIONS } from "../runOptions.js";

const COMMAND_NAMES = ["run", "list-checks", "validate", "serve", "merge", "openapi", "completion"];

/** Values an option takes from a fixed set, for completion after it. */
const OPTION_VALUES: Readonly<Record<string, readonly string[]>> = {
  "--operation": OPERATIONS.map((operation) => operation.name),
  "--profile": ["default", "strict"],
  "--format": REPORTER_NAMES,
};

/** Every spelling of `run`'s options: --long, and -s for those with one. */
function runFlags(): string[] {
  return RUN_OPTIONS.flatMap((option) => [`--${option.name}`, ...(option.short ? [`-${option.short}`] : [])]);
}

function bashScript(): string {
  const cases = Object.entries(OPTION_VALUES)
    .map(([flag, values]) => `    ${flag}) COMPREPLY=($(compgen -W "${values.join(" ")}" -- "$cur")); return ;;`)
    .join("\n");
  return `# bash completion for cms-conformance: source it, or save it under /etc/bash_completion.d/
_cms_conformance() {
  local cur="\${COMP_WORDS[COMP_CWORD]}" prev="\${COMP_WORDS[COMP_CWORD-1]}"
  if [ "$COMP_CWORD" -eq 1 ]; then
    COMPREPLY=($(compgen -W "${COMMAND_NAMES.join(" ")}" -- "$cur")); return
  fi
  case "$prev" in
${cases}
  esac
  if [ "\${COMP_WORDS[1]}" = run ] && [[ "$cur" == -* ]]; then
    COMPREPLY=($(compgen -W "${runFlags().join(" ")}" -- "$cur")); return
  fi
  if [ "\${COMP_WORDS[1]}" = completion ]; then
    COMPREPLY=($(compgen -W "bash zsh" -- "$cur")); return
  fi
  COMPREPLY=($(compgen -f -- "$cur"))
}
complete -F _cms_conformance cms-conformance
`;
}

function zshScript(): string {
  return `#compdef cms-conformance
# zsh completion for cms-conformance: save it as _cms-conformance in a folder of $fpath
autoload -U bashcompinit && bashcompinit
${bashScript()}`;
}

/** Runs the command; returns its exit code. */
export async function completionCommand(argv: readonly string[], io: CliIo): Promise<number> {
  const [shell, ...rest] = argv;
  if (shell === "-h" || shell === "--help") {
    io.stdout.write("Usage: cms-conformance completion bash|zsh\n\nPrints a completion script for the shell.\n");
    return EXIT.ok;
  }
  if (rest.length > 0 || (shell !== "bash" && shell !== "zsh"))
    throw new UsageError(`completion takes one shell, bash or zsh, e.g. cms-conformance completion bash`);
  io.stdout.write(shell === "bash" ? bashScript() : zshScript());
  return EXIT.ok;
}

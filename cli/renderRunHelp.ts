/** `cms-conformance run --help`, made from the option list (cli/runOptions.ts). */
import { optionFacts, optionSyntax, RUN_OPTIONS, type RunOptionGroup } from "./runOptions.js";
import { wrapText } from "./wrapText.js";

const SYNTAX_WIDTH = 29;
const LINE_WIDTH = 100;
const GROUPS: readonly RunOptionGroup[] = ["Target", "Verdicts", "Limits", "Re-runs and CI fleets", "Output"];

/** What every option of the Target group shares about secrets. */
export const SECRETS_NOTE =
  "Secrets (client id, tokens) are trimmed of surrounding spaces; a value an HTTP header cannot carry " +
  "(a line break, a character beyond Latin-1) is refused. Flags are visible to every user of the " +
  "machine in ps and stay in shell history: give secrets as CMS_CLIENT_ID, CMS_TOKEN and " +
  "CMS_RESTRICTED_TOKEN.";

/** The exit codes of `run`. */
export const RUN_EXIT_CODES =
  "Exit codes say who is at fault: 0 nothing failed (warnings allowed); 1 the target: at least one " +
  "verdict failed (--profile strict included) or a waiver expired; 2 nobody yet, in one sentence and no " +
  "stack trace: a usage or configuration error (a target that cannot be reached in time, refuses the " +
  "credentials on every operation, has no operation under the base URL, does not know a configured " +
  "analytic id or lists nothing to judge; a report folder that cannot be written), or a run that could " +
  "not judge everything and failed nothing (errors: the target died, resets, timeouts; skips with " +
  "--fail-on-skipped); 130 or 143 when SIGINT or SIGTERM stopped the run.";

function optionLines(syntax: string, text: string): string[] {
  const indent = " ".repeat(2 + SYNTAX_WIDTH);
  const wrapped = wrapText(text, LINE_WIDTH - indent.length);
  const head = `  ${syntax.padEnd(SYNTAX_WIDTH - 1)} `;
  if (head.length > indent.length) return [head.trimEnd(), ...wrapped.map((line) => indent + line)];
  return wrapped.map((line, index) => (index === 0 ? head : indent) + line);
}

/** The help text of `run`. */
export function renderRunHelp(): string {
  const sections = GROUPS.map((group) => {
    const lines = RUN_OPTIONS.filter((option) => option.group === group).flatMap((option) => {
      return optionLines(optionSyntax(option), `${option.help}. ${optionFacts(option)}`);
    });
    return `${group}:\n${lines.join("\n")}`;
  });
  return `Usage: cms-conformance run [options]

Runs every check of the suite against a target and writes report.json, junit.xml and index.html.
Without a base URL (flag, CMS_BASE_URL or config file) it starts the bundled reference server
on an ephemeral loopback port and runs against it.

${sections.join("\n\n")}

${wrapText(SECRETS_NOTE, LINE_WIDTH).join("\n")}

${wrapText(RUN_EXIT_CODES, LINE_WIDTH).join("\n")}
`;
}

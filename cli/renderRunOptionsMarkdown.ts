/** The README's table of `run` options, made from the same list as `run --help` (npm run generate). */
import { CONFIG_ONLY_KEYS } from "./configFileKeys.js";
import { markdownCell } from "../contract/readmeTables.js";
import { defaultTextOf, environmentVariableOf, optionSyntax, rangeOf, RUN_OPTIONS } from "./runOptions.js";
import { RUN_EXIT_CODES, SECRETS_NOTE } from "./renderRunHelp.js";

/** The option table, the secrets note and the exit codes, as Markdown. */
export function renderRunOptionsMarkdown(): string {
  const rows = RUN_OPTIONS.map((option) => {
    const syntax = `\`${optionSyntax(option)}\`${option.repeatable ? " (repeatable)" : ""}`;
    const variable = environmentVariableOf(option);
    const configKey = option.setting === undefined ? "" : `\`${option.name}\``;
    const facts = [
      variable ? `\`${variable}\`` : "",
      markdownCell(rangeOf(option) ?? ""),
      markdownCell(defaultTextOf(option) ?? ""),
    ];
    return `| ${markdownCell(syntax)} | ${configKey} | ${facts.join(" | ")} | ${markdownCell(option.help)} |`;
  });
  const configOnly = CONFIG_ONLY_KEYS.map((key) => `\`${key.fileKey}\` (${key.help})`).join("; ");
  return [
    "| option | config key | env | range | default | meaning |",
    "|---|---|---|---|---|---|",
    ...rows,
    "",
    `Only a config file holds ${configOnly}.`,
    "",
    SECRETS_NOTE,
    "",
    RUN_EXIT_CODES,
  ].join("\n");
}

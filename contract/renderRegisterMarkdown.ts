/** Renders the ambiguity register as the Markdown table the README shows. */
import { AMBIGUITY_REGISTER } from "./ambiguityRegister.js";
import { markdownCell } from "./readmeTables.js";

/** The table, one row per entry. */
export function renderRegisterMarkdown(): string {
  const header = "| id | question | § | default | why | strict | stacks |\n|---|---|---|---|---|---|---|";
  const rows = AMBIGUITY_REGISTER.map((entry) =>
    [
      entry.id,
      entry.question,
      entry.sections.map((s) => `§${s}`).join(", "),
      entry.default,
      entry.why,
      entry.strict,
      entry.stacks ?? "",
    ]
      .map(markdownCell)
      .join(" | "),
  ).map((row) => `| ${row} |`);
  return [header, ...rows].join("\n");
}

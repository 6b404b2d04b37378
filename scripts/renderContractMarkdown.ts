/**
 * The generated part of docs/contract.md: for each section of the interface, its rule in one line,
 * the checks that enforce it and the register entries that settle what it leaves "not shown".
 */
import { AMBIGUITY_REGISTER } from "../contract/ambiguityRegister.js";
import { OPERATIONS } from "../contract/operations.js";
import { markdownCell } from "../contract/readmeTables.js";
import { SECTION_RULES, compareSections } from "../contract/specSections.js";
import {
  SPEC_STATEMENTS,
  UNCITED_SECTIONS,
  coverageCounts,
  statementCoverage,
  type SpecStatement,
} from "../contract/specStatements.js";
import { CHECK_CATALOGUE } from "../checks/checkCatalogue.js";

/** The operations table: name, path below the base URL, section, credentials (§4, §5). */
export function renderOperationsMarkdown(): string {
  const rows = OPERATIONS.map(
    (op) =>
      `| \`${op.name}\` | §${op.section} | \`POST {base_url}${op.path}\` | ${op.requiresBearer ? "`Authorization: Bearer …` and `client_id`" : "`client_id` (bearer: not shown, register `role-filters-authorization`)"} |`,
  );
  return ["| operation | § | request | credentials |", "|---|---|---|---|", ...rows].join("\n");
}

/** One subsection per section of the interface, in order. */
export function renderContractSectionsMarkdown(): string {
  const sections = Object.keys(SECTION_RULES).sort(compareSections);
  return sections
    .map((section) => {
      const { title, rule } = SECTION_RULES[section] as { title: string; rule: string };
      const checks = CHECK_CATALOGUE.checks.filter((check) => check.specRefs.includes(section));
      const entries = AMBIGUITY_REGISTER.filter((entry) => entry.sections.includes(section));
      const lines = [`### §${section} ${title}`, "", markdownCell(rule), ""];
      if (checks.length > 0) {
        lines.push("| check | level | operations | rule it enforces |", "|---|---|---|---|");
        for (const check of checks) {
          lines.push(
            `| \`${check.id}\` | ${check.level} | ${check.operations.length === OPERATIONS.length ? "all" : check.operations.join(", ")} | ${markdownCell(check.rule)} |`,
          );
        }
      } else {
        lines.push("No check cites this section on its own.");
      }
      if (entries.length > 0) {
        lines.push("", "Not shown by the interface, settled by the register:", "");
        for (const entry of entries)
          lines.push(`- \`${entry.id}\`: ${markdownCell(entry.question)} Default: ${markdownCell(entry.default)}`);
      }
      return lines.join("\n");
    })
    .join("\n\n");
}

/** The counts line of the statements table: statements, judged fully, partly, not black-box, by nothing. */
function renderStatementCountsMarkdown(statements: readonly SpecStatement[] = SPEC_STATEMENTS): string {
  const counts = coverageCounts(statements);
  return `**${statements.length} statements**: ${counts.full} judged fully by a check, ${counts.partial} only partly, ${counts["not black-box"]} not black-box (no request can judge them: register \`not-black-box\`), ${counts.none} by nothing.`;
}

/** One row per testable statement: its id, section, words, the checks that judge it and what none judges. */
export function renderStatementsMarkdown(statements: readonly SpecStatement[] = SPEC_STATEMENTS): string {
  const checksOf = (statement: SpecStatement, extent: "full" | "partial") =>
    statement.checks.filter((check) => check.extent === extent).map((check) => `\`${check.id}\``);
  const rows = statements.map((statement) => {
    const full = checksOf(statement, "full");
    const partial = checksOf(statement, "partial");
    const judgedBy = [
      ...(full.length > 0 ? [`fully: ${full.join(", ")}`] : []),
      ...(partial.length > 0 ? [`partly: ${partial.join(", ")}`] : []),
    ];
    const unjudged = [
      ...(statement.unjudged ? [statement.unjudged] : []),
      ...(statement.register ? [`register \`${statement.register.id}\`: ${statement.register.why}`] : []),
    ];
    return `| ${statement.id} | §${statement.section} | ${markdownCell(statement.statement)} | ${statementCoverage(statement)} | ${judgedBy.join("; ") || "no check"} | ${markdownCell(unjudged.join(" ")) || "—"} |`;
  });
  return [
    renderStatementCountsMarkdown(statements),
    "",
    "| # | § | statement | judged | by | what no check judges |",
    "|---|---|---|---|---|---|",
    ...rows,
    "",
    "A check may cite a section without judging a statement of it:",
    "",
    ...UNCITED_SECTIONS.map(
      (uncited) => `- \`${uncited.check}\` cites §${uncited.section}: ${markdownCell(uncited.why)}`,
    ),
  ].join("\n");
}

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
  catchingChecks,
  declaredFault,
  extentCounts,
  statementExtent,
  type ProofBasis,
  type SpecStatement,
} from "../contract/specStatements.js";
import { catalogueProofBasis } from "./proofBasis.js";
import { CHECK_CATALOGUE } from "../checks/checkCatalogue.js";
import { markdownRow } from "./markdownRow.js";

/** The operations table: name, path below the base URL, section, credentials (§4, §5). */
export function renderOperationsMarkdown(): string {
  const rows = OPERATIONS.map((op) =>
    markdownRow([
      `\`${op.name}\``,
      `§${op.section}`,
      `\`POST {base_url}${op.path}\``,
      op.requiresBearer
        ? "`Authorization: Bearer …` and `client_id`"
        : "`client_id` (bearer: not shown, register `role-filters-authorization`)",
    ]),
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
          const operations = check.operations.length === OPERATIONS.length ? "all" : check.operations.join(", ");
          lines.push(markdownRow([`\`${check.id}\``, check.level, operations, markdownCell(check.rule)]));
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

/** The counts line of the statements table: statements, proven fully, partly, unproven, not black-box. */
function renderStatementCountsMarkdown(statements: readonly SpecStatement[], basis: ProofBasis): string {
  const counts = extentCounts(basis, statements);
  const testable = statements.length - counts["not black-box"];
  const proven = counts.full + counts.partial;
  const share = testable === 0 ? "" : ` (${((100 * proven) / testable).toFixed(1)} %)`;
  return (
    `**${statements.length} statements**, ${testable} testable: ${proven} proven by a fault${share}, ` +
    `${counts.full} of them fully and ${counts.partial} partly; ${counts.unproven} unproven; ` +
    `${counts["not black-box"]} not black-box (no request can judge them: register \`not-black-box\`).`
  );
}

/** Each fault a statement names, with the statement's checks that the fault declares (marked when they only warn). */
function proofCell(statement: SpecStatement, basis: ProofBasis): string {
  const shown = (check: string) => `\`${check}\`${basis.warningChecks.has(check) ? " (warns)" : ""}`;
  return statement.faults
    .map((name) => {
      const caught = catchingChecks(statement, declaredFault(name, basis.faults));
      return `\`${name}\` → ${caught.length > 0 ? caught.map(shown).join(", ") : "none of its checks"}`;
    })
    .join("; ");
}

/**
 * One row per statement: its id, section, words, its extent (computed, contract/specStatements.ts), the
 * checks that judge it, the faults that prove them and what none judges.
 */
export function renderStatementsMarkdown(
  statements: readonly SpecStatement[] = SPEC_STATEMENTS,
  basis: ProofBasis = catalogueProofBasis(),
): string {
  const rows = statements.map((statement) => {
    const checks = statement.checks.map((check) => `\`${check}\``).join(", ");
    const unjudged = [
      ...(statement.unjudged ? [statement.unjudged] : []),
      ...(statement.register ? [`register \`${statement.register.id}\`: ${statement.register.why}`] : []),
    ];
    return markdownRow([
      statement.id,
      `§${statement.section}`,
      markdownCell(statement.statement),
      statementExtent(statement, basis),
      checks || "no check",
      proofCell(statement, basis) || "no fault",
      markdownCell(unjudged.join(" ")) || "—",
    ]);
  });
  return [
    renderStatementCountsMarkdown(statements, basis),
    "",
    "| # | § | statement | proven | checks | faults → the checks that catch them | what no check judges |",
    "|---|---|---|---|---|---|---|",
    ...rows,
    "",
    "A check may cite a section without judging a statement of it:",
    "",
    ...UNCITED_SECTIONS.map(
      (uncited) => `- \`${uncited.check}\` cites §${uncited.section}: ${markdownCell(uncited.why)}`,
    ),
  ].join("\n");
}

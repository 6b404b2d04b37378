/**
 * Every testable statement of the interface and what judges it (contract/spec-statements.json):
 * the checks, fully or partly, or the register entry that says why no request can.
 */
import { readFileSync } from "node:fs";
import { ambiguityEntry } from "./ambiguityRegister.js";
import { metaSchemaValidator } from "./metaSchemaValidator.js";
import { fromProjectRoot } from "./projectRoot.js";

/** A check that judges a statement: fully when it fails any realistic way of breaking it, partly otherwise. */
export interface StatementCheck {
  readonly id: string;
  readonly extent: "full" | "partial";
}

/** One testable statement of the interface. */
export interface SpecStatement {
  readonly id: string;
  readonly section: string;
  readonly statement: string;
  readonly checks: readonly StatementCheck[];
  /** What no check judges, when no check judges it fully. */
  readonly unjudged?: string;
  /** The register entry that settles what no check judges, and why. */
  readonly register?: { readonly id: string; readonly why: string };
}

/** A section a check cites although it judges no statement of it. */
export interface UncitedSection {
  readonly check: string;
  readonly section: string;
  readonly why: string;
}

interface StatementsFile {
  readonly version: number;
  readonly statements: readonly SpecStatement[];
  readonly uncitedSections: readonly UncitedSection[];
}

/** The register entry of the statements no request can judge. */
export const NOT_BLACK_BOX = "not-black-box";

function loadStatements(): StatementsFile {
  const data: unknown = JSON.parse(readFileSync(fromProjectRoot("contract", "spec-statements.json"), "utf8"));
  const validate = metaSchemaValidator<StatementsFile>("spec-statements.schema.json");
  if (!validate(data)) throw new Error(`contract/spec-statements.json is invalid: ${JSON.stringify(validate.errors)}`);
  const ids = data.statements.map((statement) => statement.id);
  const duplicate = ids.find((id, index) => ids.indexOf(id) !== index);
  if (duplicate) throw new Error(`contract/spec-statements.json: duplicate statement id ${duplicate}`);
  for (const statement of data.statements) {
    if (!statement.id.startsWith(`S-${statement.section}-`))
      throw new Error(
        `contract/spec-statements.json: ${statement.id} is not numbered in its section ${statement.section}`,
      );
    if (statement.register) ambiguityEntry(statement.register.id); // throws on an unknown entry
  }
  return data;
}

const FILE = loadStatements();

/** Every statement, in the order of the interface. */
export const SPEC_STATEMENTS: readonly SpecStatement[] = FILE.statements;

/** The sections checks cite without judging a statement of them, each with why. */
export const UNCITED_SECTIONS: readonly UncitedSection[] = FILE.uncitedSections;

/** How far a statement is judged: by a check fully, only partly, by no check (a register entry says why), or by nothing. */
export type StatementCoverage = "full" | "partial" | "not black-box" | "none";

/** The coverage of one statement. */
export function statementCoverage(statement: SpecStatement): StatementCoverage {
  if (statement.checks.some((check) => check.extent === "full")) return "full";
  if (statement.checks.length > 0) return "partial";
  return statement.register ? "not black-box" : "none";
}

/** How many statements have each coverage. */
export function coverageCounts(
  statements: readonly SpecStatement[] = SPEC_STATEMENTS,
): Readonly<Record<StatementCoverage, number>> {
  const counts: Record<StatementCoverage, number> = { full: 0, partial: 0, "not black-box": 0, none: 0 };
  for (const statement of statements) counts[statementCoverage(statement)] += 1;
  return counts;
}

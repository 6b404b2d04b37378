/**
 * Every testable statement of the interface and what judges it (contract/spec-statements.json): the
 * checks, the faults of the reference catalogue that prove those checks catch a break of it, or the
 * register entry that says why no request can. How far a statement is proven is computed here, from
 * the faults, never written in the file.
 */
import { readFileSync } from "node:fs";
import { ambiguityEntry } from "./ambiguityRegister.js";
import { metaSchemaValidator } from "./metaSchemaValidator.js";
import { fromProjectRoot } from "./projectRoot.js";

/** One testable statement of the interface. */
export interface SpecStatement {
  readonly id: string;
  readonly section: string;
  readonly statement: string;
  /** Ids of the checks that judge it. */
  readonly checks: readonly string[];
  /** Names of the faults of the reference catalogue that break it, each caught by one of its checks. */
  readonly faults: readonly string[];
  /** What the checks and faults leave unjudged: a proven statement that says so is partial. */
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

/**
 * What the computation needs of a fault (reference/faults/ReferenceFault.ts): its name and the checks it
 * declares. The caller passes the catalogue (FAULT_CATALOGUE), which lives above this layer.
 */
export interface FaultDeclaration {
  readonly name: string;
  readonly caughtBy: readonly string[];
}

/**
 * What a statement's proof rests on: the faults of the catalogue, and the checks whose verdict on a
 * fault they declare is only a warning (level SHOULD: the gate still exits 0). The caller builds it from
 * FAULT_CATALOGUE and CHECK_CATALOGUE (scripts/proofBasis.ts), both above this layer.
 */
export interface ProofBasis {
  readonly faults: readonly FaultDeclaration[];
  readonly warningChecks: ReadonlySet<string>;
}

/**
 * How far a statement is proven: "full" when it names at least one fault, each fault it names declares
 * (caughtBy) one of its checks whose verdict is a failure, and it leaves nothing unjudged; "partial" when
 * each fault is caught by one of its checks but it says what they leave unjudged (a case they do not
 * try, a departure a register makes a warning) or a fault is caught only by a check that warns; "unproven"
 * when it is testable and a fault, or every fault, is missing; "not black-box" when no request can judge it.
 */
export type StatementExtent = "full" | "partial" | "unproven" | "not black-box";

/** Whether no request can judge the statement: no check, and the register entry not-black-box says why. */
export function isNotBlackBox(statement: SpecStatement): boolean {
  return statement.checks.length === 0 && statement.register?.id === NOT_BLACK_BOX;
}

/** The fault of `faults` with that name; an unknown name is refused (it proves nothing). */
export function declaredFault(name: string, faults: readonly FaultDeclaration[]): FaultDeclaration {
  const fault = faults.find((candidate) => candidate.name === name);
  if (!fault) throw new Error(`contract/spec-statements.json names the unknown fault ${name}`);
  return fault;
}

/** The statement's checks that `fault` declares: the ones the verdict matrix proves fail (or warn) on it. */
export function catchingChecks(statement: SpecStatement, fault: FaultDeclaration): string[] {
  return fault.caughtBy.filter((check) => statement.checks.includes(check));
}

/**
 * The extent of one statement, computed from the faults it names and what they declare. It rests on the
 * verdict matrix (tests/self/suite/verdictMatrix*.test.ts), which proves that each fault fails every check
 * it declares (a SHOULD check at least warns) and passes every other: a fault caught by one of the
 * statement's checks shows that check judging a target that breaks the statement. Throws on a fault name
 * the basis does not hold.
 */
export function statementExtent(statement: SpecStatement, basis: ProofBasis): StatementExtent {
  if (isNotBlackBox(statement)) return "not black-box";
  const caught = statement.faults.map((name) => catchingChecks(statement, declaredFault(name, basis.faults)));
  if (caught.length === 0 || caught.some((checks) => checks.length === 0)) return "unproven";
  const fails = caught.every((checks) => checks.some((check) => !basis.warningChecks.has(check)));
  return statement.unjudged === undefined && fails ? "full" : "partial";
}

/** How many statements have each extent. */
export function extentCounts(
  basis: ProofBasis,
  statements: readonly SpecStatement[] = SPEC_STATEMENTS,
): Readonly<Record<StatementExtent, number>> {
  const counts: Record<StatementExtent, number> = { full: 0, partial: 0, unproven: 0, "not black-box": 0 };
  for (const statement of statements) counts[statementExtent(statement, basis)] += 1;
  return counts;
}

/** Why a testable statement is unproven (no fault, or a fault none of its checks catches); undefined when proven. */
export function unprovenWhy(statement: SpecStatement, basis: ProofBasis): string | undefined {
  if (statementExtent(statement, basis) !== "unproven") return undefined;
  if (statement.faults.length === 0) return "it names no fault";
  const uncaught = statement.faults.filter(
    (name) => catchingChecks(statement, declaredFault(name, basis.faults)).length === 0,
  );
  return `none of its checks is declared by ${uncaught.join(", ")}`;
}

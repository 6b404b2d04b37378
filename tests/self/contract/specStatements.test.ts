/**
 * The contract's coverage stays true (issues 22.9 and 44.5): every testable statement of the interface
 * (contract/spec-statements.json) is judged by checks of the catalogue or names the register entry
 * that says why no request can; the faults a statement names exist and are each caught by one of its
 * checks, and its extent is computed from them (never written); every section a check cites holds a
 * statement it judges, or an exception says why; docs/contract.md shows the table as the data makes it now.
 */
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { AMBIGUITY_REGISTER } from "../../../contract/ambiguityRegister.js";
import { withReadmeBlocks } from "../../../contract/readmeTables.js";
import { compareSections } from "../../../contract/specSections.js";
import {
  NOT_BLACK_BOX,
  SPEC_STATEMENTS,
  UNCITED_SECTIONS,
  catchingChecks,
  declaredFault,
  extentCounts,
  isNotBlackBox,
  statementExtent,
  type FaultDeclaration,
  type ProofBasis,
  type SpecStatement,
  type UncitedSection,
} from "../../../contract/specStatements.js";
import { FAULT_CATALOGUE } from "../../../reference/faults/faultCatalogue.js";
import type { CheckDefinition } from "../../../runner/engine/CheckDefinition.js";
import { catalogueProofBasis } from "../../../scripts/proofBasis.js";
import { contractDocBlocks } from "../../../scripts/readmeBlocks.js";
import { renderStatementsMarkdown } from "../../../scripts/renderContractMarkdown.js";
import { CHECK_CATALOGUE } from "../../../checks/checkCatalogue.js";

type CitingCheck = Pick<CheckDefinition, "id" | "specRefs">;

/**
 * Statements judged by no check that neither name not-black-box (no request can judge them) nor say, under
 * unjudged, that no check judges them yet (an observable statement waiting for its check: unproven).
 */
function unjudgedStatements(statements: readonly SpecStatement[]): string[] {
  return statements
    .filter((statement) => statement.checks.length === 0 && !isNotBlackBox(statement))
    .filter((statement) => statement.unjudged === undefined)
    .map(
      (statement) =>
        `${statement.id} has no check, does not name the register entry ${NOT_BLACK_BOX} and does not say that no check judges it yet`,
    );
}

/** Statements whose register entry (other than not-black-box) settles part of them without saying what is left unjudged. */
function silentRegisters(statements: readonly SpecStatement[]): string[] {
  return statements
    .filter((statement) => statement.register && statement.register.id !== NOT_BLACK_BOX)
    .filter((statement) => statement.unjudged === undefined)
    .map(
      (statement) => `${statement.id} names register ${statement.register?.id} and does not say what is left unjudged`,
    );
}

/**
 * Faults a statement names that prove nothing of it: unknown to the catalogue, named twice, caught by
 * none of its checks, or named by a statement no request can judge.
 */
function proofProblems(statements: readonly SpecStatement[], faults: readonly FaultDeclaration[]): string[] {
  return statements.flatMap((statement) =>
    statement.faults.flatMap((name, index) => {
      const fault = faults.find((candidate) => candidate.name === name);
      if (!fault) return [`${statement.id} names the unknown fault ${name}`];
      if (statement.faults.indexOf(name) !== index) return [`${statement.id} names the fault ${name} twice`];
      if (isNotBlackBox(statement)) return [`${statement.id} is not black-box and names the fault ${name}`];
      if (catchingChecks(statement, fault).length === 0)
        return [
          `${statement.id} names ${name}, which declares none of its checks (${fault.caughtBy.join(", ")} against ${statement.checks.join(", ")})`,
        ];
      return [];
    }),
  );
}

/** Check ids and register entries a statement names that do not exist, and checks named twice. */
function unknownNames(
  statements: readonly SpecStatement[],
  checkIds: ReadonlySet<string>,
  registerIds: ReadonlySet<string>,
): string[] {
  return statements.flatMap((statement) => {
    const ids = statement.checks;
    return [
      ...ids.filter((id) => !checkIds.has(id)).map((id) => `${statement.id} names the unknown check ${id}`),
      ...ids.filter((id, index) => ids.indexOf(id) !== index).map((id) => `${statement.id} names ${id} twice`),
      ...(statement.register && !registerIds.has(statement.register.id)
        ? [`${statement.id} names the unknown register entry ${statement.register.id}`]
        : []),
    ];
  });
}

/**
 * Sections a check cites without judging a statement of them and without an exception saying why,
 * and exceptions that are stale (the check is gone, no longer cites the section, or now judges a statement of it).
 */
function uncitedProblems(
  checks: readonly CitingCheck[],
  statements: readonly SpecStatement[],
  uncited: readonly UncitedSection[],
): string[] {
  const judges = (checkId: string, section: string) =>
    statements.some((statement) => statement.section === section && statement.checks.includes(checkId));
  const excepted = (checkId: string, section: string) =>
    uncited.some((entry) => entry.check === checkId && entry.section === section);
  const missing = checks.flatMap((check) =>
    check.specRefs
      .filter((section) => !judges(check.id, section) && !excepted(check.id, section))
      .map(
        (section) =>
          `${check.id} cites §${section} but judges no statement of §${section} in contract/spec-statements.json: add it to the statements it judges, or to uncitedSections with why`,
      ),
  );
  const stale = uncited.flatMap((entry) => {
    const check = checks.find((candidate) => candidate.id === entry.check);
    if (!check) return [`uncitedSections names the unknown check ${entry.check}`];
    if (!check.specRefs.includes(entry.section)) return [`${entry.check} does not cite §${entry.section}`];
    if (judges(entry.check, entry.section))
      return [`${entry.check} judges a statement of §${entry.section}: its uncitedSections entry is stale`];
    return [];
  });
  return [...missing, ...stale];
}

/** Ids out of order: S-<section>-1, -2 … within a section, sections in the order of the interface. */
function misnumbered(statements: readonly SpecStatement[]): string[] {
  return statements.flatMap((statement, index) => {
    const previous = statements[index - 1];
    const sameSection = previous !== undefined && previous.section === statement.section;
    const expected = `S-${statement.section}-${sameSection ? Number(previous.id.split("-").pop()) + 1 : 1}`;
    const problems = statement.id === expected ? [] : [`${statement.id} should be ${expected}`];
    if (previous && compareSections(previous.section, statement.section) > 0)
      problems.push(`${statement.id} comes after §${previous.section}`);
    return problems;
  });
}

const CHECK_IDS = CHECK_CATALOGUE.ids();
const REGISTER_IDS = new Set(AMBIGUITY_REGISTER.map((entry) => entry.id));
const first = SPEC_STATEMENTS[0] as SpecStatement;
/** A statement and faults made up for the guards: the computation must not depend on the real file. */
const STATEMENT: SpecStatement = {
  id: "S-2.11-6",
  section: "2.11",
  statement: "totalPages is the total number of pages found.",
  checks: ["pagination.totals-consistent", "search.filtered-walk"],
  faults: [],
};
const FAULTS: readonly FaultDeclaration[] = [
  { name: "total-pages-floored", caughtBy: ["pagination.totals-consistent"] },
  { name: "search-totals-unfiltered", caughtBy: ["search.filtered-walk", "search.no-match-empty"] },
  { name: "pages-overlap", caughtBy: ["pagination.walk-covers-all"] },
];
/** The made-up faults, no check of which only warns. */
const BASIS: ProofBasis = { faults: FAULTS, warningChecks: new Set() };
const REAL_BASIS = catalogueProofBasis();
const read = (path: string) => readFileSync(new URL(`../../../${path}`, import.meta.url), "utf8");

describe("the statements of the interface (contract/spec-statements.json)", () => {
  it("are each judged by a check, name the register entry not-black-box saying why no request can, or say no check judges them yet", () => {
    expect(unjudgedStatements(SPEC_STATEMENTS)).toEqual([]);
  });

  it("say what is left unjudged when a register entry settles part of them", () => {
    expect(silentRegisters(SPEC_STATEMENTS)).toEqual([]);
  });

  it("name only faults of the catalogue, each once and each caught by one of the statement's checks", () => {
    expect(proofProblems(SPEC_STATEMENTS, FAULT_CATALOGUE)).toEqual([]);
  });

  it("name only checks of the catalogue and entries of the register, each check once", () => {
    expect(unknownNames(SPEC_STATEMENTS, CHECK_IDS, REGISTER_IDS)).toEqual([]);
  });

  it("hold, for every section a check cites, a statement it judges, or an up-to-date exception saying why", () => {
    expect(uncitedProblems(CHECK_CATALOGUE.checks, SPEC_STATEMENTS, UNCITED_SECTIONS)).toEqual([]);
  });

  it("are numbered in order within each section, the sections in the order of the interface", () => {
    expect(misnumbered(SPEC_STATEMENTS)).toEqual([]);
  });

  it("docs/contract.md shows the table the data makes now (run npm run generate on drift)", () => {
    const doc = read("docs/contract.md");
    expect(withReadmeBlocks(doc, contractDocBlocks(), "docs/contract.md")).toBe(doc);
    expect(doc).toContain(`\n${renderStatementsMarkdown()}\n<!-- contract-statements:end -->`);
    for (const statement of SPEC_STATEMENTS)
      expect(doc, statement.id).toContain(`| ${statement.id} | §${statement.section} |`);
  });
});

describe("the guards of the statements fail when what they guard is wrong", () => {
  it("a statement stripped of its checks, or naming another register entry, is reported", () => {
    const stripped = { ...first, checks: [] };
    expect(unjudgedStatements([stripped])).toEqual([
      `${first.id} has no check, does not name the register entry ${NOT_BLACK_BOX} and does not say that no check judges it yet`,
    ]);
    expect(unjudgedStatements([{ ...stripped, register: { id: "page-past-end", why: "w" } }])).toHaveLength(1);
    expect(unjudgedStatements([{ ...stripped, register: { id: NOT_BLACK_BOX, why: "w" } }])).toEqual([]);
    expect(unjudgedStatements([{ ...stripped, unjudged: "no check looks at it yet" }])).toEqual([]);
    expect(statementExtent({ ...stripped, faults: [], unjudged: "no check looks at it yet" }, BASIS)).toBe("unproven");
  });

  it("a register entry that settles part of a statement without saying what is left is reported", () => {
    const settled = { ...first, register: { id: "page-past-end", why: "w" } };
    expect(silentRegisters([settled])).toEqual([
      `${first.id} names register page-past-end and does not say what is left unjudged`,
    ]);
    expect(silentRegisters([{ ...settled, unjudged: "the rest" }])).toEqual([]);
    expect(silentRegisters([{ ...settled, register: { id: NOT_BLACK_BOX, why: "w" } }])).toEqual([]);
  });

  it("an unknown fault, a fault named twice, one none of the checks catches and one on a not-black-box statement are reported", () => {
    const statement = { ...STATEMENT, checks: ["pagination.totals-consistent"], faults: ["total-pages-floored"] };
    expect(proofProblems([statement], FAULTS)).toEqual([]);
    expect(
      proofProblems(
        [{ ...statement, faults: ["total-pages-floored", "no-such-fault", "total-pages-floored", "pages-overlap"] }],
        FAULTS,
      ),
    ).toEqual([
      "S-2.11-6 names the unknown fault no-such-fault",
      "S-2.11-6 names the fault total-pages-floored twice",
      "S-2.11-6 names pages-overlap, which declares none of its checks (pagination.walk-covers-all against pagination.totals-consistent)",
    ]);
    const notBlackBox = { ...statement, checks: [], register: { id: NOT_BLACK_BOX, why: "w" } };
    expect(proofProblems([notBlackBox], FAULTS)).toEqual([
      "S-2.11-6 is not black-box and names the fault total-pages-floored",
    ]);
  });

  it("an unknown check, a check named twice and an unknown register entry are reported", () => {
    const named = {
      ...first,
      checks: [...first.checks, "http.no-such-check", first.checks[0]!],
      register: { id: "no-such-entry", why: "w" },
    };
    expect(unknownNames([named], CHECK_IDS, REGISTER_IDS)).toEqual([
      `${first.id} names the unknown check http.no-such-check`,
      `${first.id} names ${first.checks[0]!} twice`,
      `${first.id} names the unknown register entry no-such-entry`,
    ]);
  });

  it("a cited section without a statement, and stale or wrong exceptions, are reported", () => {
    const statements = [{ id: "S-4-1", section: "4", statement: "s", checks: ["http.valid-request-ok"], faults: [] }];
    const check = { id: "http.valid-request-ok", specRefs: ["4", "7"] };
    expect(uncitedProblems([check], statements, [])).toHaveLength(1);
    expect(uncitedProblems([check], statements, [{ check: check.id, section: "7", why: "w" }])).toEqual([]);
    expect(
      uncitedProblems([check], statements, [
        { check: check.id, section: "7", why: "w" },
        { check: check.id, section: "4", why: "stale" },
        { check: check.id, section: "8", why: "not cited" },
        { check: "http.gone", section: "4", why: "gone" },
      ]),
    ).toEqual([
      "http.valid-request-ok judges a statement of §4: its uncitedSections entry is stale",
      "http.valid-request-ok does not cite §8",
      "uncitedSections names the unknown check http.gone",
    ]);
  });

  it("a statement out of order or misnumbered is reported", () => {
    const [a, b] = SPEC_STATEMENTS as [SpecStatement, SpecStatement];
    expect(misnumbered([b, a]).length).toBeGreaterThan(0);
    expect(misnumbered([a, { ...a, id: `S-${a.section}-3` }])).toEqual([`S-${a.section}-3 should be S-${a.section}-2`]);
  });

  it("a table edited by hand differs from the one generated", () => {
    const doc = read("docs/contract.md");
    const edited = doc.replace(`| ${first.id} | §${first.section} |`, `| ${first.id} | §9 |`);
    expect(edited).not.toBe(doc);
    expect(withReadmeBlocks(edited, contractDocBlocks(), "docs/contract.md")).toBe(doc);
  });
});

describe("the extent of a statement is computed from its faults, never written (issue 44.5)", () => {
  it("is unproven for a testable statement that names no fault, however many checks it names", () => {
    expect(statementExtent(STATEMENT, BASIS)).toBe("unproven");
    expect(extentCounts(BASIS, [STATEMENT])).toEqual({ full: 0, partial: 0, unproven: 1, "not black-box": 0 });
  });

  it("is full when every fault it names declares one of its checks, partial when it says what is left unjudged", () => {
    const proven = { ...STATEMENT, faults: ["total-pages-floored", "search-totals-unfiltered"] };
    expect(statementExtent(proven, BASIS)).toBe("full");
    expect(statementExtent({ ...proven, unjudged: "one case" }, BASIS)).toBe("partial");
    expect(catchingChecks(proven, FAULTS[1]!)).toEqual(["search.filtered-walk"]);
  });

  it("is partial when a fault it names is caught among its checks only by one that warns (the gate still passes)", () => {
    const proven = { ...STATEMENT, faults: ["total-pages-floored", "search-totals-unfiltered"] };
    const warns = (...checks: string[]) => ({ faults: FAULTS, warningChecks: new Set(checks) });
    expect(statementExtent(proven, warns("search.filtered-walk"))).toBe("partial");
    expect(statementExtent(proven, warns("search.no-match-empty"))).toBe("full");
    expect(statementExtent({ ...proven, faults: ["total-pages-floored"] }, warns("search.filtered-walk"))).toBe("full");
  });

  it("is unproven when one fault it names declares none of its checks", () => {
    expect(statementExtent({ ...STATEMENT, faults: ["total-pages-floored", "pages-overlap"] }, BASIS)).toBe("unproven");
  });

  it("refuses a fault name the catalogue does not hold", () => {
    expect(() => statementExtent({ ...STATEMENT, faults: ["no-such-fault"] }, BASIS)).toThrow(
      "contract/spec-statements.json names the unknown fault no-such-fault",
    );
    expect(() => declaredFault("no-such-fault", FAULT_CATALOGUE)).toThrow("unknown fault no-such-fault");
  });

  it("is not black-box for a statement with no check under the register entry not-black-box", () => {
    const outside = { ...STATEMENT, checks: [], register: { id: NOT_BLACK_BOX, why: "w" } };
    expect(statementExtent(outside, BASIS)).toBe("not black-box");
    expect(statementExtent({ ...outside, register: { id: "page-past-end", why: "w" } }, BASIS)).toBe("unproven");
  });

  it("rests on the real catalogue for the file: every statement's extent is computed without error", () => {
    const counts = extentCounts(REAL_BASIS);
    expect(counts.full + counts.partial + counts.unproven + counts["not black-box"]).toBe(SPEC_STATEMENTS.length);
    expect(counts.full).toBeGreaterThan(0);
  });
});

/**
 * The contract's coverage stays true (issue 22.9): every testable statement of the interface
 * (contract/spec-statements.json) is judged by checks of the catalogue or names the register entry
 * that says why no request can; every section a check cites holds a statement it judges, or an
 * exception says why; docs/contract.md shows the table as the data makes it now.
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
  coverageCounts,
  type SpecStatement,
  type UncitedSection,
} from "../../../contract/specStatements.js";
import type { CheckDefinition } from "../../../runner/engine/CheckDefinition.js";
import { contractDocBlocks } from "../../../scripts/readmeBlocks.js";
import { renderStatementsMarkdown } from "../../../scripts/renderContractMarkdown.js";
import { CHECK_CATALOGUE } from "../../../checks/checkCatalogue.js";

type CitingCheck = Pick<CheckDefinition, "id" | "specRefs">;

/** Statements judged by no check that do not say, under not-black-box, why no request can judge them. */
function unjudgedStatements(statements: readonly SpecStatement[]): string[] {
  return statements
    .filter((statement) => statement.checks.length === 0 && statement.register?.id !== NOT_BLACK_BOX)
    .map((statement) => `${statement.id} has no check and does not name the register entry ${NOT_BLACK_BOX}`);
}

/** Statements judged only partly that do not say what is left unjudged. */
function silentPartials(statements: readonly SpecStatement[]): string[] {
  return statements
    .filter((statement) => statement.checks.length > 0 && statement.checks.every((check) => check.extent === "partial"))
    .filter((statement) => statement.unjudged === undefined && statement.register === undefined)
    .map((statement) => `${statement.id} is judged only partly and does not say what is left`);
}

/** Check ids and register entries a statement names that do not exist, and checks named twice. */
function unknownNames(
  statements: readonly SpecStatement[],
  checkIds: ReadonlySet<string>,
  registerIds: ReadonlySet<string>,
): string[] {
  return statements.flatMap((statement) => {
    const ids = statement.checks.map((check) => check.id);
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
    statements.some(
      (statement) => statement.section === section && statement.checks.some((check) => check.id === checkId),
    );
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
const read = (path: string) => readFileSync(new URL(`../../../${path}`, import.meta.url), "utf8");

describe("the statements of the interface (contract/spec-statements.json)", () => {
  it("are each judged by a check, or name the register entry not-black-box saying why no request can", () => {
    expect(unjudgedStatements(SPEC_STATEMENTS)).toEqual([]);
    expect(coverageCounts().none).toBe(0);
  });

  it("say what a partial judgement leaves", () => {
    expect(silentPartials(SPEC_STATEMENTS)).toEqual([]);
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
      `${first.id} has no check and does not name the register entry ${NOT_BLACK_BOX}`,
    ]);
    expect(unjudgedStatements([{ ...stripped, register: { id: "page-past-end", why: "w" } }])).toHaveLength(1);
    expect(unjudgedStatements([{ ...stripped, register: { id: NOT_BLACK_BOX, why: "w" } }])).toEqual([]);
    expect(coverageCounts([stripped]).none).toBe(1);
  });

  it("a partial judgement that says nothing of what it leaves is reported", () => {
    const partial = {
      id: "S-1-1",
      section: "1",
      statement: "s",
      checks: [{ id: "http.no-server-error", extent: "partial" as const }],
    };
    expect(silentPartials([partial])).toEqual(["S-1-1 is judged only partly and does not say what is left"]);
    expect(silentPartials([{ ...partial, unjudged: "the rest" }])).toEqual([]);
  });

  it("an unknown check, a check named twice and an unknown register entry are reported", () => {
    const named = {
      ...first,
      checks: [...first.checks, { id: "http.no-such-check", extent: "full" as const }, first.checks[0]!],
      register: { id: "no-such-entry", why: "w" },
    };
    expect(unknownNames([named], CHECK_IDS, REGISTER_IDS)).toEqual([
      `${first.id} names the unknown check http.no-such-check`,
      `${first.id} names ${first.checks[0]!.id} twice`,
      `${first.id} names the unknown register entry no-such-entry`,
    ]);
  });

  it("a cited section without a statement, and stale or wrong exceptions, are reported", () => {
    const statements = [
      { id: "S-4-1", section: "4", statement: "s", checks: [{ id: "http.valid-request-ok", extent: "full" as const }] },
    ];
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

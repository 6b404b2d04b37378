/**
 * The strict verdict matrix, part 1 of 2 (verdictMatrixRows.ts holds the rows and what they judge), and
 * the checks of the fault declarations themselves.
 */
import { describe, expect, it } from "vitest";
import { FAULT_CATALOGUE } from "../../../reference/faults/faultCatalogue.js";
import { CHECK_CATALOGUE } from "../../../checks/checkCatalogue.js";
import { readFileSync } from "node:fs";
import { describeVerdictMatrixRows, MATRIX_PARTS, matrixPartOf } from "./verdictMatrixRows.js";

describeVerdictMatrixRows(0);

describe("the matrix's parts", () => {
  it("give every check's row to one part, and every part has its file, so no row is left out", () => {
    for (const check of CHECK_CATALOGUE.checks) expect(matrixPartOf(check.id)).toBeLessThan(MATRIX_PARTS);
    for (let part = 0; part < MATRIX_PARTS; part += 1) {
      const file = new URL(`./verdictMatrix${part === 0 ? "" : part + 1}.test.ts`, import.meta.url);
      expect(readFileSync(file, "utf8"), file.pathname).toContain(`describeVerdictMatrixRows(${part});`);
    }
  });
});

describe("the fault declarations", () => {
  const ids = CHECK_CATALOGUE.ids();

  it("name only checks of the catalogue, and allow only other checks, each with a one-line reason", () => {
    for (const fault of FAULT_CATALOGUE) {
      for (const id of fault.caughtBy) expect(ids, `${fault.name} declares ${id}`).toContain(id);
      for (const [id, reason] of Object.entries(fault.mayAlsoFail ?? {})) {
        expect(ids, `${fault.name} allows ${id}`).toContain(id);
        expect(fault.caughtBy, `${fault.name} both declares and allows ${id}`).not.toContain(id);
        expect(reason, `${fault.name} → ${id}`).toMatch(/^\S[^\n]{14,199}$/);
      }
    }
  });

  it("cover every MUST check: a check no fault can show failing cannot join the catalogue", () => {
    const declared = new Set(FAULT_CATALOGUE.flatMap((fault) => fault.caughtBy));
    const undeclared = CHECK_CATALOGUE.checks
      .filter((check) => check.level === "MUST" && !declared.has(check.id))
      .map((check) => check.id);
    expect(undeclared, "write a fault (reference/faults) that breaks exactly the rule of each, with its probe").toEqual(
      [],
    );
  });
});

/**
 * A check's id, family and file agree (a reader finds a rule by its id), and the catalogue enforces it.
 * A large family keeps its file as the list of its checks and defines them in a folder named after it
 * (checks/search/ for searchChecks.ts), which holds only checks of that family, each listed by the family's file.
 */
import { existsSync, readdirSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import type { CheckDefinition } from "../../../runner/engine/CheckDefinition.js";
import { CheckCatalogue } from "../../../runner/engine/CheckCatalogue.js";
import { CHECK_CATALOGUE, CHECKS_BY_FAMILY } from "../../../checks/checkCatalogue.js";

const CHECKS_DIR = fileURLToPath(new URL("../../../checks/", import.meta.url));
const camel = (family: string) => family.replace(/-([a-z])/g, (_, letter: string) => letter.toUpperCase());

describe("the layout of the checks", () => {
  it("has one file per family, named <family>Checks.ts, an optional folder per family, and nothing else beside _internals and the catalogue's own files", () => {
    const familyFiles = Object.keys(CHECKS_BY_FAMILY).map((family) => `${camel(family)}Checks.ts`);
    const familyFolders = Object.keys(CHECKS_BY_FAMILY)
      .map(camel)
      .filter((folder) => existsSync(`${CHECKS_DIR}${folder}`));
    const catalogueFiles = [
      "checkCatalogue.ts",
      "checkDescriptions.generated.json",
      "checkDescriptions.ts",
      "checkStacks.ts",
      "describeChecks.ts",
      "executeInProcess.ts",
      "registerConformanceTests.ts",
    ];
    const names = readdirSync(CHECKS_DIR).filter((name) => name !== "_internals");
    expect(names.sort()).toEqual([...familyFiles, ...familyFolders, ...catalogueFiles].sort());
  });

  it("keeps in a family's folder only checks of that family, each one listed by the family's file", async () => {
    let seen = 0;
    for (const [family, listed] of Object.entries(CHECKS_BY_FAMILY)) {
      const folder = `${CHECKS_DIR}${camel(family)}/`;
      if (!existsSync(folder)) continue;
      for (const file of readdirSync(folder)) {
        expect(file, family).toMatch(new RegExp(`^${camel(family)}[A-Z][A-Za-z]*Checks\\.ts$`));
        const checks = Object.values(await import(`${folder}${file}`)) as CheckDefinition[];
        expect(checks.length, file).toBeGreaterThan(0);
        for (const check of checks) {
          expect(check.id.startsWith(`${family}.`), `${file}: ${check.id}`).toBe(true);
          expect(listed, `${file}: ${check.id} is not listed by ${camel(family)}Checks.ts`).toContain(check);
        }
        seen += checks.length;
      }
    }
    expect(seen).toBeGreaterThan(0);
  });

  it("keeps in each family's file exactly the checks whose id starts with the family", async () => {
    for (const family of Object.keys(CHECKS_BY_FAMILY)) {
      const exported = Object.values(await import(`${CHECKS_DIR}${camel(family)}Checks.ts`)) as CheckDefinition[][];
      const checks = exported.flat();
      expect(checks.length, family).toBeGreaterThan(0);
      for (const check of checks) {
        expect(check.family, check.id).toBe(family);
        expect(check.id.startsWith(`${family}.`), check.id).toBe(true);
      }
    }
    expect(Object.values(CHECKS_BY_FAMILY).flat().length).toBe(CHECK_CATALOGUE.checks.length);
  });
});

describe("CheckCatalogue", () => {
  const [sample] = CHECK_CATALOGUE.checks as [CheckDefinition];

  it("refuses a check whose id prefix is not its family", () => {
    expect(() => new CheckCatalogue([{ ...sample, id: "schema.misfiled", family: "errors" }])).toThrow(
      /family errors: its id must start with "errors\."/,
    );
  });

  it("accepts a check whose id prefix is its family", () => {
    expect(new CheckCatalogue([{ ...sample, id: `${sample.family}.well-filed` }]).checks).toHaveLength(1);
  });
});

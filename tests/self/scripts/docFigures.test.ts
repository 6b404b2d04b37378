/** The countable figures of README.md, BENCHMARKS.md and docs/ are counted from their sources, and current (npm run generate). */
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { DOC_FIGURES, referenceChartTypes } from "../../../scripts/docFigures.js";
import { documentFile, documentPaths, generatedDocument } from "../../../scripts/generatedDocuments.js";
import { formatFigure, withDocFigures } from "../../../scripts/withDocFigures.js";
import { CHECK_CATALOGUE } from "../../../checks/checkCatalogue.js";

const figure = (name: string) => (DOC_FIGURES[name] as () => number)();

describe("figure markers", () => {
  const figures = { checks: () => 64, requests: () => 3177 };

  it("rewrite the value between their markers, in digits or in words, and leave the rest alone", () => {
    expect(withDocFigures("has <!-- figure:checks -->12<!-- /figure --> checks", figures)).toBe(
      "has <!-- figure:checks -->64<!-- /figure --> checks",
    );
    expect(withDocFigures("sent <!-- figure:requests -->1<!-- /figure --> requests", figures)).toBe(
      "sent <!-- figure:requests -->3,177<!-- /figure --> requests",
    );
    const five = { operations: () => 5 };
    expect(withDocFigures("all <!-- figure:operations:words -->six<!-- /figure -->", five)).toBe(
      "all <!-- figure:operations:words -->five<!-- /figure -->",
    );
    expect(withDocFigures("so. <!-- figure:operations:Words --><!-- /figure --> read", five)).toBe(
      "so. <!-- figure:operations:Words -->Five<!-- /figure --> read",
    );
    expect(formatFigure(21, "words")).toBe("21");
    expect(withDocFigures("no marker, 104 verdicts", figures)).toBe("no marker, 104 verdicts");
  });

  it("refuse an unknown figure, a marker they cannot read and a marker that begins a line", () => {
    expect(() => withDocFigures("x <!-- figure:verdicts -->1<!-- /figure -->", {}, "docs/x.md")).toThrow(
      "docs/x.md names the unknown figure verdicts",
    );
    expect(() => withDocFigures("x <!-- figure:constructor -->1<!-- /figure -->", {})).toThrow("unknown figure");
    expect(() => withDocFigures("x <!-- figure:checks -->1 and no end", figures, "README.md")).toThrow(
      "README.md has a figure marker that is not",
    );
    expect(() => withDocFigures("a\n<!-- figure:checks -->1<!-- /figure --> checks", figures, "README.md")).toThrow(
      "README.md begins a line with a figure marker",
    );
  });
});

describe("the figures the documents state", () => {
  it("count the catalogues: a full run's verdicts are each check on each operation it covers", () => {
    const pairs = CHECK_CATALOGUE.checks.reduce((sum, check) => sum + check.operations.length, 0);
    expect(figure("default-run-verdicts")).toBe(pairs);
    expect(figure("checks")).toBe(CHECK_CATALOGUE.checks.length);
    expect(figure("must-checks") + figure("should-checks")).toBe(figure("checks"));
    expect(new Set(CHECK_CATALOGUE.checks.map((check) => check.family)).size).toBe(figure("check-families"));
    expect(figure("cms-operations") + figure("authorization-operations")).toBe(figure("operations"));
    expect(figure("proven-statements")).toBeLessThanOrEqual(figure("statements"));
  });

  it("the reference's analytics are of all the contract's chart types, as docs/checks.md says", () => {
    expect(referenceChartTypes()).toBe(figure("chart-types"));
  });

  it("every document's figures and generated blocks are current (run npm run generate on drift)", () => {
    const paths = documentPaths();
    expect(paths).toEqual(expect.arrayContaining(["README.md", "BENCHMARKS.md", "docs/reports.md", "docs/design.md"]));
    for (const path of paths) expect(readFileSync(documentFile(path), "utf8"), path).toBe(generatedDocument(path));
  });

  it("the README and docs/ state the verdicts of a full run by its marker, never by hand", () => {
    const verdicts = `<!-- figure:default-run-verdicts -->${formatFigure(figure("default-run-verdicts"))}<!-- /figure -->`;
    expect(readFileSync(documentFile("docs/reports.md"), "utf8")).toContain(verdicts);
    for (const path of documentPaths().filter((path) => path !== "BENCHMARKS.md")) {
      const text = readFileSync(documentFile(path), "utf8").replace(/<!-- figure:[^>]*-->[^<]*<!-- \/figure -->/g, "");
      expect(text, path).not.toMatch(/\b\d[\d,]* verdicts\b/);
    }
  });
});

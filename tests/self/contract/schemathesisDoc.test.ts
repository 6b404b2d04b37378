/** docs/schemathesis.md stays true about this tool: every option it names on this tool's side exists. */
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { RUN_OPTIONS } from "../../../cli/runOptions.js";

const PAGE = readFileSync(new URL("../../../docs/schemathesis.md", import.meta.url), "utf8");

/** The rows of the page's tables, as [Schemathesis, cms-conformance, notes]. */
function rows(markdown: string): string[][] {
  return markdown
    .split("\n")
    .filter((line) => line.startsWith("| ") && !line.startsWith("| Schemathesis |") && !line.startsWith("| ---"))
    .map((line) =>
      line
        .split(/(?<!\\)\|/)
        .slice(1, -1)
        .map((cell) => cell.trim()),
    );
}

describe("docs/schemathesis.md", () => {
  const table = rows(PAGE);

  it("has rows of three cells, each with an option on one side at least", () => {
    expect(table.length).toBeGreaterThan(40);
    for (const row of table) {
      expect(row, row.join(" | ")).toHaveLength(3);
      expect(row[0] === "—" && row[1] === "—", row.join(" | ")).toBe(false);
    }
  });

  it("names only options cms-conformance run has", () => {
    const names = new Set(RUN_OPTIONS.map((option) => option.name));
    const named = table.flatMap((row) =>
      [...(row[1] ?? "").matchAll(/(?:^|[\s`(,])--([a-z][a-z-]*)/g)].map((m) => m[1]),
    );
    expect(named.length).toBeGreaterThan(25);
    expect(named.filter((name) => !names.has(name as string))).toEqual([]);
  });

  it("is linked from the README", () => {
    expect(readFileSync(new URL("../../../README.md", import.meta.url), "utf8")).toContain("(docs/schemathesis.md)");
  });
});

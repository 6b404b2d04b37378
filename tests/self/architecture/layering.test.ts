/**
 * The house's layering: each folder of the product imports only from the folders below it, as the
 * table says, so data runs downhill (the CLI hands the check catalogue to the runner; nothing under
 * runner/, contract/, generators/ or reports/ reaches up to the checks or the CLI).
 */
import { readdirSync, readFileSync } from "node:fs";
import { dirname, join, normalize, relative } from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";

const ROOT = fileURLToPath(new URL("../../../", import.meta.url));

const RUNNER_BELOW_ENGINE = ["contract", "runner/model", "runner/http"];
const RUNNER = [
  ...RUNNER_BELOW_ENGINE,
  "runner/settings",
  "runner/engine",
  "runner/execute",
  "runner/report",
  "runner/waivers",
];

/** Each layer (a folder, the longest prefix wins) and the layers it may import from, besides itself. */
const MAY_IMPORT: Readonly<Record<string, readonly string[]>> = {
  contract: [],
  generators: ["contract"],
  "runner/model": ["contract"],
  "runner/http": ["contract", "runner/model"],
  "runner/settings": RUNNER_BELOW_ENGINE,
  "runner/engine": RUNNER_BELOW_ENGINE,
  "runner/execute": [...RUNNER_BELOW_ENGINE, "runner/engine"],
  "runner/report": [...RUNNER_BELOW_ENGINE, "runner/engine"],
  "runner/waivers": ["contract", "runner/model", "runner/settings"],
  runner: RUNNER,
  checks: ["generators", "runner", ...RUNNER],
  "tests/conformance": ["runner", ...RUNNER, "checks"],
  reports: ["contract", "runner/model", "runner/http"],
  reference: ["contract", "runner/http", "runner/settings"],
  cli: ["generators", "runner", ...RUNNER, "reports", "reference", "checks"],
  bin: ["cli"],
};

/** Source files of the product (the suite's own tests, the bench and the scripts stand above it all). */
function productFiles(folder: string): string[] {
  return readdirSync(join(ROOT, folder), { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile() && /\.(ts|mts|mjs)$/.test(entry.name))
    .map((entry) => relative(ROOT, join(entry.parentPath, entry.name)));
}

function layerOf(file: string): string | undefined {
  return Object.keys(MAY_IMPORT)
    .filter((layer) => file.startsWith(`${layer}/`))
    .sort((a, b) => b.length - a.length)[0];
}

/** The project files `file` imports (relative specifiers only; packages are not layers). */
function importsOf(file: string): string[] {
  const text = readFileSync(join(ROOT, file), "utf8");
  const specifiers = [...text.matchAll(/(?:\bfrom|\bimport)\s*\(?\s*["'](\.{1,2}\/[^"']+)["']/g)].map(
    (match) => match[1] as string,
  );
  return specifiers.map((specifier) => normalize(join(dirname(file), specifier)));
}

const FILES = [
  "contract",
  "generators",
  "runner",
  "checks",
  "tests/conformance",
  "reports",
  "reference",
  "cli",
  "bin",
].flatMap(productFiles);

describe("layering", () => {
  it("finds the product's files in every layer of the table", () => {
    for (const layer of Object.keys(MAY_IMPORT))
      expect(
        FILES.some((file) => layerOf(file) === layer),
        layer,
      ).toBe(true);
  });

  it("has no import that runs up: each file imports from its own layer or one the table allows", () => {
    const upward = FILES.flatMap((file) => {
      const from = layerOf(file) as string;
      return importsOf(file)
        .filter((target) => {
          const to = layerOf(target);
          return to !== undefined && to !== from && !(MAY_IMPORT[from] ?? []).includes(to);
        })
        .map((target) => `${file} -> ${target}`);
    });
    expect(upward).toEqual([]);
  });

  it("sees an import that runs up (the test can fail)", () => {
    const from = "runner/report";
    expect(MAY_IMPORT[from]).not.toContain(layerOf("checks/checkCatalogue.ts"));
    expect(MAY_IMPORT[from]).not.toContain(layerOf("cli/commands/run.ts"));
    expect(layerOf("runner/execute/vitest/vitestBridge.ts")).toBe("runner/execute");
  });

  it("has no product file that imports from tests/ (the checks live in checks/, the suite's own tests beside their units)", () => {
    const product = [
      ...FILES.filter((file) => !file.startsWith("tests/")),
      ...["bench", "scripts"].flatMap(productFiles),
    ];
    const intoTests = product.flatMap((file) =>
      importsOf(file)
        .filter((target) => target.startsWith("tests/"))
        .map((target) => `${file} -> ${target}`),
    );
    expect(product.length).toBeGreaterThan(100);
    expect(intoTests).toEqual([]);
  });
});

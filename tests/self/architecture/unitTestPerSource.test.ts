/**
 * Every source of the engine (runner/engine) and of the checks' helpers (checks/_internals)
 * has a unit-test file named after it somewhere under tests/self (issue 26.6), so "the test of X" is one file.
 * A source that holds only types (no statement runs) has nothing to test.
 */
import { readdirSync, readFileSync } from "node:fs";
import { basename, join, relative } from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { typesOnly } from "../../../scripts/typesOnly.js";

const ROOT = fileURLToPath(new URL("../../../", import.meta.url));
const FOLDERS = ["runner/engine", "checks/_internals"];

const filesUnder = (folder: string, suffix: RegExp) =>
  readdirSync(join(ROOT, folder), { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile() && suffix.test(entry.name))
    .map((entry) => relative(ROOT, join(entry.parentPath, entry.name)));

const sources = FOLDERS.flatMap((folder) => filesUnder(folder, /\.ts$/)).filter((file) => !file.endsWith(".test.ts"));
const testNames = new Set(filesUnder("tests/self", /\.test\.ts$/).map((file) => basename(file, ".test.ts")));

describe("one unit-test file per engine and helper source", () => {
  it("finds the sources of both folders", () => {
    expect(sources.filter((file) => file.startsWith("runner/engine/")).length).toBeGreaterThan(5);
    expect(sources.filter((file) => file.includes("/_internals/")).length).toBeGreaterThan(20);
  });

  it("tells a source of types only from one with code", () => {
    expect(typesOnly('import type { A } from "./a.js";\n/** B. */\nexport interface B {\n  a: A;\n}\n')).toBe(true);
    expect(typesOnly("export type C = 1;\nexport function f() {\n  return 1;\n}\n")).toBe(false);
    expect(typesOnly("export const D = 1;\n")).toBe(false);
    expect(typesOnly("export class E {}\n")).toBe(false);
  });

  it("has a test file named after each source with code", () => {
    const untested = sources.filter(
      (file) => !typesOnly(readFileSync(join(ROOT, file), "utf8")) && !testNames.has(basename(file, ".ts")),
    );
    expect(untested).toEqual([]);
  });
});

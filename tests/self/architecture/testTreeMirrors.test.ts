/**
 * The test tree mirrors the source tree (issue 43.1): the test of a product file `dir/name.ts` is
 * `tests/self/dir/name.test.ts`, so "the test of X" is found by its path. Tests of the whole suite
 * (tests/self/suite, deploy, architecture, mutation) are named for what they prove, not after one file.
 */
import { execFileSync } from "node:child_process";
import { basename, dirname } from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";

const ROOT = fileURLToPath(new URL("../../../", import.meta.url));
const PRODUCT = ["bench", "checks", "cli", "contract", "generators", "reference", "reports", "runner", "scripts"];
const tracked = (...paths: string[]) =>
  execFileSync("git", ["ls-files", ...paths], { cwd: ROOT, encoding: "utf8" })
    .split("\n")
    .filter(Boolean);

const productByName = new Map<string, string[]>();
for (const file of tracked(...PRODUCT).filter((path) => /\.(ts|mjs)$/.test(path) && !path.endsWith(".d.mts"))) {
  const name = basename(file).replace(/\.(ts|mjs)$/, "");
  productByName.set(name, [...(productByName.get(name) ?? []), file]);
}
const tests = tracked("tests/self").filter((file) => file.endsWith(".test.ts"));

describe("the test tree mirrors the source tree", () => {
  it("finds the tests and the product files", () => {
    expect(tests.length).toBeGreaterThan(250);
    expect(productByName.get("createHttpClient")).toEqual(["runner/http/createHttpClient.ts"]);
  });

  it("puts the test named after a product file under that file's folder", () => {
    const misplaced = tests.flatMap((test) => {
      const sources = productByName.get(basename(test, ".test.ts")) ?? [];
      if (sources.length !== 1) return [];
      const expected = `tests/self/${dirname(sources[0] as string)}`;
      return dirname(test) === expected ? [] : [`${test} (expected under ${expected}/)`];
    });
    expect(misplaced).toEqual([]);
  });
});

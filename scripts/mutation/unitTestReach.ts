/** Which unit test files reach which repository files through their relative imports. */
import { execFileSync } from "node:child_process";
import { existsSync, readFileSync } from "node:fs";
import { dirname, join, normalize } from "node:path";

/** Test folders (and single test files) run per mutant; the others are suite-level (the verdict matrix alone takes minutes). */
export const UNIT_TEST_FOLDERS = [
  "tests/self/runner/engine/",
  "tests/self/runner/http/redactSecrets.test.ts",
  "tests/self/runner/http/redactionProperty.test.ts",
  "tests/self/checks/",
  "tests/self/runner/waivers/",
  "tests/self/conformance/",
  "tests/self/runner/execute/",
  "tests/self/runner/planRun.test.ts",
  "tests/self/runner/runConformance.test.ts",
  "tests/self/runner/waitForTarget.test.ts",
  "tests/self/reports/",
  "tests/self/runner/report/",
  "tests/self/generators/",
  "tests/self/contract/",
];

/** Relative imports of a TypeScript file, as repository paths. */
function importsOf(file: string): string[] {
  const text = readFileSync(file, "utf8");
  return [...text.matchAll(/(?:from|import)\s*\(?\s*"(\.{1,2}\/[^"]+)"/g)]
    .map((match) => normalize(join(dirname(file), (match[1] as string).replace(/\.js$/, ".ts"))))
    .filter((path) => existsSync(path));
}

/** For each unit test file, every repository file it reaches through its imports. */
export function unitTestReach(): Map<string, Set<string>> {
  const tests = execFileSync("git", ["ls-files", "tests/self"], { encoding: "utf8" })
    .split("\n")
    .filter((file) => file.endsWith(".test.ts") && UNIT_TEST_FOLDERS.some((folder) => file.startsWith(folder)));
  const memo = new Map<string, string[]>();
  const reach = new Map<string, Set<string>>();
  for (const test of tests) {
    const seen = new Set<string>();
    const queue = [test];
    while (queue.length > 0) {
      const file = queue.pop() as string;
      if (seen.has(file)) continue;
      seen.add(file);
      let next = memo.get(file);
      if (next === undefined) {
        next = importsOf(file);
        memo.set(file, next);
      }
      queue.push(...next);
    }
    reach.set(test, seen);
  }
  return reach;
}

/** Test files a reason names ("tests: a.test.ts, tests/self/x/b.test.ts"), as repository paths. */
export function namedTests(why: string, known: readonly string[]): string[] {
  const list = /tests?:\s*([^;]+)/i.exec(why)?.[1] ?? "";
  return list
    .split(/[,\s]+/)
    .filter((name) => name.endsWith(".test.ts"))
    .flatMap((name) => known.filter((file) => file === name || file.endsWith(`/${name}`)));
}

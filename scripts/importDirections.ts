/**
 * `npx tsx scripts/importDirections.ts [COMMIT]`: the product's imports counted between layers (the
 * folders of tests/self/architecture/layering.test.ts), at COMMIT or in the working tree, with the pairs
 * that import both ways (a loop) marked. The house issue's closing note compares two commits with it.
 */
import { execFileSync } from "node:child_process";
import { readFileSync } from "node:fs";
import { dirname, join, normalize } from "node:path";

const ROOTS = ["contract", "generators", "runner", "checks", "reports", "reference", "cli", "bin"];
const LAYERS = [
  "runner/model",
  "runner/http",
  "runner/settings",
  "runner/engine",
  "runner/execute",
  "runner/report",
  "runner/waivers",
  "runner/vitest",
  "runner",
  ...ROOTS.filter((root) => root !== "runner"),
];

const commit = process.argv[2];
const git = (...args: string[]) => execFileSync("git", args, { encoding: "utf8", maxBuffer: 64 * 1024 * 1024 });
const files = (commit ? git("ls-tree", "-r", "--name-only", commit, "--", ...ROOTS) : git("ls-files", "--", ...ROOTS))
  .split("\n")
  .filter((file) => /\.(ts|mts|mjs)$/.test(file) && !/\.test\.ts$/.test(file));
const read = (file: string) => (commit ? git("show", `${commit}:${file}`) : readFileSync(file, "utf8"));
const layerOf = (file: string) => LAYERS.find((layer) => file.startsWith(`${layer}/`));

const counts = new Map<string, number>();
let lines = 0;
for (const file of files) {
  const text = read(file);
  lines += text.split("\n").length;
  const from = layerOf(file);
  for (const match of text.matchAll(/(?:\bfrom|\bimport)\s*\(?\s*["'](\.{1,2}\/[^"']+)["']/g)) {
    const to = layerOf(normalize(join(dirname(file), match[1] as string)));
    if (from === undefined || to === undefined || to === from) continue;
    const key = `${from} -> ${to}`;
    counts.set(key, (counts.get(key) ?? 0) + 1);
  }
}
console.log(`${commit ?? "working tree"}: ${files.length} product files, ${lines} lines`);
for (const [key, count] of [...counts].sort(([a], [b]) => a.localeCompare(b))) {
  const [from, to] = key.split(" -> ");
  const loop = counts.has(`${to} -> ${from}`) ? "  (both ways)" : "";
  console.log(`  ${key}: ${count}${loop}`);
}

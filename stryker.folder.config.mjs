// @ts-check
/**
 * `npm run mutation:contract`, `npm run mutation:generators`: issue 25.3's whole-product scope one folder at a
 * time (CMS_MUTATION_FOLDER), so that each run finishes inside a working session on two cores. It mutates the
 * folder and runs against each mutant the unit tests and the contract's, generators' and OpenAPI export's tests
 * (perTest coverage: only those that reach it). Each folder has its own incremental file in mutation/.
 */
import { readFileSync } from "node:fs";

/** What each folder's run mutates. */
const FOLDERS = {
  contract: ["contract/**/*.ts", "!contract/types.generated.ts"],
  generators: ["generators/**/*.ts"],
};

// Without the variable (knip loads this file to read it): contract.
const folder = process.env.CMS_MUTATION_FOLDER ?? "contract";
if (!(folder in FOLDERS))
  throw new Error(`CMS_MUTATION_FOLDER must be one of ${Object.keys(FOLDERS).join(", ")}, not "${folder}"`);
process.env.CMS_MUTATION_TESTS = "contract";
const full = JSON.parse(readFileSync(new URL("./stryker.config.json", import.meta.url), "utf8"));

export default {
  ...full,
  mutate: FOLDERS[/** @type {keyof typeof FOLDERS} */ (folder)],
  // The compiled copy is not under test here (no test of these sets starts the bin), and a build that
  // rewrites it while StrykerJS copies the sandbox made a run fail (ENOENT on dist/build-manifest.json).
  ignorePatterns: ["dist"],
  incrementalFile: `mutation/${folder}-incremental.json`,
  htmlReporter: { fileName: `reports/mutation/${folder}.html` },
  jsonReporter: { fileName: `reports/mutation/${folder}.json` },
};

// @ts-check
/**
 * `npm run mutation:contract`, `mutation:generators`, `mutation:reports`, `mutation:http`, `mutation:runner`, `mutation:cli`,
 * `mutation:helpers`: issue 25.3's whole-product scope one
 * folder at a time (CMS_MUTATION_FOLDER), so that each run finishes inside a working session on two cores. It
 * mutates the folder and runs against each mutant the tests of its set (perTest coverage: only those that reach
 * it): the unit tests with the contract's, generators' and OpenAPI export's, or with the report writers'. Each
 * folder has its own incremental file in mutation/.
 */
import { readFileSync } from "node:fs";

/** What each folder's run mutates, and which tests (vitest.mutation.config.ts's CMS_MUTATION_TESTS) it runs. */
const FOLDERS = {
  contract: { mutate: ["contract/**/*.ts", "!contract/*.generated.ts"], tests: "contract" },
  generators: { mutate: ["generators/**/*.ts"], tests: "contract" },
  // The redaction is in the original scope (stryker.config.json).
  reports: { mutate: ["reports/**/*.ts", "!reports/redact*.ts"], tests: "reports" },
  // The HTTP client, its redaction aside (in the original scope).
  http: { mutate: ["runner/http/**/*.ts", "!runner/http/redact*.ts"], tests: "http" },
  // The rest of runner/ (its engine and waivers are in the original scope) and the CLI, against the CLI's tests.
  runner: {
    mutate: [
      "runner/*.ts",
      "runner/settings/**/*.ts",
      "runner/execute/**/*.ts",
      "runner/model/**/*.ts",
      "runner/report/**/*.ts",
      // Split out of loadWaivers.ts after the original scope's last run, which measured the waivers.
      "runner/waivers/waiverMatches.ts",
    ],
    tests: "cli",
  },
  cli: { mutate: ["cli/**/*.ts"], tests: "cli" },
  // The checks' helpers, which moved into _internals/<role>/ after the original scope's last run, and the newest
  // family, against the unit tests only (as npm run mutation:unit): a run with the verdict matrix too (npm run
  // mutation) takes over an hour; what only the matrix would kill counts as alive here.
  helpers: {
    mutate: ["checks/_internals/**/*.ts", "checks/performanceChecks.ts"],
    tests: "unit",
  },
};

// Without the variable (knip loads this file to read it): contract.
const folder = process.env.CMS_MUTATION_FOLDER ?? "contract";
if (!(folder in FOLDERS))
  throw new Error(`CMS_MUTATION_FOLDER must be one of ${Object.keys(FOLDERS).join(", ")}, not "${folder}"`);
const chosen = FOLDERS[/** @type {keyof typeof FOLDERS} */ (folder)];
process.env.CMS_MUTATION_TESTS = chosen.tests;
const full = JSON.parse(readFileSync(new URL("./stryker.config.json", import.meta.url), "utf8"));

export default {
  ...full,
  mutate: chosen.mutate,
  // The compiled copy is not under test here (no test of these sets starts the bin), and a build that
  // rewrites it while StrykerJS copies the sandbox made a run fail (ENOENT on dist/build-manifest.json).
  ignorePatterns: ["dist"],
  incrementalFile: `mutation/${folder}-incremental.json`,
  htmlReporter: { fileName: `reports/mutation/${folder}.html` },
  jsonReporter: { fileName: `reports/mutation/${folder}.json` },
};

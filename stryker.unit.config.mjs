// @ts-check
/**
 * `npm run mutation:unit`: the quick loop while writing unit tests. It mutates the engine, waivers,
 * redaction and the checks' helpers, and runs only unit tests against them (no verdict matrix, no
 * check families), so a mutant costs milliseconds of tests; the TypeScript checker sets the pace.
 * The full `npm run mutation` adds the families and the matrix (BENCHMARKS.md).
 */
import { readFileSync } from "node:fs";

process.env.CMS_MUTATION_TESTS = "unit";
const full = JSON.parse(readFileSync(new URL("./stryker.config.json", import.meta.url), "utf8"));

export default {
  ...full,
  mutate: [
    "runner/engine/**/*.ts",
    "runner/waivers/**/*.ts",
    "runner/http/redact*.ts",
    "reports/redact*.ts",
    "checks/_internals/**/*.ts",
  ],
  incrementalFile: "reports/mutation/unit-incremental.json",
  htmlReporter: { fileName: "reports/mutation/unit.html" },
  jsonReporter: { fileName: "reports/mutation/unit.json" },
};

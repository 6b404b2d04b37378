// @ts-check
/**
 * `npm run mutation:unit`: the part of the mutation run that completes on a 2-core machine in
 * minutes. It mutates the engine, waivers, redaction and the checks' helpers, and runs only unit
 * tests against them (no verdict matrix): every run through the matrix executes the engine, so a
 * surviving engine mutant there costs the whole matrix, about 2.5 minutes. The check families are
 * left to the full `npm run mutation`, which needs the matrix (BENCHMARKS.md).
 */
import { readFileSync } from "node:fs";

process.env.CMS_MUTATION_TESTS = "unit";
const full = JSON.parse(readFileSync(new URL("./stryker.config.json", import.meta.url), "utf8"));

export default {
  ...full,
  mutate: ["runner/engine/**/*.ts", "runner/waivers/**/*.ts", "runner/http/redact*.ts", "reports/redact*.ts", "tests/conformance/checks/_internals/**/*.ts"],
  incrementalFile: "reports/mutation/unit-incremental.json",
  htmlReporter: { fileName: "reports/mutation/unit.html" },
  jsonReporter: { fileName: "reports/mutation/unit.json" },
};

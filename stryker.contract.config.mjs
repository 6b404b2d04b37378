// @ts-check
/**
 * `npm run mutation:contract`: the first folder of issue 25.3's whole-product scope, run on its own so that it
 * finishes inside a working session on two cores. It mutates contract/ (the generated types aside) and runs the
 * unit tests, the contract's and the generators' tests against each mutant (perTest coverage: only those that
 * reach it). Its incremental file is its own; `npm run mutation:survivors -- mutation/contract-incremental.json`
 * would list its survivors if that script took a file (it reads the main baseline).
 */
import { readFileSync } from "node:fs";

process.env.CMS_MUTATION_TESTS = "contract";
const full = JSON.parse(readFileSync(new URL("./stryker.config.json", import.meta.url), "utf8"));

export default {
  ...full,
  mutate: ["contract/**/*.ts", "!contract/types.generated.ts"],
  incrementalFile: "mutation/contract-incremental.json",
  htmlReporter: { fileName: "reports/mutation/contract.html" },
  jsonReporter: { fileName: "reports/mutation/contract.json" },
};

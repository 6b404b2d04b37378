/**
 * The checks as the CLI's main thread knows them: what each is, without its code (CheckDescription),
 * read from checkDescriptions.generated.json, which `npm run generate` writes from the catalogue (a
 * self-test fails on drift). Planning, selecting, waivers, list-checks, merge and the reports need no
 * more; the checks' code (and the generators, fast-check and the contract's validators it loads) is
 * loaded once, by whoever runs them: the vitest worker, or the in-process executor (issue 28.3).
 */
import { readFileSync } from "node:fs";
import { fromProjectRoot } from "../contract/projectRoot.js";
import { CheckCatalogue } from "../runner/engine/CheckCatalogue.js";
import type { CheckDescription } from "../runner/engine/CheckDefinition.js";
import { CHECK_DESCRIPTIONS_FILE } from "./describeChecks.js";

/** Every check of the suite, described, in report order; validated as the catalogue is. */
export const CHECK_DESCRIPTIONS = new CheckCatalogue<CheckDescription>(
  JSON.parse(readFileSync(fromProjectRoot(CHECK_DESCRIPTIONS_FILE), "utf8")) as CheckDescription[],
);

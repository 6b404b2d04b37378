/**
 * Prints how far the interface is proven (contract/spec-statements.json): the counts of statements proven
 * fully, partly, unproven and not black-box, computed from the faults of the reference catalogue and
 * the levels of the checks that catch them
 * (contract/specStatements.ts, statementExtent), the share of testable statements proven, then each
 * unproven statement with why and each statement no request can judge.
 * Run: npx tsx scripts/statementCoverage.ts
 */
import { SPEC_STATEMENTS, extentCounts, isNotBlackBox, unprovenWhy } from "../contract/specStatements.js";
import { catalogueProofBasis } from "./proofBasis.js";

const basis = catalogueProofBasis();
const counts = extentCounts(basis);
const testable = SPEC_STATEMENTS.length - counts["not black-box"];
const proven = counts.full + counts.partial;
console.log(
  `${SPEC_STATEMENTS.length} statements: ${counts.full} full, ${counts.partial} partial, ${counts.unproven} unproven, ${counts["not black-box"]} not black-box`,
);
console.log(
  `${proven} of ${testable} testable statements proven by a fault (${((100 * proven) / testable).toFixed(1)} %)`,
);
console.log("\nUnproven:");
for (const statement of SPEC_STATEMENTS) {
  const why = unprovenWhy(statement, basis);
  if (why) console.log(`- ${statement.id} (§${statement.section}) ${statement.statement} [${why}]`);
}
console.log("\nNot black-box (register not-black-box):");
for (const statement of SPEC_STATEMENTS.filter(isNotBlackBox))
  console.log(`- ${statement.id} (§${statement.section}) ${statement.statement}`);

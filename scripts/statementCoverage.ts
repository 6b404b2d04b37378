/**
 * Prints how far the checks judge the interface (contract/spec-statements.json): the counts of
 * statements judged fully, partly, not black-box and by nothing, then each statement no check judges.
 * Run: npx tsx scripts/statementCoverage.ts
 */
import { SPEC_STATEMENTS, coverageCounts } from "../contract/specStatements.js";

const counts = coverageCounts();
console.log(
  `${SPEC_STATEMENTS.length} statements: ${counts.full} full, ${counts.partial} partial, ${counts["not black-box"]} not black-box, ${counts.none} none`,
);
console.log("\nJudged by no check:");
for (const statement of SPEC_STATEMENTS.filter((candidate) => candidate.checks.length === 0))
  console.log(
    `- ${statement.id} (§${statement.section}) ${statement.statement} [register ${statement.register?.id ?? "none"}]`,
  );

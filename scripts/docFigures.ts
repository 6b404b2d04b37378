/** The figures docs/ and the README state that can be counted, each from its source of truth (npm run generate). */
import { readFileSync } from "node:fs";
import { AMBIGUITY_REGISTER } from "../contract/ambiguityRegister.js";
import { OPERATIONS } from "../contract/operations.js";
import { extentCounts, SPEC_STATEMENTS } from "../contract/specStatements.js";
import { CHECK_CATALOGUE, CHECKS_BY_FAMILY } from "../checks/checkCatalogue.js";
import { buildReferenceData } from "../reference/data/buildReferenceData.js";
import { DEFAULT_SIZES } from "../reference/data/referenceData.js";
import { FAULT_CATALOGUE } from "../reference/faults/faultCatalogue.js";
import { VARIANT_CATALOGUE } from "../reference/variants/variantCatalogue.js";
import { planRun } from "../runner/planRun.js";
import { resolveRunSettings } from "../runner/settings/resolveRunSettings.js";
import { catalogueProofBasis } from "./proofBasis.js";

/** The verdicts a run with no selection plans (no --checks, --exclude-checks, --operation, --shard): every check × operation pair. */
function defaultRunVerdicts(): number {
  const settings = resolveRunSettings([{ baseUrl: "http://127.0.0.1:9", clientId: "client", token: "token" }]);
  return planRun(settings, CHECK_CATALOGUE).length;
}

function provenStatements(): number {
  const counts = extentCounts(catalogueProofBasis());
  return counts.full + counts.partial;
}

function chartTypes(): number {
  const schema = JSON.parse(readFileSync(new URL("../schemas/components/ChartType.json", import.meta.url), "utf8")) as {
    enum: string[];
  };
  return schema.enum.length;
}

/** The chart types the bundled reference's default data set holds (seed 1, serve's default). */
export function referenceChartTypes(): number {
  return new Set(buildReferenceData(1).analytics.map(({ analytic }) => analytic.chart.type)).size;
}

const checksOfLevel = (level: "MUST" | "SHOULD") =>
  CHECK_CATALOGUE.checks.filter((check) => check.level === level).length;
const operationsOfArea = (area: "cms" | "authorization") =>
  OPERATIONS.filter((operation) => operation.area === area).length;

/** Every countable figure by the name its marker gives, and how to count it. */
export const DOC_FIGURES: Readonly<Record<string, () => number>> = {
  operations: () => OPERATIONS.length,
  "cms-operations": () => operationsOfArea("cms"),
  "authorization-operations": () => operationsOfArea("authorization"),
  checks: () => CHECK_CATALOGUE.checks.length,
  "must-checks": () => checksOfLevel("MUST"),
  "should-checks": () => checksOfLevel("SHOULD"),
  "check-families": () => Object.keys(CHECKS_BY_FAMILY).length,
  "default-run-verdicts": defaultRunVerdicts,
  faults: () => FAULT_CATALOGUE.length,
  variants: () => VARIANT_CATALOGUE.length,
  "register-entries": () => AMBIGUITY_REGISTER.length,
  statements: () => SPEC_STATEMENTS.length,
  "proven-statements": provenStatements,
  "chart-types": chartTypes,
  "reference-widgets": () => DEFAULT_SIZES.widgets,
  "reference-landing-pages": () => DEFAULT_SIZES.landingPages,
  "reference-analytics": () => DEFAULT_SIZES.analytics,
  "reference-roles": () => buildReferenceData(1).roles.length,
};

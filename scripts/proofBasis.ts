/** The basis of the statements' proofs (contract/specStatements.ts): the fault catalogue and the checks that only warn. */
import type { ProofBasis } from "../contract/specStatements.js";
import { CHECK_CATALOGUE } from "../checks/checkCatalogue.js";
import { FAULT_CATALOGUE } from "../reference/faults/faultCatalogue.js";

/** FAULT_CATALOGUE, and the SHOULD checks of CHECK_CATALOGUE: a fault they catch ends as a warning. */
export function catalogueProofBasis(): ProofBasis {
  const warningChecks = new Set(
    CHECK_CATALOGUE.checks.filter((check) => check.level === "SHOULD").map((check) => check.id),
  );
  return { faults: FAULT_CATALOGUE, warningChecks };
}

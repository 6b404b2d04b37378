/** Outcomes from most to least serious: the order of every list and table in the reports. */
import type { Outcome } from "../runner/model/RunReport.js";

/** failed, error, warning, waived, skipped, passed. */
export const OUTCOME_ORDER: readonly Outcome[] = ["failed", "error", "warning", "waived", "skipped", "passed"];

/** Short upper-case label of an outcome, as shown in badges and console lines. */
export const OUTCOME_LABEL: Readonly<Record<Outcome, string>> = {
  failed: "FAIL",
  error: "ERROR",
  warning: "WARN",
  waived: "WAIVED",
  skipped: "SKIP",
  passed: "PASS",
};

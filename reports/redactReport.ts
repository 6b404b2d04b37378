/**
 * Redacts secrets inside a RunReport before any reporter renders it, so that each format's
 * own escaping applies to "[REDACTED]" rather than to a secret (DESIGN §5: secrets are never printed).
 */
import type { RunReport } from "../runner/report/model.js";
import { redactSecrets } from "./redactSecrets.js";

function redactDeep(value: unknown, secrets: readonly string[]): unknown {
  if (typeof value === "string") return redactSecrets(value, secrets);
  if (Array.isArray(value)) return value.map((item: unknown) => redactDeep(item, secrets));
  if (value !== null && typeof value === "object") {
    return Object.fromEntries(
      Object.entries(value).map(([key, item]) => [redactSecrets(key, secrets), redactDeep(item, secrets)]),
    );
  }
  return value;
}

/** A copy of the report with every secret (length ≥ 4) replaced in every string, keys included; the report itself is not modified. */
export function redactReport(report: RunReport, secrets: readonly string[]): RunReport {
  if (secrets.length === 0) return report;
  // redactDeep keeps the shape and only rewrites strings, so the copy is still a RunReport.
  return redactDeep(report, secrets) as RunReport;
}

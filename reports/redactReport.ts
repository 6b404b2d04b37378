/**
 * Redacts secrets inside a RunReport before any reporter renders it, so that each format's
 * own escaping applies to "[REDACTED]" rather than to a secret (DESIGN §5: secrets are never printed).
 * Credential headers are masked even when the secret values are not known.
 */
import type { RunReport } from "../runner/report/model.js";
import { REDACTED, redactSecrets } from "./redactSecrets.js";

/** Headers whose values are credentials. */
const CREDENTIAL_HEADERS = new Set(["authorization", "proxy-authorization", "cookie", "set-cookie", "client_id", "client-id", "x-client-id", "x-api-key", "api-key", "client_secret"]);

/** Keeps placeholders ($CMS_TOKEN) and the auth scheme ("Bearer"); hides any other credential value. */
function maskHeader(name: string, value: string): string {
  if (!CREDENTIAL_HEADERS.has(name.toLowerCase())) return value;
  const scheme = /^([A-Za-z]+) (.*)$/.exec(value);
  const credential = scheme?.[2] ?? value;
  if (credential.startsWith("$") || credential === REDACTED || credential === "") return value;
  return scheme ? `${scheme[1] ?? ""} ${REDACTED}` : REDACTED;
}

function redactDeep(value: unknown, secrets: readonly string[], inHeaders = false): unknown {
  if (typeof value === "string") return redactSecrets(value, secrets);
  if (Array.isArray(value)) return value.map((item: unknown) => redactDeep(item, secrets));
  if (value !== null && typeof value === "object") {
    return Object.fromEntries(
      Object.entries(value).map(([key, item]) => {
        const redacted = redactDeep(inHeaders && typeof item === "string" ? maskHeader(key, item) : item, secrets, key === "headers");
        return [redactSecrets(key, secrets), redacted];
      }),
    );
  }
  return value;
}

/** A copy of the report with every secret (length ≥ 4) replaced in every string, keys included, and credential headers masked; the report itself is not modified. */
export function redactReport(report: RunReport, secrets: readonly string[]): RunReport {
  // redactDeep keeps the shape and only rewrites strings, so the copy is still a RunReport.
  return redactDeep(report, secrets) as RunReport;
}

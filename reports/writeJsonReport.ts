/**
 * report.json: the RunReport as data, described by schemas/meta/report.schema.json
 * (versioned by reportVersion). Written once at the end of a run.
 */
import { mkdir } from "node:fs/promises";
import { writeReportFile } from "./writeReportFile.js";
import { dirname } from "node:path";
import type { EvidenceItem, RunReport } from "../runner/model/RunReport.js";
import type { SecretInput } from "../runner/http/redactSecrets.js";
import { redactReport } from "./redactReport.js";

/** $id of the schema that report.json follows. */
export const REPORT_SCHEMA_ID = "https://schemas.cms-conformance.invalid/meta/report.schema.json";

/** Options of the JSON reporter. */
export interface JsonReportOptions {
  /** Where to write report.json. */
  readonly file: string;
  /** Secrets never to write: { value, placeholder } pairs, or bare values shown as [REDACTED]. */
  readonly secrets?: readonly SecretInput[];
}

/** exchange.json is the unredacted parse of bodyText (checks need it); the report keeps bodyText only. */
function withoutParsedBody(item: EvidenceItem): EvidenceItem {
  const { json: _parsed, ...exchange } = item.exchange;
  return { ...item, exchange };
}

/** The text of report.json: pretty-printed, `$schema` first, exchange.json left out, secrets redacted. */
export function renderJsonReport(report: RunReport, secrets: readonly SecretInput[] = []): string {
  const redacted = redactReport(report, secrets);
  const document = {
    $schema: REPORT_SCHEMA_ID,
    ...redacted,
    results: redacted.results.map((result) => ({ ...result, evidence: result.evidence.map(withoutParsedBody) })),
  };
  return `${JSON.stringify(document, null, 2)}\n`;
}

/** Writes report.json (creating its folder) and returns its path. */
export async function writeJsonReport(report: RunReport, options: JsonReportOptions): Promise<string> {
  await mkdir(dirname(options.file), { recursive: true });
  await writeReportFile(options.file, renderJsonReport(report, options.secrets ?? []));
  return options.file;
}

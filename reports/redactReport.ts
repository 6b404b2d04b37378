/**
 * Redacts a RunReport before any reporter renders it (redaction happens when writing, never when
 * judging), so that each format's own escaping applies to placeholders rather than to secrets.
 * Every string of the report is visited, each by the rule of what it is:
 * - the exchanges (what was sent and what came back), the target's URL and the body paths of
 *   schema issues: every secret, and short ones where they stand whole (runner/http/redactSecrets);
 * - the suite's own names (check ids, titles, sections, the register): untouched;
 * - every other text (messages, expected/actual, labels, notes …): sentences the suite wrote,
 *   cleared of every secret its own wording does not contain (reports/suiteWording.ts).
 * Credential headers are masked even when the secret values are not known. Every text but the
 * exchanges is bounded to MAX_REPORT_TEXT characters (reports/boundText.ts).
 */
import { mapJsonStrings } from "../runner/http/mapJsonStrings.js";
import { redactExchange } from "../runner/http/redactExchange.js";
import { createRedactor, type Redactor, type SecretInput } from "../runner/http/redactSecrets.js";
import type { CheckResult, EvidenceItem, RunReport } from "../runner/model/RunReport.js";
import { reportWording } from "./suiteWording.js";
import { boundCommandLine, boundText } from "./boundText.js";

/** Fields of a result that are the suite's own names. */
const SUITE_NAMES = new Set([
  "checkId",
  "title",
  "family",
  "operation",
  "outcome",
  "level",
  "specRefs",
  "registerRefs",
  "durationMs",
]);

function redactEvidence(item: EvidenceItem, redactor: Redactor): EvidenceItem {
  const { label, exchange, schemaIssues, ...rest } = item;
  return {
    ...(mapJsonStrings(rest, redactor.suiteText) as object),
    label: redactor.suiteText(label),
    exchange: redactExchange(exchange, redactor),
    ...(schemaIssues === undefined
      ? {}
      : {
          schemaIssues: schemaIssues.map((issue) => ({
            ...issue,
            instancePath: redactor.text(issue.instancePath),
            params: mapJsonStrings(issue.params, redactor.text, true) as Record<string, unknown>,
            message: redactor.suiteText(issue.message),
          })),
        }),
  };
}

function redactResult(result: CheckResult, redactor: Redactor): CheckResult {
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(result)) {
    if (SUITE_NAMES.has(key)) out[key] = value;
    else if (key === "evidence") out[key] = result.evidence.map((item) => redactEvidence(item, redactor));
    else if (key === "property" && result.property) {
      out[key] = {
        ...result.property,
        path: redactor.suiteText(result.property.path),
        counterexample: mapJsonStrings(result.property.counterexample, redactor.suiteText, true),
      };
    } else out[key] = mapJsonStrings(value, (text) => boundText(redactor.suiteText(text)));
  }
  return out as unknown as CheckResult;
}

/** A copy of the report with every secret replaced, each string by its rule; the report itself is not modified. */
export function redactReport(report: RunReport, secrets: readonly SecretInput[]): RunReport {
  const wording = reportWording(report);
  // Asked for every form of every secret at each text of the report; the wording is fixed, so each answer once
  // (the search over the whole wording was 8 % of a default run's CPU: npm run bench -- --profile).
  const answers = new Map<string, boolean>();
  const inSuiteWording = (secret: string): boolean => {
    let answer = answers.get(secret);
    if (answer === undefined) {
      answer = wording.includes(secret);
      answers.set(secret, answer);
    }
    return answer;
  };
  const redactor = createRedactor(secrets, { inSuiteWording });
  const { meta, results, register, ...rest } = report;
  const { target, ...facts } = meta;
  return {
    ...rest,
    register,
    meta: {
      ...(mapJsonStrings(facts, (text) => boundText(redactor.suiteText(text))) as typeof facts),
      // Tests and old shards may hold a report without one; a report written by a run always has it.
      ...(typeof meta.commandLine === "string"
        ? { commandLine: boundCommandLine(redactor.suiteText(meta.commandLine)) }
        : {}),
      target: { ...target, baseUrl: redactor.text(target.baseUrl) },
    },
    results: results.map((result) => redactResult(result, redactor)),
  };
}

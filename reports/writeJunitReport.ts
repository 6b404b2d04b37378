/**
 * junit.xml for CI (GitHub, GitLab, Jenkins): one <testsuite> per operation, one <testcase>
 * per verdict (a check on that operation). The time of <testsuites> is the run's wall time; a
 * suite's time is the sum of its checks' times (checks run concurrently, so suites add up to more).
 * failed → <failure>, error → <error>, skipped → <skipped message>; warnings and waived failures
 * pass but stay visible in <properties> and <system-out>. Gate failures (an expired waiver) fail
 * the run without a check verdict, so each becomes a failing testcase of a last suite, "gate",
 * which CI shows like any other failure.
 */
import type { SecretInput } from "../runner/http/redactSecrets.js";
import type { CheckResult, EvidenceItem, RunReport } from "../runner/model/RunReport.js";
import { OPERATIONS } from "../contract/operations.js";
import { formatSchemaIssue } from "../contract/schemaIssue.js";
import { escapeXml } from "./escapeXml.js";
import { redactReport } from "./redactReport.js";
import { selectionPhrase } from "./selectionPhrase.js";
import { BUNDLED_TARGET_WORDS } from "./bundledTargetWording.js";

/** Options of the JUnit reporter. */
export interface JunitReportOptions {
  /** Secrets never to write: { value, placeholder } pairs, or bare values shown as [REDACTED]. */
  readonly secrets?: readonly SecretInput[];
  /** Response body text kept per evidence item in failure details (default 4096 characters). */
  readonly maxBodyChars?: number;
}

const attr = (value: string | number): string => escapeXml(String(value), "attribute");
const text = (value: string): string => escapeXml(value, "text");
const seconds = (ms: number): string => (ms / 1000).toFixed(3);

/** JUnit's XSD wants a local timestamp without zone or fraction; startedAt is UTC. */
function junitTimestamp(iso: string): string {
  const match = /^(\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2})/.exec(iso);
  return match?.[1] ?? iso;
}

function properties(entries: readonly (readonly [string, string | number])[], indent: string): string {
  const lines = entries.map(([name, value]) => `${indent}  <property name="${attr(name)}" value="${attr(value)}"/>`);
  return `${indent}<properties>\n${lines.join("\n")}\n${indent}</properties>\n`;
}

function evidenceText(item: EvidenceItem, maxBodyChars: number): string {
  const { exchange } = item;
  const lines = [`- ${item.label}: ${exchange.request.method} ${exchange.request.url}`];
  if (exchange.response) {
    lines.push(`  → ${exchange.response.status} in ${Math.round(exchange.durationMs)} ms`);
    const body = exchange.response.bodyText;
    if (body.length > 0) {
      const cut =
        body.length > maxBodyChars
          ? `${body.slice(0, maxBodyChars)}… [${body.length - maxBodyChars} more characters in report.json]`
          : body;
      lines.push(`  body: ${cut}`);
    }
  }
  if (exchange.failure) lines.push(`  transport failure (${exchange.failure.kind}): ${exchange.failure.message}`);
  for (const issue of item.schemaIssues ?? []) lines.push(`  schema: ${formatSchemaIssue(issue)}`);
  lines.push(`  reproduce: ${exchange.curl}`);
  return lines.join("\n");
}

/** The readable detail of one verdict: message, expected/actual, property and evidence. */
function detailText(result: CheckResult, maxBodyChars: number): string {
  const lines = [
    `${result.outcome.toUpperCase()} ${result.checkId} on ${result.operation} (${result.level}, spec §${result.specRefs.join(", §")})`,
    result.message,
  ];
  if (result.expected !== undefined) lines.push(`Expected: ${result.expected}`);
  if (result.actual !== undefined) lines.push(`Actual: ${result.actual}`);
  if (result.skipReason !== undefined) lines.push(`To run it: ${result.skipReason}`);
  if (result.waiver) lines.push(`Waived until ${result.waiver.expires}: ${result.waiver.reason}`);
  if (result.registerRefs.length > 0) lines.push(`Register defaults relied on: ${result.registerRefs.join(", ")}`);
  if (result.property) {
    const { seed, path, numRuns, counterexample } = result.property;
    lines.push(`Property failed after ${numRuns} runs; replay with seed ${seed}, path "${path}"`);
    lines.push(`Counterexample: ${JSON.stringify(counterexample) ?? "undefined"}`);
  }
  if (result.evidence.length > 0)
    lines.push("Evidence:", ...result.evidence.map((item) => evidenceText(item, maxBodyChars)));
  return lines.join("\n");
}

function testcase(result: CheckResult, maxBodyChars: number): string {
  const name = attr(`${result.checkId} — ${result.title}`);
  const head = `    <testcase classname="${attr(`cms-conformance.${result.operation}`)}" name="${name}" time="${seconds(result.durationMs)}">\n`;
  const props = properties(
    [
      ["outcome", result.outcome],
      ["level", result.level],
      ["family", result.family],
      ["spec", result.specRefs.map((ref) => `§${ref}`).join(", ")],
      ...(result.waiver ? ([["waiver", `${result.waiver.reason} (expires ${result.waiver.expires})`]] as const) : []),
    ],
    "      ",
  );
  const detail = detailText(result, maxBodyChars);
  let verdict = "";
  switch (result.outcome) {
    case "failed":
      verdict = `      <failure message="${attr(result.message)}" type="${attr(result.level)}">${text(detail)}</failure>\n`;
      break;
    case "error": {
      const kind = result.evidence.find((item) => item.exchange.failure)?.exchange.failure?.kind ?? "suite-error";
      verdict = `      <error message="${attr(result.message)}" type="${attr(kind)}">${text(detail)}</error>\n`;
      break;
    }
    case "skipped":
      verdict = `      <skipped message="${attr(result.skipReason ?? result.message)}"/>\n`;
      break;
    case "passed":
    case "warning":
    case "waived":
      break;
  }
  // Warnings and waived failures do not fail the gate but must be seen.
  const out =
    result.outcome === "warning" || result.outcome === "waived"
      ? `      <system-out>${text(detail)}</system-out>\n`
      : "";
  return `${head}${props}${verdict}${out}    </testcase>\n`;
}

/** classname of the synthetic testcases that carry gate failures. */
export const GATE_CLASSNAME = "cms-conformance.gate";

/**
 * The counting attributes of a suite: its check results plus `gateFailures` failing testcases of no duration;
 * time is the sum of the checks' times unless `wallTimeMs` is given.
 */
function counts(results: readonly CheckResult[], gateFailures = 0, wallTimeMs?: number): string {
  const count = (outcome: CheckResult["outcome"]) => results.filter((result) => result.outcome === outcome).length;
  const time = wallTimeMs ?? results.reduce((sum, result) => sum + result.durationMs, 0);
  const failures = count("failed") + gateFailures;
  return `tests="${results.length + gateFailures}" failures="${failures}" errors="${count("error")}" skipped="${count("skipped")}" time="${seconds(time)}"`;
}

/** One failing testcase per gate failure: CI sees why the run failed although no check did. */
function gateTestcase(gateFailure: string, index: number): string {
  const detail = `GATE FAILURE: ${gateFailure}\nThe run fails for this besides the check verdicts (report.json meta.gateFailures).`;
  return (
    `    <testcase classname="${attr(GATE_CLASSNAME)}" name="${attr(`gate-failure-${index + 1} — ${gateFailure}`)}" time="${seconds(0)}">\n` +
    `      <failure message="${attr(gateFailure)}" type="gate">${text(detail)}</failure>\n` +
    `    </testcase>\n`
  );
}

/** The text of junit.xml, secrets redacted. */
export function renderJunitReport(report: RunReport, options: JunitReportOptions = {}): string {
  const secrets = options.secrets ?? [];
  const maxBodyChars = options.maxBodyChars ?? 4096;
  const redacted = redactReport(report, secrets);
  const { meta } = redacted;
  const runProperties = [
    ["suiteVersion", meta.suiteVersion],
    ["schemaHash", meta.schemaHash],
    ["target", meta.target.baseUrl],
    ["profile", meta.profile],
    ["seed", meta.seed],
    ["nodeVersion", meta.nodeVersion],
    ["verdict", redacted.verdict],
    ["verdicts", selectionPhrase(redacted) ?? `all ${meta.selection.totalVerdicts} verdicts (check × operation)`],
    ["commandLine", meta.commandLine],
    ["warnings", redacted.summary.warnings],
    ["waived", redacted.summary.waived],
  ] as const;
  const timestamp = junitTimestamp(meta.startedAt);
  const suites = OPERATIONS.map((op, index) => ({
    index,
    name: op.name,
    results: redacted.results.filter((r) => r.operation === op.name),
  }))
    .filter((suite) => suite.results.length > 0)
    .map(
      (suite) =>
        `  <testsuite name="${attr(suite.name)}" id="${suite.index}" ${counts(suite.results)} timestamp="${attr(timestamp)}">\n` +
        properties(runProperties, "    ") +
        suite.results.map((result) => testcase(result, maxBodyChars)).join("") +
        `  </testsuite>\n`,
    );
  const { gateFailures } = meta;
  if (gateFailures.length > 0) {
    suites.push(
      `  <testsuite name="gate" id="${OPERATIONS.length}" ${counts([], gateFailures.length)} timestamp="${attr(timestamp)}">\n` +
        properties(runProperties, "    ") +
        gateFailures.map((gateFailure, index) => gateTestcase(gateFailure, index)).join("") +
        `  </testsuite>\n`,
    );
  }
  const runName = meta.target.embedded ? `cms-conformance (${BUNDLED_TARGET_WORDS})` : "cms-conformance";
  const runCounts = counts(redacted.results, gateFailures.length, meta.durationMs);
  const xml =
    `<?xml version="1.0" encoding="UTF-8"?>\n` +
    `<testsuites name="${attr(runName)}" ${runCounts} timestamp="${attr(timestamp)}">\n` +
    suites.join("") +
    `</testsuites>\n`;
  return xml;
}

/**
 * index.html: one self-contained file (inline CSS and script, no external URL, no fetch) a
 * reviewer opens offline. Text is escaped by `html`; data for the script travels as JSON in a
 * <script type="application/json"> block; a Content-Security-Policy lets only our own script run.
 */
import type { SecretInput } from "../../runner/http/redactSecrets.js";
import { createHash } from "node:crypto";
import type { CheckResult, Outcome, RunReport } from "../../runner/model/RunReport.js";
import { OPERATIONS } from "../../contract/operations.js";
import { OUTCOME_LABEL, OUTCOME_ORDER } from "../outcomeOrder.js";
import { redactReport } from "../redactReport.js";
import { selectionPhrase } from "../selectionPhrase.js";
import { html, SafeHtml } from "./html.js";
import { exportLine } from "./exportLine.js";
import { foldCommandLine } from "./foldCommandLine.js";
import { jsonForScript } from "./jsonForScript.js";
import { renderMatrix } from "./renderMatrix.js";
import { renderRegister } from "./renderRegister.js";
import { renderResult } from "./renderResult.js";
import { renderTimingChart } from "./renderTimingChart.js";
import { REPORT_SCRIPT } from "./reportScript.js";
import { REPORT_STYLES } from "./reportStyles.js";
import { targetCaption } from "../bundledTargetWording.js";

/** Options of the HTML reporter. */
export interface HtmlReportOptions {
  /** Secrets never to write: { value, placeholder } pairs, or bare values shown as [REDACTED]. */
  readonly secrets?: readonly SecretInput[];
  /** Characters of each body shown (default 65536); the rest is in report.json. */
  readonly maxBodyChars?: number;
  /** Evidence items shown per result (default 10). */
  readonly maxEvidenceItems?: number;
  /** Characters of bodies for the whole page (default 4 MiB); after that each body is cut to 2 KiB. */
  readonly maxTotalBodyChars?: number;
}

const OUTCOME_WORD: Readonly<Record<Outcome, readonly [string, string]>> = {
  failed: ["failed", "failed"],
  error: ["error", "errors"],
  warning: ["warning", "warnings"],
  waived: ["waived", "waived"],
  skipped: ["skipped", "skipped"],
  passed: ["passed", "passed"],
};

function countOf(report: RunReport, outcome: Outcome): number {
  const { summary } = report;
  const counts: Record<Outcome, number> = {
    failed: summary.failed,
    error: summary.errors,
    warning: summary.warnings,
    waived: summary.waived,
    skipped: summary.skipped,
    passed: summary.passed,
  };
  return counts[outcome];
}

const plural = (count: number, one: string, many = `${one}s`): string => `${count} ${count === 1 ? one : many}`;

/** One sentence under the verdict: why it is what it is. */
function verdictReason(report: RunReport): string {
  const { summary, meta } = report;
  const parts: string[] = [];
  if (summary.failed > 0) parts.push(`${plural(summary.failed, "verdict")} failed`);
  if (summary.errors > 0) parts.push(`${plural(summary.errors, "verdict")} errored (the suite could not judge)`);
  if (meta.profile === "strict" && summary.warnings > 0)
    parts.push(`${plural(summary.warnings, "warning")} fail under the strict profile`);
  if (meta.gateFailures.length > 0) parts.push(`${plural(meta.gateFailures.length, "gate failure")} (see Run)`);
  const head = parts.length > 0 ? `${parts.join("; ")}.` : "Nothing failed and nothing errored.";
  const tail: string[] = [];
  if (meta.profile === "default" && summary.warnings > 0) {
    tail.push(
      summary.warnings === 1
        ? "1 warning (a departure from a register default) does not fail the default profile."
        : `${summary.warnings} warnings (departures from register defaults) do not fail the default profile.`,
    );
  }
  if (summary.waived > 0) tail.push(`${plural(summary.waived, "failure")} waived.`);
  if (summary.skipped > 0) tail.push(`${plural(summary.skipped, "verdict")} skipped for missing configuration.`);
  return [head, ...tail].join(" ");
}

/** The filters that made a run partial, as the options that set them. */
function selectionFilters(report: RunReport): string {
  const { checks, excludeChecks, operations } = report.meta.selection;
  return [
    ...(checks.length > 0 ? [`--checks ${checks.join(",")}`] : []),
    ...(excludeChecks.length > 0 ? [`--exclude-checks ${excludeChecks.join(",")}`] : []),
    ...operations.map((operation) => `--operation ${operation}`),
  ].join(" ");
}

/** Command-line text whose option names never break after their hyphens ("--|token"); its text content is unchanged. */
function commandText(text: string): SafeHtml {
  return html`${text.split(" ").map((word, index) => html`${index > 0 ? " " : ""}${word.startsWith("--") ? html`<span class="opt">${word}</span>` : word}`)}`;
}

/**
 * The command line that reproduces the run, with a copy button and the variables to set first. A line with an
 * option repeated many times is shown folded ("--analytic-id … ×40"); the button copies the whole line, kept hidden.
 */
function reproduceBlock(commandLine: string): SafeHtml {
  const line = exportLine(commandLine);
  const shown = foldCommandLine(commandLine);
  const whole = html`<pre id="command-line"${shown === commandLine ? "" : new SafeHtml(" hidden")}>${commandText(commandLine)}</pre>`;
  const command = shown === commandLine ? whole : html`<pre class="folded">${commandText(shown)}</pre>${whole}`;
  const copy = html`<button type="button" data-copy="command-line">Copy</button>`;
  const note =
    shown === commandLine ? "" : html`<p class="env">Repeated options are folded here; Copy copies the whole line.</p>`;
  const env = line === undefined ? "" : html`<p class="env">Set the credentials first: <code>${line}</code></p>`;
  return html`<div class="reproduce"><h5>Reproduce this run</h5><div class="curl">${command}${copy}</div>${note}${env}</div>`;
}

/** "2025-01-15T10:00:00.000Z" → "2025-01-15 10:00:00 UTC"; anything else as it came. */
function readableTime(iso: string): string {
  const match = /^(\d{4}-\d{2}-\d{2})T(\d{2}:\d{2}:\d{2})(?:\.\d+)?Z$/.exec(iso);
  return match ? `${match[1] ?? ""} ${match[2] ?? ""} UTC` : iso;
}

function formatDuration(ms: number): string {
  if (ms < 1000) return `${Math.round(ms)} ms`;
  const seconds = ms / 1000;
  if (seconds < 120) return `${seconds.toFixed(1)} s`;
  return `${Math.floor(seconds / 60)} min ${Math.round(seconds % 60)} s`;
}

/** Reasons the run fails besides check verdicts, marked like a failed check so they are not overlooked. */
function gateFailureList(gateFailures: readonly string[]): SafeHtml | "" {
  if (gateFailures.length === 0) return "";
  const items = gateFailures.map(
    (line) => html`<li><span class="badge o-failed">${OUTCOME_LABEL.failed}</span> ${line}</li>`,
  );
  return html`<h5>Gate failures</h5><ul class="gate-failures" id="gate-failures">${items}</ul>`;
}

/** Run facts shown across the whole width, and those in a monospace font. */
const WIDE_FACTS: ReadonlySet<string> = new Set(["Schema hash", "Target", "Verdicts"]);
const MONO_FACTS: ReadonlySet<string> = new Set(["Schema hash", "Seed"]);

function metaItem([name, value]: readonly [string, unknown]): SafeHtml {
  const shown = html`<dt>${name}</dt><dd class="${MONO_FACTS.has(name) ? "mono" : ""}">${value}</dd>`;
  return html`<div class="${WIDE_FACTS.has(name) ? "wide" : ""}">${shown}</div>`;
}

function metaList(report: RunReport): SafeHtml {
  const { meta } = report;
  const items: readonly (readonly [string, unknown])[] = [
    ["Target", targetCaption(meta.target.baseUrl, meta.target.embedded)],
    [
      "Verdicts",
      selectionPhrase(report) === undefined
        ? `all ${meta.selection.totalVerdicts} (every check × operation)`
        : html`${selectionPhrase(report) ?? ""} (${commandText(selectionFilters(report))})`,
    ],
    ["Profile", meta.profile],
    ["Seed", meta.seed],
    ["Started", readableTime(meta.startedAt)],
    ["Duration", formatDuration(meta.durationMs)],
    ["Requests", `${meta.requestCount}${meta.retries429 > 0 ? ` (${meta.retries429} waited out after 429)` : ""}`],
    ["Suite version", meta.suiteVersion],
    ["Schema hash", meta.schemaHash],
    ["Node", meta.nodeVersion],
    ["Examples per property", meta.maxExamples],
    ...(meta.insecure === true ? ([["TLS", "certificate verification skipped (--insecure)"]] as const) : []),
    ["Report format", `version ${report.reportVersion}`],
  ];
  return html`<dl class="meta">${items.map(metaItem)}</dl>
${gateFailureList(meta.gateFailures)}
${meta.sampling.length > 0 ? html`<h5>Sampling</h5><ul class="sampling">${meta.sampling.map((line) => html`<li>${line}</li>`)}</ul>` : ""}
${meta.notes.length > 0 ? html`<h5>Notes</h5><ul class="notes">${meta.notes.map((line) => html`<li>${line}</li>`)}</ul>` : ""}`;
}

function outcomeBox(outcome: Outcome): SafeHtml {
  const badge = html`<span class="badge o-${outcome}">${OUTCOME_LABEL[outcome]}</span>`;
  return html`<label><input type="checkbox" name="outcome" value="${outcome}" checked> ${badge}</label>`;
}

function optionsOf(values: readonly string[]): SafeHtml[] {
  return values.map((value) => html`<option value="${value}">${value}</option>`);
}

function filters(report: RunReport): SafeHtml {
  const families = [...new Set(report.results.map((result) => result.family))].sort();
  return html`<form class="filters" id="filters" role="search" aria-label="Filter results">
<fieldset><legend>Outcome</legend>${OUTCOME_ORDER.map(outcomeBox)}</fieldset>
<label>Operation <select name="operation"><option value="">all</option>${optionsOf(OPERATIONS.map((op) => op.name))}</select></label>
<label>Family <select name="family"><option value="">all</option>${optionsOf(families)}</select></label>
<label>Level <select name="level"><option value="">all</option><option value="MUST">MUST</option><option value="SHOULD">SHOULD</option></select></label>
<input type="search" name="q" placeholder="Search id, title, message…" aria-label="Search">
<button type="reset">Reset</button>
<span class="shown" id="shown" aria-live="polite"></span>
</form>`;
}

/** Most serious first, then in the spec's operation order, then by check id. */
function findingOrder(results: readonly CheckResult[]): number[] {
  const operationIndex = (name: string) => OPERATIONS.findIndex((op) => op.name === name);
  return results
    .map((_, id) => id)
    .sort((a, b) => {
      const ra = results[a];
      const rb = results[b];
      if (!ra || !rb) return 0;
      return (
        OUTCOME_ORDER.indexOf(ra.outcome) - OUTCOME_ORDER.indexOf(rb.outcome) ||
        operationIndex(ra.operation) - operationIndex(rb.operation) ||
        ra.checkId.localeCompare(rb.checkId)
      );
    });
}

/** What the script needs: per result its facets and a lower-case search text. */
function scriptData(results: readonly CheckResult[]): unknown {
  return {
    results: results.map((result, id) => ({
      id,
      outcome: result.outcome,
      operation: result.operation,
      family: result.family,
      level: result.level,
      text: [
        result.checkId,
        result.title,
        result.operation,
        result.family,
        result.level,
        result.outcome,
        result.message,
        result.expected ?? "",
        result.actual ?? "",
        result.skipReason ?? "",
        ...result.specRefs.map((ref) => `§${ref}`),
        ...result.registerRefs,
      ]
        .join(" ")
        .toLowerCase(),
    })),
  };
}

/** Failed and errored verdicts, listed in the banner (issue 27.7): what a reviewer must read first, linked to its finding. */
const BANNER_FAILURES = 12;

function bannerItem({ result, id }: { readonly result: CheckResult; readonly id: number }): SafeHtml {
  const badge = html`<span class="badge o-${result.outcome}">${OUTCOME_LABEL[result.outcome]}</span>`;
  const link = html`<a href="#r-${id}">${badge} <span class="mono">${result.checkId}</span> on ${result.operation}</a>`;
  return html`<li>${link}: ${result.message.split("\n")[0]?.slice(0, 160) ?? ""}</li>`;
}

function failedBanner(run: RunReport): SafeHtml | string {
  const failing = run.results
    .map((result, id) => ({ result, id }))
    .filter(({ result }) => result.outcome === "failed" || result.outcome === "error");
  if (failing.length === 0) return "";
  const shown = failing.slice(0, BANNER_FAILURES);
  const more = failing.length - shown.length;
  const moreItem = more > 0 ? html`<li class="muted">… and ${more} more under Findings</li>` : "";
  return html`<ul class="banner-failures" id="banner-failures">${shown.map(bannerItem)}${moreItem}</ul>`;
}

/** "FAIL — 2 of 104 verdicts selected (--checks …); the other 102 were not run." for a partial run. */
function partialLine(run: RunReport, verdictWord: string, partial: string | undefined): SafeHtml | "" {
  if (partial === undefined) return "";
  const others = run.meta.selection.totalVerdicts - run.meta.selection.selectedVerdicts;
  const filters = html`(<span class="mono">${commandText(selectionFilters(run))}</span>)`;
  return html`<p class="partial" id="partial"><strong>${verdictWord} — ${partial}</strong> ${filters}; the other ${others} were not run.</p>`;
}

/** The run in one line: profile, verdicts, start, duration, requests. */
function runFacts(run: RunReport): SafeHtml {
  const { meta } = run;
  const verdicts = plural(run.summary.total, "verdict");
  const started = `started ${readableTime(meta.startedAt)}`;
  return html`${meta.profile} profile · ${verdicts} · ${started} · ${formatDuration(meta.durationMs)} · ${plural(meta.requestCount, "request")}`;
}

/** An outcome's count in the banner, a link that shows only that outcome's findings. */
function countLink(outcome: Outcome, count: number): SafeHtml {
  const badge = html`<span class="badge o-${outcome}">${OUTCOME_LABEL[outcome]}</span>`;
  const words = html`${badge}<b>${count}</b> ${OUTCOME_WORD[outcome][count === 1 ? 0 : 1]}`;
  return html`<li><a class="count${count === 0 ? " zero" : ""}" href="#findings" data-only-outcome="${outcome}">${words}</a></li>`;
}

const TOC = html`${[
  ["run", "Run"],
  ["matrix", "Matrix"],
  ["findings", "Findings"],
  ["timings", "Response times"],
  ["register", "Ambiguity register"],
].map(([id, name]) => html`<a href="#${id}">${name}</a>`)}`;

const FINDINGS_TOOLBAR = html`<div class="toolbar">${[
  html`<button type="button" id="expand-all">Expand all</button><button type="button" id="collapse-all">Collapse all</button>`,
  html`<span class="muted">Most serious first. Passed checks carry no evidence.</span>`,
]}</div>`;

const FOOTER_NOTE = "the same data as report.json, bodies cut where noted; this file makes no network request.";

/** The text of index.html, secrets redacted. */
export function renderHtmlReport(report: RunReport, options: HtmlReportOptions = {}): string {
  const secrets = options.secrets ?? [];
  const limits = {
    maxBodyChars: options.maxBodyChars ?? 64 * 1024,
    maxEvidenceItems: options.maxEvidenceItems ?? 10,
    budget: { remaining: options.maxTotalBodyChars ?? 4 * 1024 * 1024 },
  };
  const run = redactReport(report, secrets);
  const scriptHash = createHash("sha256").update(REPORT_SCRIPT, "utf8").digest("base64");
  const csp = `default-src 'none'; style-src 'unsafe-inline'; script-src 'sha256-${scriptHash}'; img-src data:; base-uri 'none'; form-action 'none'`;
  const verdictWord = run.verdict === "pass" ? "PASS" : "FAIL";
  const partial = selectionPhrase(run);
  const caption = targetCaption(run.meta.target.baseUrl, run.meta.target.embedded);
  const page = html`<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta http-equiv="Content-Security-Policy" content="${csp}">
<meta name="referrer" content="no-referrer">
<meta name="generator" content="cms-conformance ${run.meta.suiteVersion}">
<meta name="viewport" content="width=device-width, initial-scale=1">
<link rel="icon" href="data:,">
<title>${verdictWord}${partial === undefined ? "" : ` (${partial})`} · cms-conformance · ${caption}</title>
<style>${new SafeHtml(REPORT_STYLES) /* our own stylesheet: trusted */}</style>
</head>
<body>
<header class="verdict ${run.verdict}" id="verdict">
<div class="verdict-word" data-verdict="${run.verdict}">${verdictWord}</div>
<div><h1>cms-conformance · ${caption}</h1>
${partialLine(run, verdictWord, partial)}
<p class="why">${verdictReason(run)}</p>
<p class="muted">${runFacts(run)}</p>
${failedBanner(run)}
${reproduceBlock(run.meta.commandLine)}</div>
<ul class="counts">${OUTCOME_ORDER.map((outcome) => countLink(outcome, countOf(run, outcome)))}</ul>
</header>
<nav class="toc">${TOC}</nav>
<main>
<section id="run"><h2>Run</h2>${metaList(run)}</section>
${filters(run)}
<section id="matrix"><h2>Spec section × check × operation</h2>
<p class="muted">Each check is listed under every section it enforces. Click an outcome for its evidence.</p>
<div class="matrix-wrap">${renderMatrix(run.results)}</div></section>
<section id="findings"><h2>Findings</h2>
${FINDINGS_TOOLBAR}
<p class="empty" id="no-match" hidden>No result matches the filters.</p>
${findingOrder(run.results).map((id) => {
  const result = run.results[id];
  return result ? renderResult(result, id, limits) : "";
})}
</section>
<section id="timings"><h2>Response times per operation</h2>${renderTimingChart(run.timings)}</section>
<section id="register"><h2>Ambiguity register</h2>${renderRegister(run)}</section>
</main>
<footer>cms-conformance ${run.meta.suiteVersion} · report format ${run.reportVersion} · ${FOOTER_NOTE}</footer>
<script type="application/json" id="report-data">${new SafeHtml(jsonForScript(scriptData(run.results)))}</script>
<script>${new SafeHtml(REPORT_SCRIPT)}</script>
</body>
</html>
`;
  return page.value;
}

/** One piece of evidence in the HTML report: request, response, timing, schema issues, curl. */
import type { EvidenceItem } from "../../runner/model/RunReport.js";
import type { Exchange } from "../../runner/model/Exchange.js";
import type { SchemaIssue } from "../../contract/schemaIssue.js";
import { exportLine } from "./exportLine.js";
import { html, type SafeHtml } from "./html.js";

/** Limits that keep index.html a sane size for big runs. */
export interface EvidenceLimits {
  /** Characters of a body shown per item (default 64 KiB); the rest is in report.json. */
  readonly maxBodyChars: number;
  /** Characters of bodies left for the whole page; once spent, bodies are cut to 2 KiB. Shared and decremented. */
  readonly budget: { remaining: number };
}

/** What a body is cut to once the page's budget is spent. */
const SMALL_BODY_CHARS = 2048;

/** Pretty-prints JSON text; other text is shown as it came. */
function prettyBody(text: string): string {
  try {
    return JSON.stringify(JSON.parse(text), null, 2);
  } catch {
    return text;
  }
}

function bodyBlock(text: string | undefined, limits: EvidenceLimits, notes: readonly string[] = []): SafeHtml {
  if (text === undefined || text === "") return html`<p class="muted">(no body)</p>`;
  const pretty = prettyBody(text);
  const max = limits.budget.remaining > 0 ? limits.maxBodyChars : SMALL_BODY_CHARS;
  const cut = pretty.length > max;
  const shown = cut ? pretty.slice(0, max) : pretty;
  limits.budget.remaining -= shown.length;
  const why = max === SMALL_BODY_CHARS ? "this page's space for bodies is spent" : "bodies are cut";
  const allNotes = [
    ...notes,
    ...(cut
      ? [
          `Shown: the first ${max.toLocaleString("en")} of ${pretty.length.toLocaleString("en")} characters (${why}); the whole body is in report.json.`,
        ]
      : []),
  ];
  return html`<pre>${shown}${cut ? "\n…" : ""}</pre>${allNotes.map((note) => html`<p class="note">${note}</p>`)}`;
}

function headersTable(headers: Readonly<Record<string, string>>): SafeHtml {
  const entries = Object.entries(headers);
  if (entries.length === 0) return html`<p class="muted">(no headers recorded)</p>`;
  return html`<table class="headers"><tbody>${entries.map(([name, value]) => html`<tr><td>${name}</td><td>${value}</td></tr>`)}</tbody></table>`;
}

function statusClass(status: number): string {
  return `s${Math.floor(status / 100)}`;
}

/** Which secret variables to set before running the curl command, when it uses any. */
function reproduceHint(curl: string): SafeHtml | "" {
  const line = exportLine(curl);
  return line === undefined ? "" : html`<p class="env">Set the credentials first: <code>${line}</code></p>`;
}

const ISSUES_HEAD = html`<thead><tr><th>Body path</th><th>Problem</th><th>Schema path</th><th>Keyword</th><th>Params</th><th>Register</th></tr></thead>`;

function issueRow(issue: SchemaIssue): SafeHtml {
  const path = issue.instancePath === "" ? "(root)" : issue.instancePath;
  const register = issue.register ? html`<a href="#reg-${issue.register}">${issue.register}</a>` : "";
  const cells = [
    html`<td class="mono">${path}</td><td>${issue.message}</td><td class="mono">${issue.schemaPath}</td>`,
    html`<td class="mono">${issue.keyword}</td><td class="mono">${JSON.stringify(issue.params)}</td><td>${register}</td>`,
  ];
  return html`<tr>${cells}</tr>`;
}

function issuesTable(issues: readonly SchemaIssue[]): SafeHtml | "" {
  if (issues.length === 0) return "";
  const table = html`<table class="issues">${ISSUES_HEAD}<tbody>${issues.map(issueRow)}</tbody></table>`;
  return html`<h5>Schema issues (ajv)</h5><div class="table-wrap">${table}</div>`;
}

function requestPane(request: Exchange["request"], limits: EvidenceLimits): SafeHtml {
  const body = request.body === undefined ? "" : bodyBlock(request.body, limits);
  return html`<div><h5>Request</h5><pre>${request.method} ${request.url}</pre>${headersTable(request.headers)}${body}</div>`;
}

function responseShown(response: Exchange["response"], limits: EvidenceLimits): SafeHtml {
  if (!response) return html`<p class="muted">No response.</p>`;
  const notes = response.truncated
    ? [`The target sent ${response.bodyBytes.toLocaleString("en")} bytes; the suite kept only the first part.`]
    : [];
  const status = html`<span class="status ${statusClass(response.status)}">${response.status}</span>`;
  const size = html`<span class="muted">${response.bodyBytes.toLocaleString("en")} bytes</span>`;
  return html`<p>${status} ${size}</p>${headersTable(response.headers)}${bodyBlock(response.bodyText, limits, notes)}`;
}

function reproduceBlock(curl: string, curlId: string): SafeHtml {
  const copy = html`<button type="button" data-copy="${curlId}">Copy curl</button>`;
  return html`<h5>Reproduce</h5>${reproduceHint(curl)}<div class="curl"><pre id="${curlId}">${curl}</pre>${copy}</div>`;
}

/** The evidence item `index` of result `resultId`, fully expanded. */
export function renderEvidence(item: EvidenceItem, resultId: number, index: number, limits: EvidenceLimits): SafeHtml {
  const { exchange } = item;
  const { request, response, failure } = exchange;
  const retries = exchange.retriesAfter429 > 0 ? ` · waited out ${exchange.retriesAfter429} × 429` : "";
  // The request's body is shown before the response's: both spend the page's budget, in that order.
  return html`<div class="evidence">
<h4>${item.label} <span class="muted mono">· ${exchange.startedAt} · ${exchange.durationMs.toFixed(1)} ms${retries}</span></h4>
${failure ? html`<div class="failure-box"><strong>No usable response (${failure.kind}):</strong> ${failure.message}</div>` : ""}
<div class="exchange">
${requestPane(request, limits)}
<div><h5>Response</h5>${responseShown(response, limits)}</div>
</div>
${issuesTable(item.schemaIssues ?? [])}
${reproduceBlock(exchange.curl, `curl-${resultId}-${index}`)}
</div>`;
}

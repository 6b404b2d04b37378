/** One verdict in the findings list: a <details> with the message, expected vs actual, property and evidence. */
import type { CheckResult } from "../../runner/model/RunReport.js";
import { OUTCOME_LABEL } from "../outcomeOrder.js";
import { html, type SafeHtml } from "./html.js";
import { renderEvidence, type EvidenceLimits } from "./renderEvidence.js";
import { firstLine, renderMessage } from "./renderMessage.js";

/** Limits of one result's rendering. */
export interface ResultLimits extends EvidenceLimits {
  /** Evidence items shown per result (default 10); the rest is in report.json. */
  readonly maxEvidenceItems: number;
}

function prettyJson(value: unknown): string {
  return JSON.stringify(value, null, 2) ?? "undefined";
}

function cap(text: string, max: number): string {
  return text.length > max ? `${text.slice(0, max)}\n… (cut; the whole value is in report.json)` : text;
}

function expectedAndActual(result: CheckResult): SafeHtml | "" {
  if (result.expected === undefined && result.actual === undefined) return "";
  const expected = html`<div class="expected"><h5>Expected</h5>${result.expected ?? "—"}</div>`;
  return html`<div class="ea">${expected}<div class="actual"><h5>Actual</h5>${result.actual ?? "—"}</div></div>`;
}

function registerLinks(refs: readonly string[]): SafeHtml | "" {
  if (refs.length === 0) return "";
  const links = refs.map((ref, index) => html`${index > 0 ? ", " : ""}<a href="#reg-${ref}">${ref}</a>`);
  return html`<p class="muted">Relies on the register's defaults: ${links}</p>`;
}

function propertyBlock(property: CheckResult["property"], limits: ResultLimits): SafeHtml | "" {
  if (!property) return "";
  const replay = html`<code>{ seed: ${property.seed}, path: ${JSON.stringify(property.path)} }</code>`;
  const counterexample = cap(prettyJson(property.counterexample), limits.maxBodyChars);
  return html`<h5>Property (fast-check)</h5><p>Failed after ${property.numRuns} runs. Replay with ${replay}.</p>${[
    html`<h5>Shrunk counterexample</h5><pre>${counterexample}</pre>`,
  ]}`;
}

/** The <details> element of result `id` (its index in report.results). */
export function renderResult(result: CheckResult, id: number, limits: ResultLimits): SafeHtml {
  const showEvidence = result.outcome !== "passed";
  const evidence = showEvidence ? result.evidence.slice(0, limits.maxEvidenceItems) : [];
  const hiddenEvidence = result.evidence.length - evidence.length;
  return html`<details class="result r-${result.outcome}" id="r-${id}" data-result="${id}">
<summary><span class="badge o-${result.outcome}">${OUTCOME_LABEL[result.outcome]}</span>
<span class="tag mono">${result.operation}</span>
<span class="check-id">${result.checkId}</span>
<span class="title">${result.title}</span>
<span class="tag">${result.level}</span> <span class="tag">${result.family}</span> <span class="muted">§${result.specRefs.join(", §")}</span>
<span class="msg">${firstLine(result.message)}</span></summary>
<div class="body">
${renderMessage(result.message)}
${expectedAndActual(result)}
${result.skipReason !== undefined ? html`<p><strong>To run this check:</strong> ${result.skipReason}</p>` : ""}
${result.waiver ? html`<p><strong>Waived</strong> until ${result.waiver.expires}: ${result.waiver.reason}</p>` : ""}
${registerLinks(result.registerRefs)}
${propertyBlock(result.property, limits)}
${evidence.map((item, index) => renderEvidence(item, id, index, limits))}
${hiddenEvidence > 0 ? html`<p class="note">${hiddenEvidence} more evidence item${hiddenEvidence === 1 ? " is" : "s are"} in report.json.</p>` : ""}
<p class="muted">Check took ${result.durationMs.toFixed(0)} ms.</p>
</div>
</details>`;
}

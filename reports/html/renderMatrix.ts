/** The matrix: spec section × check × operation → outcome, each section with its rule in one line. */
import type { CheckResult } from "../../runner/model/RunReport.js";
import { OPERATIONS } from "../../contract/operations.js";
import { OUTCOME_LABEL } from "../outcomeOrder.js";
import { html, SafeHtml } from "./html.js";
import { SECTION_RULES, compareSections } from "../../contract/specSections.js";

interface IndexedResult {
  readonly id: number;
  readonly result: CheckResult;
}

/** "listFactoryDefaultWidgets" with a line-break opportunity before each capital, so a narrow column stacks the words. */
function stackedName(name: string): SafeHtml {
  return html`${name.split(/(?=[A-Z])/).map((word, index) => html`${index > 0 ? new SafeHtml("<wbr>") : ""}${word}`)}`;
}

/** The check's own cells: level and family have columns on a wide screen and sit under the title on a narrow one (reportStyles). */
function checkCells(checkId: string, first: CheckResult | undefined): SafeHtml {
  const level = html`<span class="tag">${first?.level ?? ""}</span>`;
  const family = html`<span class="tag">${first?.family ?? ""}</span>`;
  const title = html`<span class="check-id">${checkId}</span><br><span class="muted">${first?.title ?? ""}</span>`;
  return html`<td class="check">${title}<span class="lf-inline"> ${level} ${family}</span></td><td class="lf">${level}</td><td class="lf">${family}</td>`;
}

function outcomeCell(entry: IndexedResult): SafeHtml {
  const { outcome, message } = entry.result;
  const badge = html`<a class="badge o-${outcome}" href="#r-${entry.id}" title="${message}">${OUTCOME_LABEL[outcome]}</a>`;
  return html`<td class="cell" data-result="${entry.id}">${badge}</td>`;
}

/** One cell per operation: the check's verdict there, or "not applicable". */
function operationCells(list: readonly IndexedResult[]): SafeHtml[] {
  return OPERATIONS.map((op) => {
    const cells = list.filter((entry) => entry.result.operation === op.name);
    return cells.length === 0 ? html`<td class="na" title="not applicable">·</td>` : html`${cells.map(outcomeCell)}`;
  });
}

function operationHeader(op: (typeof OPERATIONS)[number]): SafeHtml {
  const shown = html`${stackedName(op.name)}<br><span class="muted">§${op.section}</span>`;
  return html`<th class="op" scope="col" title="${op.name} (§${op.section})">${shown}</th>`;
}

function sectionHeading(section: string): SafeHtml {
  const rule = SECTION_RULES[section];
  const ruleText = html`<span class="rule">— ${rule?.rule ?? "no rule recorded for this section"}</span>`;
  return html`<tr class="section"><th colspan="${3 + OPERATIONS.length}">§${section} ${rule?.title ?? ""} ${ruleText}</th></tr>`;
}

/** A check appears under every section it cites, so a reader finds it from any of them. */
export function renderMatrix(results: readonly CheckResult[]): SafeHtml {
  const byCheck = new Map<string, IndexedResult[]>();
  results.forEach((result, id) => {
    const list = byCheck.get(result.checkId) ?? [];
    list.push({ id, result });
    byCheck.set(result.checkId, list);
  });
  const sections = new Map<string, string[]>();
  for (const [checkId, list] of byCheck) {
    const refs = new Set(list.flatMap((entry) => (entry.result.specRefs.length > 0 ? entry.result.specRefs : ["—"])));
    for (const ref of refs) sections.set(ref, [...(sections.get(ref) ?? []), checkId]);
  }
  const sectionOrder = [...sections.keys()].sort((a, b) => (a === "—" ? 1 : b === "—" ? -1 : compareSections(a, b)));

  const row = (checkId: string): SafeHtml => {
    const list = byCheck.get(checkId) ?? [];
    return html`<tr class="check-row">${checkCells(checkId, list[0]?.result)}${operationCells(list)}</tr>`;
  };

  const failingPerOperation = OPERATIONS.map(
    (op) =>
      results.filter(
        (result) => result.operation === op.name && (result.outcome === "failed" || result.outcome === "error"),
      ).length,
  );

  const failingCells = failingPerOperation.map((count) => html`<td>${count}</td>`);
  const headCells = html`<th class="check">Check</th><th class="lf">Level</th><th class="lf">Family</th>`;
  // No scrolling wrapper: the header row sticks to the viewport only when no ancestor scrolls.
  return html`<table class="matrix">
<thead><tr>${headCells}${OPERATIONS.map(operationHeader)}</tr></thead>
${sectionOrder.map((section) => {
  const checks = [...new Set(sections.get(section) ?? [])].sort();
  return html`<tbody class="section">${sectionHeading(section)}
${checks.map(row)}</tbody>`;
})}
<tfoot><tr><td class="check muted">failed or errored per operation</td><td class="lf"></td><td class="lf"></td>${failingCells}</tr></tfoot>
</table>`;
}

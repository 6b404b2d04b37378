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
    const first = list[0]?.result;
    // Level and family have columns on a wide screen and sit under the title on a narrow one (reportStyles).
    return html`<tr class="check-row"><td class="check"><span class="check-id">${checkId}</span><br><span class="muted">${first?.title ?? ""}</span><span class="lf-inline"> <span class="tag">${first?.level ?? ""}</span> <span class="tag">${first?.family ?? ""}</span></span></td><td class="lf"><span class="tag">${first?.level ?? ""}</span></td><td class="lf"><span class="tag">${first?.family ?? ""}</span></td>${OPERATIONS.map(
      (op) => {
        const cells = list.filter((entry) => entry.result.operation === op.name);
        if (cells.length === 0) return html`<td class="na" title="not applicable">·</td>`;
        return cells.map(
          (entry) =>
            html`<td class="cell" data-result="${entry.id}"><a class="badge o-${entry.result.outcome}" href="#r-${entry.id}" title="${entry.result.message}">${OUTCOME_LABEL[entry.result.outcome]}</a></td>`,
        );
      },
    )}</tr>`;
  };

  const failingPerOperation = OPERATIONS.map(
    (op) =>
      results.filter(
        (result) => result.operation === op.name && (result.outcome === "failed" || result.outcome === "error"),
      ).length,
  );

  // No scrolling wrapper: the header row sticks to the viewport only when no ancestor scrolls.
  return html`<table class="matrix">
<thead><tr><th class="check">Check</th><th class="lf">Level</th><th class="lf">Family</th>${OPERATIONS.map((op) => html`<th class="op" scope="col" title="${op.name} (§${op.section})">${stackedName(op.name)}<br><span class="muted">§${op.section}</span></th>`)}</tr></thead>
${sectionOrder.map((section) => {
  const rule = SECTION_RULES[section];
  const checks = [...new Set(sections.get(section) ?? [])].sort();
  return html`<tbody class="section"><tr class="section"><th colspan="${3 + OPERATIONS.length}">§${section} ${rule?.title ?? ""} <span class="rule">— ${rule?.rule ?? "no rule recorded for this section"}</span></th></tr>
${checks.map(row)}</tbody>`;
})}
<tfoot><tr><td class="check muted">failed or errored per operation</td><td class="lf"></td><td class="lf"></td>${failingPerOperation.map((count) => html`<td>${count}</td>`)}</tr></tfoot>
</table>`;
}

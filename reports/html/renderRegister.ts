/** The ambiguity register as the run used it, with how many verdicts relied on each entry. */
import type { RunReport } from "../../runner/model/RunReport.js";
import { html, type SafeHtml } from "./html.js";

/** What Default and Strict mean, for this run's profile. */
const introduction = (profile: string): SafeHtml =>
  html`<p class="muted">Where the spec is silent, the suite takes a default. ${[
    html`<strong>Default</strong> is what this ${profile} run did; `,
    html`<strong>Strict</strong> is what <code>--profile strict</code> does.</p>`,
  ]}`;

const HEAD = html`<thead><tr>${[
  html`<th>Entry</th><th>Question</th><th>§</th><th>Default</th><th>Why</th><th>Strict</th>`,
  html`<th>Stacks considered</th><th>Used by</th>`,
]}</tr></thead>`;

function entryRow(entry: RunReport["register"][number], count: number): SafeHtml {
  const usedBy = count > 0 ? `${count} verdict${count === 1 ? "" : "s"}` : "";
  const cells = [
    html`<td class="check-id">${entry.id}</td><td>${entry.question}</td><td>${entry.sections.join(", ")}</td>`,
    html`<td>${entry.default}</td><td class="muted">${entry.why}</td><td>${entry.strict}</td>`,
    // The readings and common stacks' defaults weighed before a default may fail (issue 48.1); empty when none was written.
    html`<td class="muted">${entry.stacks ?? ""}</td><td>${usedBy}</td>`,
  ];
  return html`<tr id="reg-${entry.id}" class="${count > 0 ? "used" : ""}">${cells}</tr>`;
}

/** A table of register entries; entries some verdict relied on are marked. */
export function renderRegister(report: RunReport): SafeHtml {
  if (report.register.length === 0) return html`<p class="muted">The run recorded no register.</p>`;
  const uses = new Map<string, number>();
  for (const result of report.results) for (const ref of result.registerRefs) uses.set(ref, (uses.get(ref) ?? 0) + 1);
  return html`${introduction(report.meta.profile)}
<div class="table-wrap"><table class="register">${HEAD}<tbody>
${report.register.map((entry) => entryRow(entry, uses.get(entry.id) ?? 0))}
</tbody></table></div>`;
}

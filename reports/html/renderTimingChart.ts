/** An inline SVG of response times per operation (median, 95th percentile, maximum) on a log scale. */
import type { RunReport } from "../../runner/model/RunReport.js";
import { OPERATIONS } from "../../contract/operations.js";
import { html, type SafeHtml } from "./html.js";

/** The value below which `fraction` of the sorted values lie (nearest rank). */
function percentile(sorted: readonly number[], fraction: number): number {
  const index = Math.min(sorted.length - 1, Math.max(0, Math.ceil(fraction * sorted.length) - 1));
  return sorted[index] ?? 0;
}

const formatMs = (ms: number): string =>
  ms >= 1000 ? `${Number((ms / 1000).toFixed(ms >= 10_000 ? 0 : 1))} s` : `${Math.round(ms)} ms`;

/** Coordinates to a tenth of a unit: finer adds only digits to the page. */
const tenth = (value: number): number => Math.round(value * 10) / 10;

/** A vertical grid line with its label, at `left`. */
function tick(left: number, label: string, top: number, height: number): SafeHtml {
  const line = html`<line class="grid" x1="${left}" x2="${left}" y1="${top - 6}" y2="${height - 6}"/>`;
  return html`${line}<text x="${left}" y="${top - 10}" text-anchor="middle" class="muted">${label}</text>`;
}

/** A horizontal bar from the label's edge to `width`, titled. */
function bar(kind: "p95" | "p50", left: number, y: number, width: number, title: string): SafeHtml {
  return html`<rect class="${kind}" x="${left}" y="${y + 5}" width="${Math.max(1, width)}" height="16" rx="2"><title>${title}</title></rect>`;
}

/** The chart, or a sentence when the run recorded no timings. */
export function renderTimingChart(timings: RunReport["timings"]): SafeHtml {
  const rows = OPERATIONS.flatMap((op) => {
    const values = [...(timings[op.name] ?? [])]
      .filter((value) => Number.isFinite(value) && value >= 0)
      .sort((a, b) => a - b);
    return values.length === 0
      ? []
      : [
          {
            name: op.name,
            n: values.length,
            p50: percentile(values, 0.5),
            p95: percentile(values, 0.95),
            max: values[values.length - 1] ?? 0,
          },
        ];
  });
  if (rows.length === 0) return html`<p class="muted">No response times were recorded.</p>`;

  const label = 190;
  const plot = 430;
  const right = 320;
  const rowHeight = 30;
  const top = 24;
  const width = label + plot + right;
  const height = top + rows.length * rowHeight + 10;
  const maxDecade = Math.max(1, Math.ceil(Math.log10(Math.max(10, ...rows.map((row) => row.max)))));
  // Log scale from 1 ms: a 5 s timeout must not flatten the 10 ms answers.
  const x = (ms: number): number => tenth(label + (Math.log10(Math.max(1, ms)) / maxDecade) * plot);
  const ticks = Array.from({ length: maxDecade + 1 }, (_, decade) => 10 ** decade);

  return html`<svg class="chart" role="img" aria-label="Response times per operation" viewBox="0 0 ${width} ${height}" xmlns="http://www.w3.org/2000/svg">
<title>Response times per operation (log scale): median, 95th percentile, maximum</title>
${ticks.map((ms) => tick(x(ms), formatMs(ms), top, height))}
${rows.map((row, index) => {
  const y = top + index * rowHeight;
  return html`<g><text x="${label - 8}" y="${y + 17}" text-anchor="end">${row.name}</text>
${bar("p95", label, y, tenth(x(row.p95) - label), `${row.name} p95 ${formatMs(row.p95)}`)}
${bar("p50", label, y, tenth(x(row.p50) - label), `${row.name} median ${formatMs(row.p50)}`)}
<line class="max" x1="${x(row.max)}" x2="${x(row.max)}" y1="${y + 2}" y2="${y + 24}"><title>${row.name} max ${formatMs(row.max)}</title></line>
<text x="${label + plot + 12}" y="${y + 17}">p50 ${formatMs(row.p50)} · p95 ${formatMs(row.p95)} · max ${formatMs(row.max)} · n=${row.n}</text></g>`;
})}
</svg>
<p class="note">Dark bar: median; light bar: 95th percentile; red tick: slowest response. Log scale.</p>`;
}

/** How an analytic (§2.5–§2.9) is answered by getAnalytic, per mode. */
import type { Analytic, Chart, ColumnRef } from "../../contract/types.generated.js";
import type { ReferenceMode } from "../referenceMode.js";

/**
 * The least a chart may carry: no category on a GAUGE (§2.6 "Optional for type GAUGE"), a filter with no
 * content (§2.6: its structure is not shown) and no ordering (an empty array is still the field).
 */
function minimalChart(chart: Chart): Chart {
  const { category, ...rest } = chart;
  return { ...rest, ...(chart.type === "GAUGE" || !category ? {} : { category }), filter: {}, order: [] };
}

/** Real MAP charts carry latitude/longitude ColumnRefs that the spec does not list (docs/sdk-evidence.md). */
function withCoordinates(column: ColumnRef): ColumnRef {
  const at = (name: string): ColumnRef => ({ ...column, column: name, label: name });
  return { ...column, latitude: at("latitude"), longitude: at("longitude") };
}

/** The analytic as answered: spec-minimal leaves out what the spec lets go; extra-fields adds coordinates. */
export function presentAnalytic(analytic: Analytic, mode: ReferenceMode): Analytic {
  const copy = structuredClone(analytic);
  if (mode === "spec-minimal") return { ...copy, tags: [], properties: [], chart: minimalChart(copy.chart) };
  if (mode === "extra-fields") {
    const chart = copy.chart;
    if (chart.category) chart.category = withCoordinates(chart.category);
    chart.series = chart.series.map((one) => ({ ...one, column: withCoordinates(one.column) }));
  }
  return copy;
}

/** How an analytic (§2.5–§2.9) is answered by getAnalytic, per mode. */
import type { Analytic, Chart, ColumnRef, Series } from "../../contract/types.generated.js";
import type { ReferenceMode } from "../referenceMode.js";
import { pickFields } from "./pickFields.js";

function minimalColumn(column: ColumnRef): ColumnRef {
  return pickFields(column, ["schema", "table", "column"]);
}

function minimalChart(chart: Chart): Chart {
  const series: Series[] = (chart.series ?? []).map((one) => ({
    ...(one.column ? { column: minimalColumn(one.column) } : {}),
    ...(one.label !== undefined ? { label: one.label } : {}),
  }));
  return { ...pickFields(chart, ["type", "datasetId"]), series };
}

/** Real MAP charts carry latitude/longitude ColumnRefs that the spec does not list (docs/sdk-evidence.md). */
function withCoordinates(column: ColumnRef): ColumnRef {
  const at = (name: string): ColumnRef => ({ schema: column.schema, table: column.table, column: name, label: name });
  return { ...column, latitude: at("latitude"), longitude: at("longitude") };
}

/** The analytic as answered: sdk-minimal keeps the SDK-required fields only; extra-fields adds coordinates. */
export function presentAnalytic(analytic: Analytic, mode: ReferenceMode): Analytic {
  const copy = structuredClone(analytic);
  if (mode === "sdk-minimal") {
    const kept = pickFields(copy, ["id", "name", "createdBy", "createdDate"]);
    return copy.chart ? { ...kept, chart: minimalChart(copy.chart) } : kept;
  }
  if (mode === "extra-fields" && copy.chart) {
    const chart = copy.chart;
    if (chart.category) chart.category = withCoordinates(chart.category);
    chart.series = (chart.series ?? []).map((one) =>
      one.column ? { ...one, column: withCoordinates(one.column) } : one,
    );
  }
  return copy;
}

/** Builds the analytics (§2.5–§2.9): every chart type, PIE with one series, GAUGE sometimes without category. */
import type { Analytic, ChartType, ColumnRef, FunctionType, Order, Series } from "../../contract/types.generated.js";
import type { AnalyticRecord } from "./referenceData.js";
import type { SeededRandom } from "./seededRandom.js";

/** The fourteen chart types of §2.10, in spec order; analytics cycle through them. */
export const CHART_TYPES: readonly ChartType[] = [
  "BAR",
  "STACKED_BAR",
  "COLUMN",
  "STACKED_COLUMN",
  "PIE",
  "AREA",
  "LINE",
  "TABLE",
  "BUBBLE",
  "GAUGE",
  "COUNTER",
  "RADAR",
  "MAP",
  "FILTER",
];
const FUNCTIONS: readonly FunctionType[] = ["AVG", "COUNT", "MAX", "MIN", "SUM", "COUNT_DISTINCT"];
const TABLES: readonly (readonly [string, string, readonly string[]])[] = [
  ["sales", "orders", ["amount", "region", "quantity", "status"]],
  ["hcm", "employees", ["salary", "department", "age", "admission"]],
  ["erp", "stock", ["balance", "warehouse", "item", "cost"]],
];
/** 2024-01-01T00:00:00.000Z: creation dates are spread over the following year. */
const EPOCH = Date.UTC(2024, 0, 1);

function columnRef(random: SeededRandom, schema: string, table: string, columns: readonly string[]): ColumnRef {
  const column = random.pick(columns);
  return {
    schema,
    table,
    column,
    label: `Coluna ${column}`,
    function: random.pick(FUNCTIONS),
    precision: random.int(0, 4),
    prefix: random.pick(["R$ ", "", "# "]),
    sufix: random.pick(["%", "", " un."]),
    mask: random.pick(["#,##0.00", "0", "##0.0"]),
  };
}

/** Builds `count` analytics sorted by id. */
export function buildAnalytics(random: SeededRandom, tenant: string, count: number): AnalyticRecord[] {
  const records: AnalyticRecord[] = [];
  for (let index = 0; index < count; index++) {
    const type = CHART_TYPES[index % CHART_TYPES.length] as ChartType;
    const [schema, table, columns] = random.pick(TABLES);
    const name = `${type.toLowerCase().replace(/_/g, "-")}-${table}-${String(index + 1).padStart(3, "0")}`;
    const seriesCount = type === "PIE" ? 1 : random.int(1, 3);
    const series: Series[] = Array.from({ length: seriesCount }, (_, n) => ({
      column: columnRef(random, schema, table, columns),
      label: `Série ${n + 1}`,
    }));
    const order: Order[] = Array.from({ length: random.int(0, 2) }, () => ({
      schema,
      table,
      column: random.pick(columns),
      function: random.pick(FUNCTIONS),
      order: random.pick(["ASC", "DESC"]),
    }));
    // A GAUGE has no category every other time (§2.6: optional for GAUGE).
    const withCategory = !(type === "GAUGE" && Math.floor(index / CHART_TYPES.length) % 2 === 0);
    const analytic: Analytic = {
      id: `analytic://${tenant}/${name}`,
      name,
      title: index % 2 === 0 ? `platform.cms.${name}` : `Análise ${type} de ${table}`,
      chart: {
        type,
        ...(withCategory ? { category: columnRef(random, schema, table, columns) } : {}),
        series,
        datasetId: `dataset://${tenant}/${schema}-${table}`,
        filter: random.chance(0.5)
          ? {}
          : { field: random.pick(columns), operator: "EQ", value: String(random.int(1, 99)) },
        order,
      },
      preferredSize: { height: random.int(3, 10), width: random.int(3, 12) },
      tags: [
        ...new Set(Array.from({ length: random.int(0, 3) }, () => random.pick(["kpi", "vendas", "rh", "estoque"]))),
      ],
      properties: [
        { name: "refreshSeconds", value: String(random.pick([30, 60, 300])) },
        { name: "theme", value: random.pick(["light", "dark"]) },
      ],
      createdBy: random.pick(["admin@" + tenant, "analyst@" + tenant]),
      createdDate: new Date(EPOCH + random.int(0, 365 * 24 * 3600) * 1000 + random.int(0, 999)).toISOString(),
    };
    const visibleToRestricted = index === 0 ? true : index === 1 ? false : random.chance(0.5);
    records.push({ analytic, visibleToRestricted });
  }
  return records.sort((a, b) => String(a.analytic.id).localeCompare(String(b.analytic.id)));
}

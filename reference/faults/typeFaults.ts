/**
 * Faults that send one field of a 200 body, or accept one field of a request, under a JSON type its
 * table does not give it (§2.1–§2.12, §4.5): each breaks exactly one statement of the types, so that
 * statement is proven (contract/spec-statements.json, issue 44.5).
 */
import type { OperationName } from "../../contract/operations.js";
import type { ReferenceResponse } from "../http/ReferenceResponse.js";
import type { ReferenceFault } from "./ReferenceFault.js";
import { isJsonObject, listedItems, replaceFieldDeep, rewriteJson, type JsonObject } from "./rewriteJson.js";

/** `response` with `change` applied to each widget it carries (getWidget's body, the listing's items). */
function eachWidget(
  response: ReferenceResponse,
  operation: OperationName,
  change: (widget: JsonObject) => void,
): ReferenceResponse {
  const carries = operation === "getWidget" || operation === "listFactoryDefaultWidgets";
  return rewriteJson(response, response.status === 200 && carries, (body) => {
    for (const widget of operation === "getWidget" ? [body] : listedItems(body, "widgets")) change(widget);
    return body;
  });
}

/** `response` with `change` applied to getAnalytic's analytic. */
function theAnalytic(
  response: ReferenceResponse,
  operation: OperationName,
  change: (analytic: JsonObject) => void,
): ReferenceResponse {
  return rewriteJson(response, response.status === 200 && operation === "getAnalytic", (body) => {
    if (isJsonObject(body.analytic)) change(body.analytic);
    return body;
  });
}

/** `response` with `change` applied to getAnalytic's chart. */
function theChart(
  response: ReferenceResponse,
  operation: OperationName,
  change: (chart: JsonObject) => void,
): ReferenceResponse {
  return theAnalytic(response, operation, (analytic) => {
    if (isJsonObject(analytic.chart)) change(analytic.chart);
  });
}

/** Each sends one field under another JSON type; schema.response-body (or errors.wrong-type-400) sees it. */
export const TYPE_FAULTS: readonly ReferenceFault[] = [
  {
    name: "widget-description-as-object",
    section: "§2.1",
    description:
      'Widget descriptions are sent as an object {"key": …} holding the i18n key instead of the key as a string.',
    caughtBy: ["schema.response-body"],
    respond: (response, { operation }) =>
      eachWidget(response, operation, (widget) => {
        widget.description = { key: widget.description ?? null };
      }),
  },
  {
    name: "permission-action-as-array",
    section: "§2.2",
    description: "A widget's permission.action is sent as an array holding the action instead of a string.",
    caughtBy: ["schema.response-body"],
    respond: (response, { operation }) =>
      eachWidget(response, operation, (widget) => {
        if (isJsonObject(widget.permission)) widget.permission.action = [widget.permission.action ?? null];
      }),
  },
  {
    name: "preferred-size-fractional",
    section: "§2.3",
    description: "A widget's preferredSize.width is sent with a fraction (width + 0.5) instead of an integer.",
    caughtBy: ["schema.response-body"],
    respond: (response, { operation }) =>
      eachWidget(response, operation, (widget) => {
        const size = widget.preferredSize;
        if (isJsonObject(size) && typeof size.width === "number") size.width += 0.5;
      }),
  },
  {
    name: "include-header-as-string",
    section: "§2.4",
    description: 'Landing pages carry includeHeader as the text "true" or "false" instead of a boolean.',
    caughtBy: ["schema.response-body"],
    respond: (response, { operation }) =>
      rewriteJson(response, response.status === 200 && operation === "listLandingPages", (body) =>
        replaceFieldDeep(body, "includeHeader", (value) => (typeof value === "boolean" ? String(value) : value)),
      ),
  },
  {
    name: "properties-as-map",
    section: "§2.5",
    description:
      "An analytic's properties are sent as one object mapping each name to its value instead of an array of {name, value}.",
    caughtBy: ["schema.response-body"],
    respond: (response, { operation }) =>
      theAnalytic(response, operation, (analytic) => {
        if (!Array.isArray(analytic.properties)) return;
        const entries = analytic.properties.filter(isJsonObject).map((property) => [property.name, property.value]);
        analytic.properties = Object.fromEntries(entries);
      }),
  },
  {
    name: "chart-filter-as-text",
    section: "§2.6",
    description: "A chart's filter is sent as its JSON text (a string) instead of an object.",
    caughtBy: ["schema.response-body"],
    respond: (response, { operation }) =>
      theChart(response, operation, (chart) => {
        if (chart.filter !== undefined) chart.filter = JSON.stringify(chart.filter);
      }),
  },
  {
    name: "series-column-as-text",
    section: "§2.8",
    description: 'Each series of a chart names its column as the text "schema.table.column" instead of a ColumnRef.',
    caughtBy: ["schema.response-body"],
    respond: (response, { operation }) =>
      theChart(response, operation, (chart) => {
        if (!Array.isArray(chart.series)) return;
        for (const series of chart.series.filter(isJsonObject)) {
          const column = series.column;
          if (isJsonObject(column))
            series.column = [column.schema, column.table, column.column].map((part) => String(part)).join(".");
        }
      }),
  },
  {
    name: "order-direction-as-boolean",
    section: "§2.9",
    description: "Each Order of a chart carries its order as a boolean (true for ASC) instead of a string.",
    caughtBy: ["schema.response-body"],
    respond: (response, { operation }) =>
      theChart(response, operation, (chart) => {
        if (!Array.isArray(chart.order)) return;
        for (const order of chart.order.filter(isJsonObject))
          if (typeof order.order === "string") order.order = order.order === "ASC";
      }),
  },
  {
    name: "function-type-lower-case",
    section: "§2.10",
    description: "FunctionType values are spelled in lower case (sum, count_distinct) in ColumnRef and Order.",
    caughtBy: ["schema.response-body"],
    respond: (response, { operation }) =>
      theChart(response, operation, (chart) => {
        replaceFieldDeep(chart, "function", (value) => (typeof value === "string" ? value.toLowerCase() : value));
      }),
  },
  {
    name: "role-filter-sequence-as-string",
    section: "§2.12",
    description: "The sequence of each role filter group's key is sent as a string instead of an integer.",
    caughtBy: ["schema.response-body"],
    respond: (response, { operation }) =>
      rewriteJson(response, response.status === 200 && operation === "getRoleFilters", (body) =>
        replaceFieldDeep(body, "sequence", (value) => (typeof value === "number" ? String(value) : value)),
      ),
  },
  {
    name: "single-role-as-array",
    section: "§4.5",
    description:
      'getRoleFilters reads roles sent as one string ("admin") as the array ["admin"], as a lenient mapper does, instead of refusing it with 400.',
    caughtBy: ["errors.wrong-type-400"],
    requestBody: (body, operation) =>
      operation === "getRoleFilters" && isJsonObject(body) && typeof body.roles === "string"
        ? { ...body, roles: [body.roles] }
        : body,
  },
];

/**
 * Faults that leave out a field a §2, §4 or §7 table lists (register required-response-fields): each
 * table lists its fields without marking any optional, and the spec names its own exceptions (category
 * 'Optional for type GAUGE', §2.6). The vendor SDK marks many of them optional; that does not make
 * them so (issue 44).
 */
import type { OperationName } from "../../contract/operations.js";
import type { ReferenceFault } from "./ReferenceFault.js";
import { isJsonObject, listedItems, rewriteJson, type JsonObject } from "./rewriteJson.js";

/** The widgets of a 200 answer of listFactoryDefaultWidgets or getWidget (none for another operation). */
function answeredWidgets(operation: OperationName, body: JsonObject): JsonObject[] {
  if (operation === "getWidget") return [body];
  return operation === "listFactoryDefaultWidgets" ? listedItems(body, "widgets") : [];
}

/** The chart of a 200 answer of getAnalytic, if any. */
function answeredChart(body: JsonObject): JsonObject | undefined {
  const chart = isJsonObject(body.analytic) ? body.analytic.chart : undefined;
  return isJsonObject(chart) ? chart : undefined;
}

/** Keeps only `kept` of `object`'s fields, in place. */
function keepOnly(object: JsonObject, kept: readonly string[]): void {
  for (const key of Object.keys(object)) if (!kept.includes(key)) delete object[key];
}

/** Each leaves out one field (or, for the SDK's reading, every field the SDK marks optional). */
export const FIELD_PRESENCE_FAULTS: readonly ReferenceFault[] = [
  {
    name: "widget-without-thumbnail-url",
    section: "§2.1",
    description: "Widgets, in the listing and from getWidget, leave out thumbnailURL (the SDK marks it optional).",
    caughtBy: ["schema.response-body"],
    respond: (response, { operation }) =>
      rewriteJson(response, response.status === 200, (body) => {
        for (const widget of answeredWidgets(operation, body)) delete widget.thumbnailURL;
        return body;
      }),
  },
  {
    name: "landing-page-without-include-header",
    section: "§2.4",
    description: "Listed landing pages leave out includeHeader (the SDK marks it optional).",
    caughtBy: ["schema.response-body"],
    respond: (response, { operation }) =>
      rewriteJson(response, response.status === 200 && operation === "listLandingPages", (body) => {
        for (const page of listedItems(body, "landingPages")) delete page.includeHeader;
        return body;
      }),
  },
  {
    name: "analytic-without-properties",
    section: "§2.5",
    description: "getAnalytic leaves out the analytic's properties (the SDK marks them optional).",
    caughtBy: ["schema.response-body"],
    respond: (response, { operation }) =>
      rewriteJson(response, response.status === 200 && operation === "getAnalytic", (body) => {
        if (isJsonObject(body.analytic)) delete body.analytic.properties;
        return body;
      }),
  },
  {
    name: "chart-without-filter",
    section: "§2.6",
    description:
      "getAnalytic leaves out the chart's filter when it has no content, instead of sending an empty object.",
    caughtBy: ["schema.response-body"],
    respond: (response, { operation }) =>
      rewriteJson(response, response.status === 200 && operation === "getAnalytic", (body) => {
        const chart = answeredChart(body);
        if (chart && isJsonObject(chart.filter) && Object.keys(chart.filter).length === 0) delete chart.filter;
        return body;
      }),
  },
  {
    name: "chart-without-category",
    section: "§2.6",
    description: "Charts of every type but GAUGE leave out their category, which §2.6 makes optional for GAUGE only.",
    caughtBy: ["schema.response-body"],
    respond: (response, { operation }) =>
      rewriteJson(response, response.status === 200 && operation === "getAnalytic", (body) => {
        const chart = answeredChart(body);
        if (chart && chart.type !== "GAUGE") delete chart.category;
        return body;
      }),
  },
  {
    name: "chart-category-null",
    section: "§2.6",
    description:
      "Charts of every type but GAUGE answer category: null, a null for a member §2.6 makes optional for GAUGE only.",
    caughtBy: ["schema.response-body"],
    respond: (response, { operation }) =>
      rewriteJson(response, response.status === 200 && operation === "getAnalytic", (body) => {
        const chart = answeredChart(body);
        if (chart && chart.type !== "GAUGE") chart.category = null;
        return body;
      }),
  },
  {
    name: "role-filter-key-without-sequence",
    section: "§2.12",
    description: "getRoleFilters answers each group's key with domainName and serviceName but no sequence.",
    caughtBy: ["schema.response-body"],
    respond: (response, { operation }) =>
      rewriteJson(response, response.status === 200 && operation === "getRoleFilters", (body) => {
        for (const group of Array.isArray(body.filters) ? body.filters.filter(isJsonObject) : [])
          if (isJsonObject(group.key)) delete group.key.sequence;
        return body;
      }),
  },
  {
    name: "sdk-optional-fields-left-out",
    section: "§2",
    description:
      "Every field the vendor SDK marks optional is left out: widgets keep id, name and url; landing pages " +
      "lose includeHeader; analytics keep id, name, chart (type, series, datasetId), createdBy and createdDate.",
    caughtBy: ["schema.response-body"],
    respond: (response, { operation }) =>
      rewriteJson(response, response.status === 200, (body) => {
        for (const widget of answeredWidgets(operation, body)) keepOnly(widget, ["id", "name", "url"]);
        for (const page of operation === "listLandingPages" ? listedItems(body, "landingPages") : [])
          keepOnly(page, ["id", "pageId", "title", "landingPageType"]);
        const analytic = operation === "getAnalytic" && isJsonObject(body.analytic) ? body.analytic : undefined;
        if (analytic) keepOnly(analytic, ["id", "name", "chart", "createdBy", "createdDate"]);
        const chart = analytic ? answeredChart(body) : undefined;
        if (chart) keepOnly(chart, ["type", "series", "datasetId"]);
        return body;
      }),
  },
  {
    name: "bad-request-without-message",
    section: "§7",
    description: "400 bodies, of every operation, leave out message: errorCode, reason, domain and service only.",
    caughtBy: ["errors.error-body"],
    respond: (response) => rewriteJson(response, response.status === 400, ({ message: _message, ...rest }) => rest),
  },
  {
    name: "not-found-without-error-code",
    section: "§7",
    description: "404 bodies leave out errorCode: message, reason, domain and service only.",
    caughtBy: ["errors.error-body"],
    respond: (response) => rewriteJson(response, response.status === 404, ({ errorCode: _errorCode, ...rest }) => rest),
  },
  {
    name: "unauthorized-without-description",
    section: "§7",
    description: "401 bodies carry error but leave out error_description.",
    caughtBy: ["errors.unauthorized-body"],
    respond: (response) =>
      rewriteJson(response, response.status === 401, ({ error_description: _description, ...rest }) => rest),
  },
];

/**
 * Legitimate answers beside the plain reading of §2's tables (register required-response-fields): every
 * tabled field is there, and what the spec leaves free is used freely.
 */
import { isJsonObject } from "../../contract/jsonValue.js";
import { listedItems, rewriteJson } from "../faults/rewriteJson.js";
import type { ReferenceData } from "../data/referenceData.js";
import type { ReferenceVariant } from "./ReferenceVariant.js";

/** Adds `alias` beside every `field`, at any depth, with the same value, in place; returns `json`. */
function withAliasDeep(json: unknown, field: string, alias: string): unknown {
  if (Array.isArray(json)) json.forEach((item) => withAliasDeep(item, field, alias));
  else if (isJsonObject(json)) {
    for (const value of Object.values(json)) withAliasDeep(value, field, alias);
    if (field in json) json[alias] = json[field];
  }
  return json;
}

/** Filters of several structures: §2.6 shows none, so each is as good as another. */
const FILTER_STRUCTURES: readonly Record<string, unknown>[] = [
  { filters: [{ field: "region", operator: "IN", values: ["S", "SE"] }], logic: "AND" },
  { and: [{ eq: ["status", "open"] }, { gt: ["amount", 10] }] },
  { expression: "amount > 10", parameters: null, limit: 100 },
];

/** The data with every chart's filter in one of FILTER_STRUCTURES. */
function withFilterStructures(data: ReferenceData): ReferenceData {
  const analytics = data.analytics.map((record, index) => ({
    ...record,
    analytic: {
      ...record.analytic,
      chart: {
        ...record.analytic.chart,
        filter: structuredClone(FILTER_STRUCTURES[index % FILTER_STRUCTURES.length] as Record<string, unknown>),
      },
    },
  }));
  return { ...data, analytics };
}

/** Each stays within what §2's tables state. */
export const FIELD_VARIANTS: readonly ReferenceVariant[] = [
  {
    name: "near-miss-fields-beside-tabled",
    section: "§2.7",
    description:
      "ColumnRefs carry suffix beside §2.7's sufix, and widgets thumbnailUrl beside thumbnailURL, each with the same value.",
    why:
      "The tabled field is there under the spec's name; a second spelling beside it is only an unknown extra " +
      "field (register unknown-extra-fields), not a renamed one.",
    departs: [],
    respond: (response, { operation }) =>
      rewriteJson(response, response.status === 200, (body) => {
        if (operation === "getAnalytic") return withAliasDeep(body, "sufix", "suffix");
        const widgets =
          operation === "getWidget"
            ? [body]
            : operation === "listFactoryDefaultWidgets"
              ? listedItems(body, "widgets")
              : [];
        for (const widget of widgets) withAliasDeep(widget, "thumbnailURL", "thumbnailUrl");
        return body;
      }),
  },
  {
    name: "chart-filters-any-structure",
    section: "§2.6",
    description:
      "Every chart's filter is an object of another structure: a list under filters, a nested and, an expression with a null.",
    why: "§2.6 gives filter as an object and says 'Structure of this object: not shown': any object is the field.",
    departs: [],
    data: withFilterStructures,
  },
  {
    name: "jackson-nulls",
    section: "§2.6",
    description:
      "A GAUGE chart without a category answers category: null, as Jackson writes a null member by default, " +
      "instead of leaving the member out.",
    why:
      "§2.6 makes category optional for GAUGE; null is the absent optional member in JSON's other spelling " +
      "(register chart-category-non-gauge).",
    departs: [],
    respond: (response, { operation }) =>
      rewriteJson(response, response.status === 200 && operation === "getAnalytic", (body) => {
        const chart = isJsonObject(body.analytic) ? body.analytic.chart : undefined;
        if (isJsonObject(chart) && chart.type === "GAUGE" && chart.category === undefined) chart.category = null;
        return body;
      }),
  },
];

/** Faults that give a 200 body a wrong id format, enum spelling, number type or date format (§2, §2.11). */
import type { Series } from "../../contract/types.generated.js";
import type { ReferenceFault } from "./ReferenceFault.js";
import { isJsonObject, listedItems, replaceFieldDeep, rewriteJson } from "./rewriteJson.js";

/** Each breaks one stated type or format; schema.response-body sees all of them. */
export const SCHEMA_FAULTS: readonly ReferenceFault[] = [
  {
    name: "pie-two-series",
    section: "§2.6",
    description: "PIE analytics carry two series although a PIE chart accepts only one.",
    caughtBy: ["analytics.pie-single-series", "schema.response-body"],
    data: (data) => ({
      ...data,
      analytics: data.analytics.map((record) => {
        const chart = record.analytic.chart;
        const first: Series | undefined = chart.type === "PIE" ? chart.series[0] : undefined;
        if (!first) return record;
        return {
          ...record,
          analytic: {
            ...record.analytic,
            chart: { ...chart, series: [first, { ...structuredClone(first), label: "Série 2" }] },
          },
        };
      }),
    }),
  },
  {
    name: "widget-id-without-scheme",
    section: "§2.1",
    description: "Widget ids in listings and getWidget lack the widget:// scheme.",
    caughtBy: ["schema.response-body"],
    mayAlsoFail: {
      "http.valid-request-ok": "its basic getWidget request sends a listed id, which lacks the scheme and gets 400",
      "permissions.forbidden-resource-403":
        "the hidden widget's id it reads lacks the scheme, so the read gets 400 instead of 403",
      "consistency.listed-widget-readable": "the listed ids it reads back lack the scheme and get 400",
      "search.widgets-by-name-or-description":
        "the widget the configured translated text must find is listed under an id without the scheme",
      "search.widgets-case-insensitive-non-ascii":
        "the widget the configured translated text must find is listed under an id without the scheme",
    },
    respond: (response, { operation }) =>
      rewriteJson(
        response,
        response.status === 200 && (operation === "getWidget" || operation === "listFactoryDefaultWidgets"),
        (body) => {
          const widgets = operation === "getWidget" ? [body] : listedItems(body, "widgets");
          for (const widget of widgets)
            if (typeof widget.id === "string") widget.id = widget.id.replace(/^widget:\/\//, "");
          return body;
        },
      ),
  },
  {
    name: "landing-id-without-tenant",
    section: "§2.4",
    description: "Landing page ids are landing://{page id}, without the tenant domain segment.",
    caughtBy: ["schema.response-body"],
    mayAlsoFail: {
      "permissions.listing-facts":
        "the listed ids are not the ids the facts name, so the restricted user's own pages look missing",
    },
    respond: (response, { operation }) =>
      rewriteJson(response, response.status === 200 && operation === "listLandingPages", (body) => {
        for (const page of listedItems(body, "landingPages")) page.id = `landing://${String(page.pageId)}`;
        return body;
      }),
  },
  {
    name: "landing-type-lower-case",
    section: "§2.4",
    description: "landingPageType is spelled in lower case (default, shared, personal).",
    caughtBy: ["schema.response-body"],
    respond: (response, { operation }) =>
      rewriteJson(response, response.status === 200 && operation === "listLandingPages", (body) =>
        replaceFieldDeep(body, "landingPageType", (value) => (typeof value === "string" ? value.toLowerCase() : value)),
      ),
  },
  {
    name: "chart-type-misspelled",
    section: "§2.10",
    description: "Chart types with an underscore are spelled with a hyphen (STACKED-BAR, STACKED-COLUMN).",
    caughtBy: ["schema.response-body"],
    respond: (response, { operation }) =>
      rewriteJson(response, response.status === 200 && operation === "getAnalytic", (body) => {
        const chart = isJsonObject(body.analytic) ? body.analytic.chart : undefined;
        if (isJsonObject(chart) && typeof chart.type === "string") chart.type = chart.type.replace(/_/g, "-");
        return body;
      }),
  },
  {
    name: "precision-as-string",
    section: "§2.7",
    description: "ColumnRef precision is sent as a string instead of an integer.",
    caughtBy: ["schema.response-body"],
    respond: (response, { operation }) =>
      rewriteJson(response, response.status === 200 && operation === "getAnalytic", (body) =>
        replaceFieldDeep(body, "precision", (value) => (typeof value === "number" ? String(value) : value)),
      ),
  },
  {
    name: "created-date-without-millis",
    section: "§2.5",
    description: "createdDate has no milliseconds (2024-03-01T10:00:00Z).",
    caughtBy: ["schema.response-body"],
    respond: (response, { operation }) =>
      rewriteJson(response, response.status === 200 && operation === "getAnalytic", (body) =>
        replaceFieldDeep(body, "createdDate", (value) =>
          typeof value === "string" ? value.replace(/\.\d{3}Z$/, "Z") : value,
        ),
      ),
  },
  {
    name: "totals-as-strings",
    section: "§2.11",
    description: "totalElements and totalPages are sent as strings.",
    caughtBy: ["schema.response-body"],
    mayAlsoFail: {
      "pagination.default-first-10": "an answer without integer totals is not a listing it can compare",
      "search.widgets-by-tag": "search walks stop at the first page without integer totals",
      "search.widgets-case-insensitive": "search walks stop at the first page without integer totals",
      "search.landing-by-title": "search walks stop at the first page without integer totals",
      "search.widgets-by-name-or-description": "search walks stop at the first page without integer totals",
      "search.widgets-case-insensitive-non-ascii": "search walks stop at the first page without integer totals",
    },
    respond: (response, { operation }) =>
      rewriteJson(
        response,
        response.status === 200 && (operation === "listFactoryDefaultWidgets" || operation === "listLandingPages"),
        (body) => {
          const info = body.listInformation;
          if (isJsonObject(info)) for (const key of ["totalElements", "totalPages"]) info[key] = String(info[key]);
          return body;
        },
      ),
  },
  {
    name: "one-analytic-pie-two-series",
    section: "§2.6",
    description:
      "Exactly one analytic, in the middle of the configured ones (not the first), is a PIE chart with two series.",
    caughtBy: ["analytics.pie-single-series", "schema.response-body"],
    data: (data) => {
      const middle = Math.floor(data.analytics.length / 2);
      if (middle === 0) return data;
      return {
        ...data,
        analytics: data.analytics.map((record, index) => {
          const chart = record.analytic.chart;
          const first: Series | undefined = chart.series[0];
          if (index !== middle || !first) return record;
          return {
            ...record,
            analytic: {
              ...record.analytic,
              chart: { ...chart, type: "PIE", series: [first, { ...structuredClone(first), label: "Série 2" }] },
            },
          };
        }),
      };
    },
  },
  {
    name: "one-widget-broken",
    section: "§2.1",
    description:
      "getWidget answers one widget in the middle of the listing with tags as one comma-separated string instead of an array.",
    caughtBy: ["schema.response-body"],
    mayAlsoFail: {
      "consistency.list-get-equal":
        "the broken widget's tags differ from the listing's (register list-get-consistency)",
    },
    respond: (response, { operation, data }) => {
      const middle = data.widgets[Math.floor(data.widgets.length / 2)];
      return rewriteJson(
        response,
        response.status === 200 && operation === "getWidget" && middle !== undefined && data.widgets.length > 1,
        (body) => {
          if (body.id === middle?.widget.id) body.tags = Array.isArray(body.tags) ? body.tags.join(",") : "";
          return body;
        },
      );
    },
  },
];

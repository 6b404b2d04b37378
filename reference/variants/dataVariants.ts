/** Legitimate data the suite must handle: other alphabets and symbols, and listings far smaller or larger than the reference's. */
import { isJsonObject } from "../../contract/jsonValue.js";
import type { ReferenceData } from "../data/referenceData.js";
import { withNfdTexts, withUnicodeTexts } from "../data/unicodeTexts.js";
import type { ReferenceVariant } from "./ReferenceVariant.js";

/** The data with other listing sizes; analytics and roles stay, so the run's fixtures still hold. */
function resized(data: ReferenceData, fresh: ReferenceData): ReferenceData {
  return {
    ...fresh,
    analytics: data.analytics,
    roles: data.roles,
    domainName: data.domainName,
    serviceName: data.serviceName,
  };
}

/** The data with every PIE chart's series list emptied: "only one series" caps the count, it does not demand one. */
function withEmptyPieSeries(data: ReferenceData): ReferenceData {
  const analytics = data.analytics.map((record) =>
    record.analytic.chart?.type === "PIE"
      ? { ...record, analytic: { ...record.analytic, chart: { ...record.analytic.chart, series: [] } } }
      : record,
  );
  return { ...data, analytics };
}

/** Answers served so far by the volatile-extra-fields variant: its request ids and timestamps never repeat. */
let volatileAnswers = 0;

/** Adds an unlisted field that changes per answer to an object (a widget, a page, a body). */
function withVolatileFields(value: unknown, answer: number): unknown {
  if (!isJsonObject(value)) return value;
  return { ...value, servedAt: new Date(Date.UTC(2030, 0, 1, 0, 0, 0, answer)).toISOString() };
}

/** Each serves other data through the correct rules. */
export const DATA_VARIANTS: readonly ReferenceVariant[] = [
  {
    name: "unicode-data",
    section: "§2.4",
    description:
      "Titles and tags in Portuguese, Japanese, Chinese and Greek, with emoji and the characters % _ . ( [ \\ ' \" *.",
    why: "Titles and tags are strings (§2.1, §2.4); nothing limits their alphabet.",
    departs: [],
    data: withUnicodeTexts,
  },
  {
    name: "nfd-stored-text",
    section: "§2.4",
    description:
      "The titles, tags and translated texts of unicode-data stored and answered in Unicode NFD (ç as c and a " +
      "combining cedilla): a search with the exact code points answered finds its item, an NFC spelling of it may not.",
    why:
      "Titles and tags are strings (§2.1, §2.4) and no normalisation form is stated; no common database or " +
      "runtime normalises by default, so a value that differs only by its form is not a value the item holds " +
      "(register search-match-mode).",
    departs: [],
    data: (data) => withNfdTexts(withUnicodeTexts(data)),
  },
  {
    name: "few-items",
    section: "§2.11",
    description: "One widget and three landing pages.",
    why: "Nothing sets a minimum size of a listing; every check must learn the sizes from the target.",
    departs: [],
    data: (data, rebuild) => resized(data, rebuild({ widgets: 1, landingPages: 3 })),
  },
  {
    name: "many-items",
    section: "§2.11",
    description: "2,500 widgets and 2,500 landing pages.",
    why: "Nothing sets a maximum size of a listing; walks must stay within their page bounds (--max-pages).",
    departs: [],
    data: (data, rebuild) => resized(data, rebuild({ widgets: 2500, landingPages: 2500 })),
  },
  {
    name: "volatile-extra-fields",
    section: "§2",
    description:
      "Every 200 body carries a requestId and a timestamp, and every widget and landing page a servedAt, that change with each answer.",
    why: "Fields the spec does not list are allowed (register unknown-extra-fields); only what §2 defines must stay the same between answers.",
    departs: [],
    respond: (response, { operation }) => {
      if (response.status !== 200 || !isJsonObject(response.json)) return response;
      volatileAnswers += 1;
      const answer = volatileAnswers;
      const body: Record<string, unknown> = { ...response.json };
      for (const field of ["widgets", "landingPages"]) {
        const items = body[field];
        if (Array.isArray(items)) body[field] = items.map((item) => withVolatileFields(item, answer));
      }
      const json =
        operation === "getWidget"
          ? withVolatileFields(body, answer)
          : {
              ...body,
              requestId: `req-${answer}`,
              timestamp: new Date(Date.UTC(2030, 0, 1, 0, 0, 0, answer)).toISOString(),
            };
      return { ...response, json };
    },
  },
  {
    name: "pie-without-series",
    section: "§2.6",
    description: "Every PIE chart carries an empty series list.",
    why: "§2.6 and §8 accept only one series for a PIE chart, a cap and not a minimum (register pie-series-count).",
    departs: [],
    data: withEmptyPieSeries,
  },
];

/** Legitimate data the suite must handle: other alphabets and symbols, and listings far smaller or larger than the reference's. */
import { isJsonObject } from "../../contract/jsonValue.js";
import type { ReferenceData } from "../data/referenceData.js";
import type { ReferenceVariant } from "./ReferenceVariant.js";

/** Titles in several scripts, with emoji and the characters naive search backends trip on (% _ . ( [ \ ' " *). */
const UNICODE_TITLES: readonly string[] = [
  "Ações e Indicadores",
  "販売ダッシュボード",
  "📊 Painel de Métricas",
  "Relatório (Q1) – 50% concluído",
  "Visão do Gestor: O'Brien",
  "Página_Inicial v2.0 [beta]",
  "Zürich Straße",
  "İzmir Şubesi",
  "Ελληνικά Δεδομένα",
  "Caminho C:\\dados\\*",
  'Ünïcödé ✓ "aspas"',
  "客户 👩‍💻 Portal",
];
/** Tags in several scripts and with symbols; a few plain ASCII ones stay so that case variants can be tried. */
const UNICODE_TAGS: readonly string[] = [
  "relatório",
  "販売",
  "📈",
  "ação",
  "kpi",
  "naïve",
  "größe",
  "c++",
  "50%",
  "v1.0",
  "snake_case",
  "o'brien",
  "Realtime",
];

/** The data with unicode titles and tags (same ids, owners and permissions). */
function withUnicodeTexts(data: ReferenceData): ReferenceData {
  const translations = { ...data.translations };
  const widgets = data.widgets.map((record, index) => {
    const tags = [
      ...new Set([
        UNICODE_TAGS[index % UNICODE_TAGS.length] as string,
        UNICODE_TAGS[(index * 7 + 3) % UNICODE_TAGS.length] as string,
      ]),
    ].slice(0, 1 + (index % 2));
    if (index % 3 === 0 && typeof record.widget.name === "string")
      translations[record.widget.name] = `${UNICODE_TITLES[index % UNICODE_TITLES.length] as string} ${index + 1}`;
    return { ...record, widget: { ...record.widget, tags } };
  });
  const landingPages = data.landingPages.map((record, index) => ({
    ...record,
    page: { ...record.page, title: `${UNICODE_TITLES[index % UNICODE_TITLES.length] as string} ${index + 1}` },
  }));
  return { ...data, widgets, landingPages, translations };
}

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

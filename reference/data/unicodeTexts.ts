/** Data in other alphabets and normalisation forms, for the variants and faults that need them (§2.1, §2.4). */
import type { ReferenceData } from "./referenceData.js";

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
export function withUnicodeTexts(data: ReferenceData): ReferenceData {
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

/** The data with every title, tag and translated text in Unicode NFD (decomposed), as a store that keeps what it was given. */
export function withNfdTexts(data: ReferenceData): ReferenceData {
  const nfd = (text: string) => text.normalize("NFD");
  const translations = Object.fromEntries(Object.entries(data.translations).map(([key, text]) => [key, nfd(text)]));
  const widgets = data.widgets.map((record) =>
    record.widget.tags ? { ...record, widget: { ...record.widget, tags: record.widget.tags.map(nfd) } } : record,
  );
  const landingPages = data.landingPages.map((record) =>
    typeof record.page.title === "string"
      ? { ...record, page: { ...record.page, title: nfd(record.page.title) } }
      : record,
  );
  return { ...data, widgets, landingPages, translations };
}

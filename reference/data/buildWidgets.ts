/** Builds the factory-default widgets (§2.1) and their platform.cms translations. */
import type { Widget } from "../../contract/types.generated.js";
import type { WidgetRecord } from "./referenceData.js";
import type { SeededRandom } from "./seededRandom.js";

/** English slug word → Portuguese text, so search has to read the translation table (§4.1). */
const SUBJECTS: readonly (readonly [string, string])[] = [
  ["revenue", "Receita"],
  ["headcount", "Quadro de Funcionários"],
  ["inventory", "Estoque"],
  ["weather", "Previsão do Tempo"],
  ["calendar", "Calendário"],
  ["news", "Notícias"],
  ["tasks", "Tarefas"],
  ["approvals", "Aprovações"],
  ["birthdays", "Aniversariantes"],
  ["links", "Atalhos"],
  ["notices", "Comunicados"],
  ["documents", "Documentos"],
];
const QUALIFIERS: readonly (readonly [string, string])[] = [
  ["daily", "Diária"],
  ["monthly", "Mensal"],
  ["regional", "Regional"],
  ["team", "da Equipe"],
  ["quick", "Rápida"],
  ["global", "Global"],
];
/** Tag words appear in no key and no translation, so a tag search can only match through tags (§4.1). */
const WIDGET_TAGS: readonly string[] = ["kpi", "mobile", "legacy", "realtime", "favorite", "finance", "people", "beta"];
const AREAS: readonly (readonly [string, string])[] = [
  ["platform", "cms"],
  ["hcm", "payroll"],
  ["erp", "sales"],
  ["platform", "analytics"],
];

function camel(words: readonly string[]): string {
  return words.map((word, index) => (index === 0 ? word : word.charAt(0).toUpperCase() + word.slice(1))).join("");
}

/** Builds `count` widgets sorted by id, adding their texts to `translations`. */
export function buildWidgets(
  random: SeededRandom,
  tenant: string,
  count: number,
  translations: Record<string, string>,
): WidgetRecord[] {
  const records: WidgetRecord[] = [];
  // Widgets of one subject in one area share their permission, and so its visibility (§2.2, §5).
  const visibleByResource = new Map<string, boolean>();
  for (let index = 0; index < count; index++) {
    const [subject, subjectText] = random.pick(SUBJECTS);
    const [qualifier, qualifierText] = random.pick(QUALIFIERS);
    const [domain, service] = random.pick(AREAS);
    const serial = String(index + 1).padStart(3, "0");
    const slug = `${qualifier}-${subject}-${serial}`;
    const key = `platform.cms.widget.${camel([qualifier, subject])}${serial}`;
    translations[`${key}.name`] = `${subjectText} ${qualifierText} ${serial}`;
    translations[`${key}.description`] =
      `Mostra ${subjectText.toLowerCase()} (${qualifierText.toLowerCase()}) de ${domain}/${service}`;
    const tags = [...new Set(Array.from({ length: random.int(0, 4) }, () => random.pick(WIDGET_TAGS)))];
    // The first two widgets hold permissions of their own, so that one always shows and one never does.
    const resource = `res://${tenant}/${domain}/${service}/widgets/${index < 2 ? slug : subject}`;
    const widget: Widget = {
      id: `widget://${tenant}/${domain}/${service}/${slug}`,
      name: `${key}.name`,
      description: `${key}.description`,
      permission: { resource, action: "Visualizar" },
      url: `https://cdn.${tenant}/widgets/${slug}/index.html`,
      thumbnailURL: `https://cdn.${tenant}/widgets/${slug}/thumbnail.png`,
      tags,
      preferredSize: { height: random.int(2, 8), width: random.int(2, 12) },
    };
    // The first widget is always visible to the restricted user and the second never, so both cases exist.
    const drawn = index === 0 ? true : index === 1 ? false : random.chance(0.6);
    const visibleToRestricted = visibleByResource.get(resource) ?? drawn;
    visibleByResource.set(resource, visibleToRestricted);
    records.push({ widget, visibleToRestricted });
  }
  return records.sort((a, b) => String(a.widget.id).localeCompare(String(b.widget.id)));
}

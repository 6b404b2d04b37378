/** Builds the landing pages (§2.4): three types, mixed-case and accented titles, two owners. */
import type { LandingPageType } from "../../contract/types.generated.js";
import type { LandingPageRecord, ReferenceUserName } from "./referenceData.js";
import type { SeededRandom } from "./seededRandom.js";

const TITLES: readonly string[] = [
  "Página Inicial",
  "Painel de Vendas",
  "RH – Visão Geral",
  "Relatórios Financeiros",
  "Área do Colaborador",
  "dashboard OPERACIONAL",
  "Início Rápido",
  "Gestão de Estoque",
  "Aprovações Pendentes",
  "Calendário Corporativo",
  "Indicadores de Produção",
  "Minha Página",
];
const TYPES: readonly LandingPageType[] = ["DEFAULT", "SHARED", "PERSONAL"];
/** Role names SHARED pages are shared with (kept internally, never listed, §2.4). */
const SHARE_ROLES: readonly string[] = ["admin", "manager", "seller", "auditor"];

/** Builds `count` landing pages sorted by id. */
export function buildLandingPages(random: SeededRandom, tenant: string, count: number): LandingPageRecord[] {
  const records: LandingPageRecord[] = [];
  for (let index = 0; index < count; index++) {
    const pageId = `page-${String(index + 1).padStart(3, "0")}`;
    const type = TYPES[index % TYPES.length] as LandingPageType;
    // Every 13th page (from the 6th) is a soft-deleted page of the restricted user: never listed.
    const archived = index % 13 === 5;
    const owner: ReferenceUserName =
      archived || index % 4 === 1
        ? "restricted"
        : index % 4 === 0
          ? "admin"
          : random.pick(["admin", "restricted"] as const);
    const roles = type === "SHARED" ? [...new Set([random.pick(SHARE_ROLES), random.pick(SHARE_ROLES)])] : [];
    records.push({
      page: {
        id: `landing://${tenant}/${pageId}`,
        pageId,
        title: `${random.pick(TITLES)} ${index + 1}`,
        includeHeader: random.chance(0.5),
        landingPageType: type,
      },
      owner,
      roles,
      archived,
    });
  }
  return records.sort((a, b) => String(a.page.id).localeCompare(String(b.page.id)));
}

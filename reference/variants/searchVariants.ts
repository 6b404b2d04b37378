/** Legitimate ways to search (§4.1, §4.2) that the suite must not fail. */
import type { ReferenceVariant } from "./ReferenceVariant.js";

/** Each searches differently from the reference, within what the spec allows. */
export const SEARCH_VARIANTS: readonly ReferenceVariant[] = [
  {
    name: "landing-search-case-sensitive",
    section: "§4.2",
    description: "Landing page search compares case: searching painel does not find Painel de Vendas.",
    why: "§4.2 says the value is searched in the title but, unlike §4.1, not that case is ignored (register landing-search-case).",
    departs: [],
    behaviour: () => ({
      landingMatches: (record, searchValue) => searchValue === "" || (record.page.title ?? "").includes(searchValue),
    }),
  },
];

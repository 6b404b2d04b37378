/** Legitimate ways to search (§4.1, §4.2) that the suite must not fail. */
import { LISTING_OPERATIONS } from "../../contract/operations.js";
import { widgetSearchTexts } from "../behaviour/widgetMatchesSearch.js";
import { isJsonObject } from "../faults/rewriteJson.js";
import { badRequest } from "../http/errorResponses.js";
import type { ReferenceVariant } from "./ReferenceVariant.js";

/** Characters a cautious backend refuses in a search value instead of escaping them. */
const REFUSED_SEARCH_CHARACTERS = /[%_*.()[\]\\'";]/;

/** A text without accents, in lower case: what an accent- and case-insensitive collation compares. */
function folded(text: string): string {
  return text.normalize("NFD").replace(/\p{M}/gu, "").toLocaleLowerCase("pt-BR");
}

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
  {
    name: "search-accent-insensitive",
    section: "§4.1",
    description:
      "Both searches also ignore accents (an accent-insensitive collation): previsao finds Previsão, and a part of a tag or key is still found.",
    why:
      "§4.1 and §4.2 do not say whether accents count; the register reads search as a substring ignoring case " +
      "and accents (register search-match-mode), as the common databases' default collations do.",
    departs: [],
    behaviour: () => ({
      widgetMatches: (record, searchValue, data) =>
        searchValue === "" ||
        widgetSearchTexts(record.widget, data.translations).some((text) => folded(text).includes(folded(searchValue))),
      landingMatches: (record, searchValue) =>
        searchValue === "" || folded(record.page.title ?? "").includes(folded(searchValue)),
    }),
  },
  {
    name: "search-special-chars-400",
    section: "§7",
    description:
      "Both listings answer 400 (with the §7 body) to a searchValue holding one of % _ * . ( ) [ ] \\ ' \" ; instead of searching it.",
    why:
      "Refusing a legal string is not stated to be wrong (§7 gives 400 for a field filled incorrectly); the " +
      "register's default searches it, so this is a warning (register search-special-characters).",
    // A long value refused for its characters cannot be told from one refused for its length.
    departs: ["search-special-characters", "payload-size-limit"],
    respond: (response, { operation, body }) => {
      const searchValue = isJsonObject(body) ? body.searchValue : undefined;
      const refused =
        response.status === 200 &&
        LISTING_OPERATIONS.includes(operation) &&
        typeof searchValue === "string" &&
        REFUSED_SEARCH_CHARACTERS.test(searchValue);
      return refused
        ? badRequest(
            operation,
            `searchValue may not contain % _ * . ( ) [ ] \\ ' " or ;, got ${JSON.stringify(searchValue)}`,
            "invalidField",
          )
        : response;
    },
  },
];

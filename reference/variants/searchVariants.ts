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

/** Whether `value` occurs in `text` (case ignored) with no letter or digit right before or after it: a whole-word match. */
function holdsAsWords(text: string, value: string): boolean {
  const haystack = text.toLocaleLowerCase("pt-BR");
  const needle = value.toLocaleLowerCase("pt-BR");
  const wordChar = (char: string | undefined) => char !== undefined && /[\p{L}\p{N}\p{M}]/u.test(char);
  for (let at = haystack.indexOf(needle); at >= 0; at = haystack.indexOf(needle, at + 1)) {
    const before = haystack.slice(0, at);
    if (!wordChar([...before].at(-1)) && !wordChar([...haystack.slice(at + needle.length)][0])) return true;
  }
  return false;
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
    name: "search-translations-not-keys",
    section: "§4.1",
    description:
      "Widget search looks in the translations of the name and description keys and in the tags, never in " +
      "the keys themselves: a whole key, or a part of one, finds nothing.",
    why:
      "§4.1 searches 'the internationalized fields' without saying whether a field's key or its translation is " +
      "the text searched; a user searches what the page shows (register search-i18n-key).",
    departs: ["search-i18n-key"],
    behaviour: () => ({
      widgetMatches: (record, searchValue, data) => {
        if (searchValue === "") return true;
        const needle = searchValue.toLocaleLowerCase("pt-BR");
        const keys = [record.widget.name, record.widget.description];
        const texts = [...keys.map((key) => data.translations[String(key)] ?? ""), ...(record.widget.tags ?? [])];
        return texts.some((text) => text.toLocaleLowerCase("pt-BR").includes(needle));
      },
    }),
  },
  {
    name: "search-whole-tags",
    section: "§4.1",
    description:
      "Widget search matches a tag only when the value is the whole tag (case ignored), so a part of a tag " +
      "finds nothing; names, descriptions and their translations are still searched for parts.",
    why:
      "§4.1 says the value is searched in the tags, not whether a tag is matched whole or in part: a tag is " +
      "a label, and a tag filter commonly compares it whole (register search-match-mode).",
    departs: ["search-match-mode"],
    behaviour: (correct) => ({
      widgetMatches: (record, searchValue, data) =>
        correct.widgetMatches({ ...record, widget: { ...record.widget, tags: [] } }, searchValue, data) ||
        (record.widget.tags ?? []).some(
          (tag) => tag.toLocaleLowerCase("pt-BR") === searchValue.toLocaleLowerCase("pt-BR"),
        ),
    }),
  },
  {
    name: "landing-search-whole-words",
    section: "§4.2",
    description:
      "Landing page search finds a title only where the value stands as whole words (case ignored): Vendas " +
      "and a whole title find their pages, endas finds nothing.",
    why:
      "§4.2 says the value is searched in the title, not whether a part of a word matches; full-text " +
      "searches match whole words (register search-match-mode).",
    departs: ["search-match-mode"],
    behaviour: () => ({
      landingMatches: (record, searchValue) => searchValue === "" || holdsAsWords(record.page.title ?? "", searchValue),
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

/**
 * What a discovered listing offers to search for (register search-match-mode): a widget's tags
 * (§4.1: searched, and visible, unlike the translations of its i18n keys) and the words of the
 * landing pages' titles (§4.2). Every term comes from the target; none is guessed.
 */
import { isJsonObject } from "../../../contract/jsonValue.js";
import type { OperationName } from "../../../contract/operations.js";
import { foldedContains, foldSearchText, undecodable } from "./containsSearchValue.js";
import { itemKey } from "../walks/listingPage.js";
import type { ListingWalk } from "../walks/walkListing.js";

/** A value to search, how many listed items carry it, and one of them. */
export interface SearchTerm {
  readonly value: string;
  readonly count: number;
  readonly owner: string;
}

/** Most distinct terms kept: enough to choose from, bounded on a hostile listing. */
const MAX_TERMS = 200;

/** The texts terms are cut from: a widget's tags, a landing page's title. */
function termSources(operation: OperationName, item: unknown): string[] {
  if (!isJsonObject(item)) return [];
  if (operation === "listLandingPages") return typeof item.title === "string" ? [item.title] : [];
  return Array.isArray(item.tags) ? item.tags.filter((tag): tag is string => typeof tag === "string") : [];
}

/** Whole tags, or the words (runs of letters and digits, two or more) of titles. */
function termsOf(operation: OperationName, source: string): string[] {
  if (operation !== "listLandingPages") return source.trim() === "" ? [] : [source];
  return (source.match(/[\p{L}\p{N}\p{M}]+/gu) ?? []).filter((word) => [...word].length >= 2);
}

/** The listing's terms, most frequent first; count is how many listed items' sources contain the term. */
export function searchTerms(operation: OperationName, walk: ListingWalk): SearchTerm[] {
  const sources = walk.items.map((item) => ({ key: itemKey(item), texts: termSources(operation, item) }));
  // One term per spelling up to case: the first seen spelling stands for the others.
  const owners = new Map<string, { value: string; owner: string }>();
  for (const { key, texts } of sources) {
    for (const term of texts.flatMap((text) => termsOf(operation, text))) {
      const folded = term.toLowerCase();
      if (!owners.has(folded) && owners.size < MAX_TERMS && !undecodable(term))
        owners.set(folded, { value: term, owner: key });
    }
  }
  const folded = sources.map(({ texts }) => texts.map(foldSearchText));
  return [...owners.values()]
    .map(({ value, owner }) => {
      const term = foldSearchText(value);
      return { value, owner, count: folded.filter((texts) => texts.some((text) => foldedContains(text, term))).length };
    })
    .sort((a, b) => b.count - a.count || a.value.localeCompare(b.value));
}

/**
 * Snippets of the listing's searched texts around characters naive backends trip on (not a
 * letter, digit or space, or not ASCII): the run of non-space characters holding one, with the
 * item it came from, and whether it is the whole text (a whole tag or title); one per distinct
 * character, at most `limit`.
 */
export function specialSnippets(
  operation: OperationName,
  walk: ListingWalk,
  limit: number,
): { value: string; owner: string; whole: boolean }[] {
  const found = new Map<string, { value: string; owner: string; whole: boolean }>();
  for (const item of walk.items) {
    for (const text of termSources(operation, item)) {
      for (const token of text.split(/\s+/u)) {
        const special = [...token].find((char) => /[^\p{L}\p{N}]|[^\x20-\x7e]/u.test(char));
        if (special === undefined || found.has(special) || [...token].length > 40 || !!undecodable(token)) continue;
        found.set(special, { value: token, owner: itemKey(item), whole: token === text });
        if (found.size >= limit) return [...found.values()];
      }
    }
  }
  return [...found.values()];
}

/**
 * Values of a landing page's other fields (pageId, the segments of its id, its type) that no
 * listed title contains: §4.2 searches the title only, so these must find nothing a title
 * does not hold. At most `limit`: the fields of the first page first, then of pages further on.
 */
export function nonTitleValues(walk: ListingWalk, limit: number): string[] {
  const pages = walk.items.filter(isJsonObject);
  const titles = pages.map((page) => page.title).filter((title): title is string => typeof title === "string");
  const foldedTitles = titles.map(foldSearchText);
  const usable = (value: unknown): value is string =>
    typeof value === "string" &&
    !undecodable(value) &&
    [...value].length >= 2 &&
    [...value].length <= 100 &&
    !foldedTitles.some((title) => foldedContains(title, foldSearchText(value)));
  const perPage = [...new Set([0, pages.length - 1, Math.floor(pages.length / 2)])].map((index) => {
    const page = pages[index] ?? {};
    const segments = typeof page.id === "string" ? page.id.replace(/^[a-z][a-z0-9+.-]*:\/\//i, "").split("/") : [];
    return [page.pageId, segments[segments.length - 1], page.landingPageType, ...segments].filter(usable);
  });
  const values: string[] = [];
  for (const value of perPage.flat()) if (!values.includes(value) && values.length < limit) values.push(value);
  return values;
}

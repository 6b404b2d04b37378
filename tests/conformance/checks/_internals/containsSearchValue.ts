/**
 * Whether a text contains a search value the way any reasonable search would find it (§4.1,
 * §4.2, register search-match-mode): as a substring, ignoring case, accents and compatibility
 * forms, so that case-sensitive, case-insensitive and accent-insensitive backends all pass.
 */

/** A text as written and without accents (NFKD, marks removed) in lower and upper case: ß folds to SS, İ to i. */
export interface FoldedText {
  readonly raw: string;
  readonly lower: string;
  readonly upper: string;
}

/** Folds a text once, for comparing it with many values. */
export function foldSearchText(text: string): FoldedText {
  const bare = text.normalize("NFKD").replace(/\p{M}/gu, "");
  return { raw: text, lower: bare.toLowerCase(), upper: bare.toUpperCase() };
}

/** containsSearchValue on folded texts. */
export function foldedContains(text: FoldedText, value: FoldedText): boolean {
  return text.raw.includes(value.raw) || text.lower.includes(value.lower) || text.upper.includes(value.upper);
}

/** True when `text` contains `value`, ignoring case, accents and compatibility forms. */
export function containsSearchValue(text: string, value: string): boolean {
  return text.includes(value) || foldedContains(foldSearchText(text), foldSearchText(value));
}

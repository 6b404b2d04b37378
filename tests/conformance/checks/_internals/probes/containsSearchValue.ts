/**
 * Whether a text contains a search value the way any reasonable search would find it (§4.1,
 * §4.2, register search-match-mode): as a substring, ignoring case, accents and compatibility
 * forms, so that case-sensitive, case-insensitive and accent-insensitive backends all pass.
 */

/** A text without accents (NFKD, marks removed) in lower and upper case: ß folds to SS, İ to i. */
export interface FoldedText {
  readonly lower: string;
  readonly upper: string;
}

/** Folds a text once, for comparing it with many values. */
export function foldSearchText(text: string): FoldedText {
  const bare = text.normalize("NFKD").replace(/\p{M}/gu, "");
  // Stryker disable next-line MethodExpression: no text is known whose lower case finds a value its upper case misses; both are kept so a backend folding either way passes
  const lower = bare.toLowerCase();
  return { lower, upper: bare.toUpperCase() };
}

/** containsSearchValue on folded texts. */
export function foldedContains(text: FoldedText, value: FoldedText): boolean {
  // A raw substring is a substring of the folded texts too (folding removes the marks whose order could differ).
  return text.lower.includes(value.lower) || text.upper.includes(value.upper);
}

/** True when `text` contains `value`, ignoring case, accents and compatibility forms. */
export function containsSearchValue(text: string, value: string): boolean {
  return text.includes(value) || foldedContains(foldSearchText(text), foldSearchText(value));
}

/**
 * True when `text` holds U+FFFD, which stands for bytes the suite could not decode (a body in an
 * undeclared charset): what the target meant there is unknown, so no search is built from such a
 * text and no search result is judged by it.
 */
export function undecodable(text: string): boolean {
  return text.includes("\uFFFD");
}

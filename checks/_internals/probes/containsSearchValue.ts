/**
 * Whether a text contains a search value the way any reasonable search would find it (§4.1,
 * §4.2, register search-match-mode): as a substring, ignoring case, accents and compatibility
 * forms, so that case-sensitive, case-insensitive and accent-insensitive backends all pass.
 */

/** A text without accents (NFKD, marks removed) in lower and upper case: ß and ẞ fold to ss and SS, ς to σ, İ to i. */
export interface FoldedText {
  readonly lower: string;
  readonly upper: string;
}

/** Folds a text once, for comparing it with many values. */
export function foldSearchText(text: string): FoldedText {
  const bare = text.normalize("NFKD").replace(/\p{M}/gu, "");
  // Both folds are needed: upper case alone maps ß to SS but leaves ẞ (U+1E9E), so only the lower fold finds "straße"
  // for "STRAẞE". The lower fold is Unicode's full case folding for the letters whose lower case depends on context
  // (final sigma) or is not their fold (ß): a backend comparing letter by letter finds "ßς" in "ẞΣ".
  const lower = bare.toLowerCase().replace(/ς/g, "σ").replace(/ß/g, "ss");
  return { lower, upper: bare.toUpperCase() };
}

/** containsSearchValue on folded texts. */
export function foldedContains(text: FoldedText, value: FoldedText): boolean {
  // A raw substring is a substring of the folded texts too (folding removes the marks whose order could differ).
  return text.lower.includes(value.lower) || text.upper.includes(value.upper);
}

/** Many folded texts joined, so that "does any of them contain this value" is two string searches, not one per text. */
export interface FoldedCorpus {
  readonly texts: readonly FoldedText[];
  readonly lower: string;
  readonly upper: string;
}

/** Joins the texts: no folded value without it can match across two of them. */
const SEPARATOR = "\u0000";

/** Folds and joins `texts` once, for asking of many values whether any text holds them. */
export function foldCorpus(texts: readonly string[]): FoldedCorpus {
  const folded = texts.map(foldSearchText);
  return {
    texts: folded,
    lower: folded.map((text) => text.lower).join(SEPARATOR),
    upper: folded.map((text) => text.upper).join(SEPARATOR),
  };
}

/** Whether any text of `corpus` contains `value` (foldedContains of each, in two searches of the joined texts). */
export function corpusContains(corpus: FoldedCorpus, value: FoldedText): boolean {
  if (corpus.texts.length === 0) return false;
  if (value.lower.includes(SEPARATOR) || value.upper.includes(SEPARATOR))
    return corpus.texts.some((text) => foldedContains(text, value));
  return corpus.lower.includes(value.lower) || corpus.upper.includes(value.upper);
}

/** Whether any text of `corpus` contains `value` (ignoring case and accents). */
export const heldByAny = (corpus: FoldedCorpus, value: string) => corpusContains(corpus, foldSearchText(value));

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

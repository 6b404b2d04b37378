/**
 * Whether a text contains a search value the way any reasonable search would find it (§4.1,
 * §4.2, register search-match-mode): as a substring, ignoring case, accents and compatibility
 * forms, so that case-sensitive, case-insensitive and accent-insensitive backends all pass.
 */

/** Lower- and upper-case forms of a text without accents (NFKD, marks removed): ß folds to SS, İ to i. */
function folds(text: string): [string, string] {
  const bare = text.normalize("NFKD").replace(/\p{M}/gu, "");
  return [bare.toLowerCase(), bare.toUpperCase()];
}

/** True when `text` contains `value`, ignoring case, accents and compatibility forms. */
export function containsSearchValue(text: string, value: string): boolean {
  if (text.includes(value)) return true;
  const [textLower, textUpper] = folds(text);
  const [valueLower, valueUpper] = folds(value);
  return textLower.includes(valueLower) || textUpper.includes(valueUpper);
}

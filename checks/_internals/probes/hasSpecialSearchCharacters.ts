/** Which search values a target may refuse with a warning instead of a failure (register search-special-characters). */

/** True when `value` holds a character other than a letter, a digit, a combining mark, white space or a hyphen-minus. */
export function hasSpecialSearchCharacters(value: string): boolean {
  return /[^\p{L}\p{N}\p{M}\s-]/u.test(value);
}

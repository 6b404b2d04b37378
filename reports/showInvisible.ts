/**
 * Text shown as text (issue 24.4): bidirectional controls (U+202A–202E, U+2066–2069, U+200E/F,
 * U+061C) and the other invisible format characters (Unicode Cf: zero-width spaces and joiners,
 * soft hyphen, word joiner, BOM …) and the line and paragraph separators can reverse or hide the
 * text around them in a terminal, a CI log or a page ("FAIL" shown as "PASS"). Every writer shows
 * them as their \u escape instead, visible and inert.
 */

const INVISIBLE = /[\p{Cf}\u2028\u2029]/gu;

/** `text` with every invisible format character written as its \uXXXX escape. */
export function showInvisible(text: string): string {
  return text.replace(INVISIBLE, (char) => `\\u${(char.codePointAt(0) ?? 0).toString(16).padStart(4, "0")}`);
}

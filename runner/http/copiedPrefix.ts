/**
 * Texts kept for the whole run, as copies that share no memory with what they came from. V8 keeps
 * a slice of a string (`text.slice(0, n)`, also inside a template) as a view on the whole: 64 KiB
 * kept from each of 300 hostile 2 MB bodies held all 600 MB. Evidence, messages and the HAR log
 * outlive the answers they quote, so they keep copies.
 */

/** The whole text, copied. */
export function copiedText(text: string): string {
  // UTF-16 code units in and out: a lone surrogate stays as it was.
  return Buffer.from(text, "utf16le").toString("utf16le");
}

/** At most the first `maxChars` characters, copied. */
export function copiedPrefix(text: string, maxChars: number): string {
  return copiedText(text.length <= maxChars ? text : text.slice(0, maxChars));
}

/**
 * A part of a stored text to search for (register search-match-mode: "searched in" is "contained
 * in", so a part of a tag, a key or a title finds its item as the whole does).
 */

/** Fewest code points a piece keeps: a single letter would match almost everything. */
const MIN_PIECE = 2;

/**
 * The text without its first and last code point (a three-character text: its first two), trimmed;
 * undefined when that leaves fewer than two characters, or would cut a letter from its combining
 * mark (the piece would then hold a character the text does not).
 */
export function searchPiece(text: string): string | undefined {
  const chars = [...text.trim()];
  if (chars.length < MIN_PIECE + 1) return undefined;
  const start = chars.length === MIN_PIECE + 1 ? 0 : 1;
  const end = chars.length - 1;
  const isMark = (char: string | undefined) => char !== undefined && /\p{M}/u.test(char);
  if (isMark(chars[start]) || isMark(chars[end])) return undefined;
  const piece = chars.slice(start, end).join("").trim();
  return [...piece].length >= MIN_PIECE ? piece : undefined;
}

/** Most parts of texts a check searches besides the whole texts. */
const PIECE_PROBES = 2;

/** A part (searchPiece) of each of the first texts that has one, with the item it came from. */
export function piecesOf<T extends { readonly text: string; readonly owner: string }>(
  texts: readonly T[],
): (T & { readonly piece: string })[] {
  return texts
    .flatMap((source) => {
      const piece = searchPiece(source.text);
      return piece === undefined ? [] : [{ ...source, piece }];
    })
    .slice(0, PIECE_PROBES);
}

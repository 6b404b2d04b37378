/** How deep a JSON text nests, found by one scan of the text (no parse, no recursion). */

/**
 * The deepest nesting of arrays and objects in `text`, counting brackets outside strings; stops
 * scanning as soon as it passes `limit` (and returns limit + 1). Not a validator: on text that is
 * not JSON the figure means nothing, and the parse decides.
 */
export function jsonNestingDepth(text: string, limit: number): number {
  let depth = 0;
  let deepest = 0;
  let inString = false;
  for (let index = 0; index < text.length; index += 1) {
    const code = text.charCodeAt(index);
    if (inString) {
      if (code === 0x5c)
        index += 1; // a backslash escapes the next character
      else if (code === 0x22) inString = false;
    } else if (code === 0x22) inString = true;
    else if (code === 0x5b || code === 0x7b) {
      depth += 1;
      if (depth > deepest) {
        deepest = depth;
        if (deepest > limit) return limit + 1;
      }
    } else if (code === 0x5d || code === 0x7d) depth -= 1;
  }
  return deepest;
}

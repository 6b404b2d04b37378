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

/**
 * True when `text` nests arrays and objects more than `limit` deep. Counting the opening brackets
 * first (a native search) settles almost every body: one with at most `limit` of them cannot nest
 * deeper, and only the others are scanned (a scan of each 5 kB page cost more than parsing it).
 */
export function nestsDeeperThan(text: string, limit: number): boolean {
  let openings = 0;
  for (const bracket of ["[", "{"]) {
    for (let at = text.indexOf(bracket); at !== -1; at = text.indexOf(bracket, at + 1)) {
      openings += 1;
      if (openings > limit) return jsonNestingDepth(text, limit) > limit;
    }
  }
  return false;
}

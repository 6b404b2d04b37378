/**
 * The view of a text in which secrets are looked for: HTML references, JSON \\u escapes, %XX and
 * invisible characters decoded, with the way back from each view character to the stretch of the text
 * it came from (what is replaced is the text as written).
 */

/**
 * What the view decodes: HTML character references (&#116; &#x74; &amp;), JSON \u escapes (an
 * escaped backslash first, so \\u0074 stays text), %XX of ASCII, and invisible characters
 * (zero-width spaces and joiners, soft hyphens, bidi controls), which it drops.
 */
const VIEW_TOKEN =
  /&#(?:[xX]([0-9a-fA-F]{1,6})|([0-9]{1,7}));?|&(amp|lt|gt|quot|apos);|\\(?:u([0-9a-fA-F]{4})|([\\/]))|%([0-7][0-9a-fA-F])|\p{Default_Ignorable_Code_Point}/gu;
const VIEW_TRIGGER = /[&%\\]|\p{Default_Ignorable_Code_Point}/u;
const NAMED_REFERENCES: Readonly<Record<string, string>> = { amp: "&", lt: "<", gt: ">", quot: '"', apos: "'" };

/**
 * The text as secrets are looked for in it, and the decoded tokens in it (each at `at` in the view,
 * `length` characters there, decoding `from`–`to` of the text); a view without tokens is the text.
 */
export interface View {
  readonly text: string;
  readonly tokens: readonly {
    readonly at: number;
    readonly length: number;
    readonly from: number;
    readonly to: number;
  }[];
}

function decodeToken(match: RegExpMatchArray): string | undefined {
  const [, hexReference, decimalReference, named, jsonEscape, escaped, percent] = match;
  if (named !== undefined) return NAMED_REFERENCES[named];
  if (escaped !== undefined) return escaped;
  const code =
    hexReference !== undefined
      ? Number.parseInt(hexReference, 16)
      : decimalReference !== undefined
        ? Number.parseInt(decimalReference, 10)
        : jsonEscape !== undefined
          ? Number.parseInt(jsonEscape, 16)
          : percent !== undefined
            ? Number.parseInt(percent, 16)
            : undefined;
  // No group: an invisible character, dropped.
  if (code === undefined) return "";
  return code <= 0x10ffff ? String.fromCodePoint(code) : undefined;
}

/** Linear in the text, and its memory in the tokens decoded (a HAR of 100 MB has few). */
/** The view of `text`. */
export function viewOf(text: string): View {
  if (!VIEW_TRIGGER.test(text)) return { text, tokens: [] };
  const parts: string[] = [];
  const tokens: View["tokens"][number][] = [];
  let viewLength = 0;
  let last = 0;
  for (const match of text.matchAll(VIEW_TOKEN)) {
    const decoded = decodeToken(match);
    if (decoded === undefined) continue;
    const from = match.index;
    parts.push(text.slice(last, from), decoded);
    viewLength += from - last;
    tokens.push({ at: viewLength, length: decoded.length, from, to: from + match[0].length });
    viewLength += decoded.length;
    last = from + match[0].length;
  }
  parts.push(text.slice(last));
  return { text: parts.join(""), tokens };
}

/** The stretch of the text that view character `index` comes from. */
export function originOf(view: View, index: number): { start: number; end: number } {
  // The last token at or before index (binary search: tokens are in order).
  let low = 0;
  let high = view.tokens.length - 1;
  let found = -1;
  while (low <= high) {
    const middle = (low + high) >> 1;
    if ((view.tokens[middle]?.at ?? 0) <= index) {
      found = middle;
      low = middle + 1;
    } else high = middle - 1;
  }
  const token = view.tokens[found];
  if (token === undefined) return { start: index, end: index + 1 };
  if (index < token.at + token.length) return { start: token.from, end: token.to };
  const start = token.to + (index - token.at - token.length);
  return { start, end: start + 1 };
}

/**
 * Decodes JSON escapes that cannot change the meaning of the text where they stand (\u0074 → t,
 * \/ → /), so that a secret spelled with escapes is found. Quotes, backslashes, controls and
 * surrogates stay escaped: the text is still the same JSON.
 */
export function decodeHarmlessEscapes(text: string): string {
  return text.replace(/\\(u[0-9a-fA-F]{4}|[^u])/g, (whole, escape: string) => {
    if (escape === "/") return "/";
    if (escape.length !== 5) return whole;
    const code = Number.parseInt(escape.slice(1), 16);
    const keep = code < 0x20 || code === 0x22 || code === 0x5c || (code >= 0xd800 && code <= 0xdfff) || code === 0x7f;
    return keep ? whole : String.fromCharCode(code);
  });
}

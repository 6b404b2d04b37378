/**
 * Search values that only a backend reading metacharacters would match (§4.1, §4.2): a term of
 * the target with one inner character replaced by a SQL LIKE wildcard, a regular expression,
 * a glob, or a percent-escape of itself. Searched as written, none is in the term any more.
 */

/** One derived value and what a backend that matches it reads it as. */
export interface WildcardProbe {
  readonly value: string;
  readonly readAs: string;
}

/** The probes of `term` (at least three characters), around its middle character. */
export function wildcardProbes(term: string): WildcardProbe[] {
  const chars = [...term];
  if (chars.length < 3) return [];
  const middle = Math.floor(chars.length / 2);
  const before = chars.slice(0, middle).join("");
  const after = chars.slice(middle + 1).join("");
  const replaced = chars[middle] as string;
  const probes: WildcardProbe[] = [
    { value: `${before}_${after}`, readAs: "a SQL LIKE pattern (_ is any one character)" },
    { value: `${before}%${after}`, readAs: "a SQL LIKE pattern (% is any text)" },
    { value: `${before}.${after}`, readAs: "a regular expression (. is any character)" },
    { value: `${before}.*${after}`, readAs: "a regular expression (.* is any text)" },
    { value: `${before}*${after}`, readAs: "a glob or full-text query (* is any text)" },
  ];
  const code = replaced.codePointAt(0) ?? 0;
  // Printable ASCII but space: two hex digits each.
  if (code > 0x20 && code < 0x7f)
    probes.push({
      value: `${before}%${code.toString(16).toUpperCase()}${after}`,
      readAs: "a percent-encoded (URL-decoded) text",
    });
  return probes;
}

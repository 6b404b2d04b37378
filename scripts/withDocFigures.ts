/**
 * Counted figures inside Markdown prose: `<!-- figure:checks -->64<!-- /figure -->` shows 64, and
 * `<!-- figure:operations:words -->five<!-- /figure -->` (or `:Words`, capitalised) shows it in words. The markers
 * sit inside a line, never at its start, so the sentence renders whole; npm run generate rewrites what is between them.
 */

const NUMBER_WORDS = [
  "zero",
  "one",
  "two",
  "three",
  "four",
  "five",
  "six",
  "seven",
  "eight",
  "nine",
  "ten",
  "eleven",
  "twelve",
  "thirteen",
  "fourteen",
  "fifteen",
  "sixteen",
  "seventeen",
  "eighteen",
  "nineteen",
  "twenty",
];

const FIGURE = /<!-- figure:([a-z-]+)(?::(words|Words))? -->([^<\n]*)<!-- \/figure -->/g;

/** A count as the docs write it: digits with thousands separators, or in words up to twenty. */
export function formatFigure(value: number, style: "digits" | "words" | "Words" = "digits"): string {
  const word = NUMBER_WORDS[value];
  if (style === "digits" || word === undefined) return value.toLocaleString("en-US");
  return style === "Words" ? `${word.charAt(0).toUpperCase()}${word.slice(1)}` : word;
}

/**
 * Markdown text with every figure marker's value counted anew from `figures`; throws on a figure it
 * does not know and on a marker it cannot read (unclosed, or spanning a line), naming `file`.
 */
export function withDocFigures(
  markdown: string,
  figures: Readonly<Record<string, () => number>>,
  file = "a document",
): string {
  const text = markdown.replace(FIGURE, (_marker, name: string, style: "words" | "Words" | undefined) => {
    const count = Object.hasOwn(figures, name) ? figures[name] : undefined;
    if (!count) throw new Error(`${file} names the unknown figure ${name}`);
    const suffix = style ? `:${style}` : "";
    return `<!-- figure:${name}${suffix} -->${formatFigure(count(), style)}<!-- /figure -->`;
  });
  const opened = (markdown.match(/<!-- figure:/g) ?? []).length;
  const read = (markdown.match(FIGURE) ?? []).length;
  if (opened !== read) throw new Error(`${file} has a figure marker that is not <!-- figure:NAME -->…<!-- /figure -->`);
  // A line that begins with "<!--" begins an HTML block in CommonMark, which cuts its paragraph in two.
  if (/^[ \t]*<!-- figure:/m.test(markdown))
    throw new Error(`${file} begins a line with a figure marker: move a word before it`);
  return text;
}

/**
 * The shortest faithful form of a long Reproduce line for the eye (issue 50.8): an option given three times or
 * more (40 --analytic-id values) is shown once, as "--analytic-id … ×40", where it first stands. The line a
 * Copy button copies stays whole; this is only what the report shows. Words are split as a POSIX shell splits
 * them (single quotes, double quotes, backslashes), so a quoted value with spaces stays one word.
 */

/** An option given at least this many times is folded behind its count. */
const FOLD_FROM = 3;

/** The words of a shell line, each as written (quotes kept). */
export function shellWords(line: string): string[] {
  const words: string[] = [];
  let word = "";
  let quote: "'" | '"' | undefined;
  for (let index = 0; index < line.length; index += 1) {
    const character = line[index] as string;
    if (quote === undefined && /\s/.test(character)) {
      if (word !== "") words.push(word);
      word = "";
      continue;
    }
    word += character;
    if (character === "\\" && quote !== "'" && index + 1 < line.length) {
      index += 1;
      word += line[index];
    } else if (quote === undefined && (character === "'" || character === '"')) quote = character;
    else if (character === quote) quote = undefined;
  }
  if (word !== "") words.push(word);
  return words;
}

/** The option a word names (--name or --name=value), undefined for a value. */
function optionOf(word: string): string | undefined {
  return /^(--?[A-Za-z][\w-]*)(?:=|$)/.exec(word)?.[1];
}

/** The line's options, each with the words it takes (itself and its value when the value is a word of its own). */
function optionGroups(words: readonly string[]): { option: string | undefined; words: string[] }[] {
  const groups: { option: string | undefined; words: string[] }[] = [];
  for (const word of words) {
    const option = optionOf(word);
    const last = groups[groups.length - 1];
    // A word that is no option is the value of the option before it, when that option has none yet.
    if (option === undefined && last?.option !== undefined && last.words.length === 1 && !last.words[0]?.includes("="))
      last.words.push(word);
    else groups.push({ option, words: [word] });
  }
  return groups;
}

/** The line with each option given FOLD_FROM times or more shown once, with "…" and its count; the line itself when none is. */
export function foldCommandLine(line: string): string {
  const groups = optionGroups(shellWords(line));
  const counts = new Map<string, number>();
  for (const { option } of groups) if (option !== undefined) counts.set(option, (counts.get(option) ?? 0) + 1);
  if (![...counts.values()].some((count) => count >= FOLD_FROM)) return line;
  const shown: string[] = [];
  const folded = new Set<string>();
  for (const { option, words } of groups) {
    const count = option === undefined ? 0 : (counts.get(option) ?? 0);
    if (option === undefined || count < FOLD_FROM) shown.push(...words);
    else if (!folded.has(option)) {
      folded.add(option);
      shown.push(`${option} … ×${count}`);
    }
  }
  return shown.join(" ");
}

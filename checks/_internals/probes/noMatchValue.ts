/** A search value no listed item carries, random from the check's seed (never tuned to a data set). */
import { foldedContains, foldSearchText } from "./containsSearchValue.js";

const ALPHABET = "abcdefghijklmnopqrstuvwxyz0123456789";

/** mulberry32: a small deterministic generator, so the value replays from the seed. */
function generator(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** Letters and digits only ("zq" and ten random ones), contained in none of `texts`. */
export function noMatchValue(seed: number, texts: readonly string[]): string {
  const next = generator(seed);
  const folded = texts.map(foldSearchText);
  for (;;) {
    const value = `zq${Array.from({ length: 10 }, () => ALPHABET.charAt(Math.floor(next() * ALPHABET.length))).join("")}`;
    const candidate = foldSearchText(value);
    if (!folded.some((text) => foldedContains(text, candidate))) return value;
  }
}

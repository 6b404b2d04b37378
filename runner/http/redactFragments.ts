/**
 * Finding secrets, part three (issue 50.7): a long fragment of a secret — any FRAGMENT_LENGTH or more
 * consecutive characters of one of its forms (redactSecretForms.ts) — where the whole form is not there:
 * a target echoing 28 of a token's 38 characters, or the token with a character inserted. Each form's
 * windows of FRAGMENT_LENGTH characters are kept in a set, and a text is read in steps of GRAM characters:
 * a stretch of FRAGMENT_LENGTH characters of a form holds a GRAM-gram of the form starting at a multiple
 * of GRAM, so only the windows around such a gram are looked up. The time is linear in the text (at most
 * GRAM + 1 lookups per GRAM characters, whatever the secrets and the text), and the memory in the secrets.
 */
import type { Form } from "./redactSecretForms.js";
import type { Span } from "./redactSpan.js";

/** The shortest stretch of a secret's form that is redacted where the whole secret is not. */
export const FRAGMENT_LENGTH = 16;
/** The step of the scan: half a fragment, so every fragment holds a whole gram at a multiple of it. */
const GRAM = FRAGMENT_LENGTH / 2;

/** The windows of the forms of one kind (folded or exact) and the grams they are made of. */
interface WindowSet {
  /** Each window of FRAGMENT_LENGTH characters, with the placeholder of the first secret that has it. */
  readonly windows: ReadonlyMap<string, string>;
  /** The hash (gramHash) of each GRAM characters of the forms: a text is read without cutting strings out of it. */
  readonly grams: ReadonlySet<number>;
}

/** A 32-bit hash of the GRAM characters of `text` at `at` (a filter: a hit is confirmed by the windows). */
function gramHash(text: string, at: number): number {
  let hash = 0;
  for (let index = at; index < at + GRAM; index += 1) hash = (Math.imul(hash, 31) + text.charCodeAt(index)) | 0;
  return hash;
}

/** The fragment windows of a matcher: folded forms (searched case-folded) and exact ones (base64). */
export interface FragmentIndex {
  readonly folded?: WindowSet;
  readonly exact?: WindowSet;
}

/** A text with each character lower-cased where that keeps its length (KELVIN SIGN → k): positions stay. */
export function foldUnits(text: string): string {
  const lower = text.toLowerCase();
  // Lower-casing never shortens a character: the same length means every character kept its own.
  if (lower.length === text.length) return lower;
  let out = "";
  for (const unit of text) {
    const lower = unit.toLowerCase();
    out += lower.length === unit.length ? lower : unit;
  }
  return out;
}

function windowSetOf(texts: readonly { text: string; placeholder: string }[]): WindowSet | undefined {
  const windows = new Map<string, string>();
  const grams = new Set<number>();
  for (const { text, placeholder } of texts) {
    for (let at = 0; at + FRAGMENT_LENGTH <= text.length; at += 1) {
      const window = text.slice(at, at + FRAGMENT_LENGTH);
      if (!windows.has(window)) windows.set(window, placeholder);
    }
    for (let at = 0; at + GRAM <= text.length; at += 1) grams.add(gramHash(text, at));
  }
  return windows.size === 0 ? undefined : { windows, grams };
}

/** The fragment index of `forms`: only forms longer than a fragment have fragments the whole form would not match. */
export function fragmentIndexOf(forms: readonly Form[]): FragmentIndex {
  const long = forms.filter((form) => form.text.length > FRAGMENT_LENGTH);
  const folded = windowSetOf(
    long.filter((form) => !form.exact).map((form) => ({ text: foldUnits(form.text), placeholder: form.placeholder })),
  );
  const exact = windowSetOf(long.filter((form) => form.exact));
  return { ...(folded ? { folded } : {}), ...(exact ? { exact } : {}) };
}

function scan(text: string, set: WindowSet | undefined): Span[] {
  if (set === undefined || text.length < FRAGMENT_LENGTH) return [];
  const spans: Span[] = [];
  let checkedUpTo = -1;
  for (let at = 0; at + GRAM <= text.length; at += GRAM) {
    if (!set.grams.has(gramHash(text, at))) continue;
    // The windows holding this gram start from at − GRAM to at; those already looked up are not again.
    const last = Math.min(at, text.length - FRAGMENT_LENGTH);
    for (let start = Math.max(0, at - GRAM, checkedUpTo + 1); start <= last; start += 1) {
      const window = text.slice(start, start + FRAGMENT_LENGTH);
      const placeholder = set.windows.get(window);
      if (placeholder === undefined) continue;
      // The space of "Bearer <token>" is no secret: a window is replaced without the spaces at its ends.
      const leading = window.length - window.trimStart().length;
      const trailing = window.length - window.trimEnd().length;
      spans.push({ start: start + leading, end: start + FRAGMENT_LENGTH - trailing, placeholder });
    }
    checkedUpTo = Math.max(checkedUpTo, last);
  }
  return spans;
}

/** The windows of the text that are fragments of a secret's form (overlapping: the caller joins them). */
export function fragmentSpans(text: string, index: FragmentIndex): Span[] {
  if (index.folded === undefined && index.exact === undefined) return [];
  return [...scan(index.folded === undefined ? "" : foldUnits(text), index.folded), ...scan(text, index.exact)];
}

/**
 * Finding secrets, part two: where the forms of secrets (redactSecretForms.ts), and long fragments of
 * them (redactFragments.ts), stand in a text, as stretches of the text as written. Forms are joined into one pattern per kind; a text cut at the size
 * cap is also searched for the start of a form it ends with; stretches already inside a placeholder are
 * left alone, so redacting twice changes nothing.
 */
import { escapeRegExp, MIN_SECRET_LENGTH, REDACTED, type Form } from "./redactSecretForms.js";
import { fragmentIndexOf, fragmentSpans, type FragmentIndex } from "./redactFragments.js";
import type { Span } from "./redactSpan.js";
import { originOf, viewOf } from "./redactTextView.js";

/**
 * Forms joined into one pattern, longest first so a longer secret wins over one it contains; group i is form i.
 * Two secrets that differ only in letter case (a token and the same token case-swapped, auth.near-miss-token-401)
 * match the same stretch under folding: the one written exactly as the stretch names it (`asWritten`).
 */
interface Alternation {
  readonly pattern: RegExp;
  readonly placeholders: readonly string[];
  readonly asWritten: ReadonlyMap<string, string>;
}

function alternationOf(forms: readonly Form[], flags: string): Alternation | undefined {
  if (forms.length === 0) return undefined;
  const sorted = [...forms].sort((a, b) => b.text.length - a.text.length);
  const asWritten = new Map<string, string>();
  for (const form of [...sorted.filter((one) => one.given), ...sorted])
    if (!asWritten.has(form.text)) asWritten.set(form.text, form.placeholder);
  return {
    pattern: new RegExp(sorted.map((form) => `(${escapeRegExp(form.text)})`).join("|"), flags),
    placeholders: sorted.map((form) => form.placeholder),
    asWritten,
  };
}

/** Where forms of secrets stand in a text: folded forms under Unicode case folding (KELVIN SIGN is a k), base64 exactly. */
export interface Matcher {
  readonly folded?: Alternation;
  readonly exact?: Alternation;
  /** Folded forms, for the start of one a cut text ends with. */
  readonly cutForms: readonly Form[];
  /** The windows of the forms, for a long fragment of one where the whole is not (redactFragments.ts). */
  readonly fragments: FragmentIndex;
}

/** The matcher of `forms`. */
export function matcherOf(forms: readonly Form[]): Matcher {
  const folded = alternationOf(
    forms.filter((form) => !form.exact),
    "giu",
  );
  const exact = alternationOf(
    forms.filter((form) => form.exact),
    "g",
  );
  return {
    ...(folded ? { folded } : {}),
    ...(exact ? { exact } : {}),
    cutForms: forms.filter((form) => !form.exact),
    fragments: fragmentIndexOf(forms),
  };
}

function spansOf(text: string, alternation: Alternation | undefined): Span[] {
  if (alternation === undefined) return [];
  const spans: Span[] = [];
  // exec, not matchAll: matchAll copies the pattern on every call, and most texts hold no secret.
  const { pattern } = alternation;
  pattern.lastIndex = 0;
  for (let match = pattern.exec(text); match !== null; match = pattern.exec(text)) {
    const group = match.findIndex((part, index) => index > 0 && part !== undefined);
    spans.push({
      start: match.index,
      end: match.index + match[0].length,
      placeholder: alternation.asWritten.get(match[0]) ?? alternation.placeholders[group - 1] ?? REDACTED,
    });
  }
  return spans;
}

/** `(?:abcd(?:e(?:f)?)?)$`: a start of the form of at least MIN_SECRET_LENGTH characters at the end of a text. */
function cutPatternOf(form: string): RegExp {
  const characters = [...form].map(escapeRegExp);
  const head = characters.slice(0, MIN_SECRET_LENGTH).join("");
  const rest = characters.slice(MIN_SECRET_LENGTH).reduceRight((inner, character) => `(?:${character}${inner})?`, "");
  return new RegExp(`(?:${head}${rest})$`, "iu");
}

/** The longest end of the text that is the start of a form (the text was cut in the middle of a secret). */
function cutSpan(text: string, forms: readonly Form[], patterns: Map<string, RegExp>): Span | undefined {
  let best: Span | undefined;
  for (const form of forms) {
    if ([...form.text].length < MIN_SECRET_LENGTH) continue;
    // Case folding maps a code point to one code point, which takes at most two UTF-16 units.
    const from = Math.max(0, text.length - 2 * form.text.length);
    let pattern = patterns.get(form.text);
    if (pattern === undefined) {
      pattern = cutPatternOf(form.text);
      patterns.set(form.text, pattern);
    }
    const match = pattern.exec(text.slice(from));
    if (match && (best === undefined || from + match.index < best.start))
      best = { start: from + match.index, end: text.length, placeholder: form.placeholder };
  }
  return best;
}

/** Spans sorted, overlapping ones joined (the first keeps its placeholder). */
function joined(spans: Span[]): Span[] {
  spans.sort((a, b) => a.start - b.start || b.end - a.end);
  const out: Span[] = [];
  for (const span of spans) {
    const last = out[out.length - 1];
    if (last !== undefined && span.start < last.end) {
      if (span.end > last.end) out[out.length - 1] = { ...last, end: span.end };
    } else out.push(span);
  }
  return out;
}

/**
 * True when the span lies within a placeholder the text already holds (a secret "TOKEN" in
 * "$CMS_TOKEN"), or within the start of one it ends with: redacting twice changes nothing.
 */
function insidePlaceholder(text: string, span: Span, placeholders: readonly string[]): boolean {
  for (const placeholder of placeholders) {
    const at = text.lastIndexOf(placeholder, span.start);
    if (at >= 0 && span.end <= at + placeholder.length) return true;
    if (span.end !== text.length) continue;
    for (let length = placeholder.length - 1; length > 0; length -= 1) {
      if (text.length - length <= span.start && text.endsWith(placeholder.slice(0, length))) return true;
    }
  }
  return false;
}

/** What finding spans needs besides the text: the placeholders a text may already hold, and the cut patterns made so far. */
export interface SpanContext {
  readonly placeholders: readonly string[];
  readonly cutPatterns: Map<string, RegExp>;
}

/** The stretches of the text to replace: found in its view, mapped back to the text, joined where they overlap. */
export function spansToReplace(value: string, matcher: Matcher, wasCut: boolean, context: SpanContext): Span[] {
  const { cutPatterns } = context;
  const view = viewOf(value);
  const found = [
    ...spansOf(view.text, matcher.folded),
    ...spansOf(view.text, matcher.exact),
    ...fragmentSpans(view.text, matcher.fragments),
  ];
  const tail = wasCut ? cutSpan(view.text, matcher.cutForms, cutPatterns) : undefined;
  if (tail) found.push(tail);
  const spans = found.map((span) => ({
    start: originOf(view, span.start).start,
    end: originOf(view, span.end - 1).end,
    placeholder: span.placeholder,
  }));
  // An escape the view decodes can swallow a secret's first characters ("%0" before "client…" reads as
  // "%0c"): the text as written is searched too.
  if (view.text !== value)
    spans.push(
      ...spansOf(value, matcher.folded),
      ...spansOf(value, matcher.exact),
      ...fragmentSpans(value, matcher.fragments),
    );
  // A cut can also fall inside an escape the view decodes ("%7" of "%7a"): look for the tail in the text as written too.
  const rawTail = wasCut && view.text !== value ? cutSpan(value, matcher.cutForms, cutPatterns) : undefined;
  if (rawTail) spans.push(rawTail);
  // Placeholders hold no character a view decodes, so they stand in the text as in its view.
  return joined(spans).filter((span) => !insidePlaceholder(value, span, context.placeholders));
}

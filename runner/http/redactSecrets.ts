/**
 * The one redaction module of the product. Secrets (tokens, client ids, proxy credentials) are
 * removed from what is *written* — reports, console, curl commands, logs — never from what the
 * checks judge: an Exchange carries the target's answer as it came (docs/design.md §3: redaction happens
 * when writing, never when judging).
 *
 * Three kinds of text, three rules:
 * - text the target supplied or the user configured (bodies, headers, URLs, failure messages):
 *   every form of every secret of at least MIN_SECRET_LENGTH characters is replaced, and a
 *   shorter secret where it stands as a whole header value or a whole JSON string. The forms: as
 *   written in any case (Unicode folding: KELVIN SIGN is a k), JSON-escaped, URL-encoded, hex,
 *   base64 and base64url (at any alignment), spelled with &#NN; references, %XX or \u escapes, or
 *   split by invisible characters. They are computed once per redactor, and each text is read once
 *   (its "view", decoded, is searched; what is replaced is the stretch of the text it came from);
 * - sentences the suite wrote (messages, labels, notes): only secrets that the suite's own
 *   wording does not contain, so a client id "wrong" leaves "errors.wrong-type-400" alone (the
 *   suite prints that word anyway); target text embedded in a sentence is redacted when embedded.
 * Writers redact data before they render it, so each format's escaping applies to placeholders.
 *
 * Finding secrets: their forms (redactSecretForms.ts), the view of a text (redactTextView.ts), where
 * they stand (redactFindSpans.ts), credentials known by their shape (redactCredentialShapes.ts). This
 * module rewrites text: each stretch found is replaced by its secret's placeholder.
 */

import { CREDENTIAL_HEADERS, maskCredential, maskCredentialShapes } from "./redactCredentialShapes.js";
import { matcherOf, spansToReplace, type Matcher } from "./redactFindSpans.js";
import type { Span } from "./redactSpan.js";
import {
  escapeRegExp,
  formsOf,
  MIN_SECRET_LENGTH,
  normaliseSecrets,
  REDACTED,
  type Form,
  type SecretInput,
  type SecretValue,
} from "./redactSecretForms.js";
import { decodeHarmlessEscapes } from "./redactTextView.js";

// What the product's writers import from the one redaction module.
export { looksLikeCredential } from "./redactCredentialShapes.js";
export {
  MIN_SECRET_LENGTH,
  REDACTED,
  secretPatterns,
  type SecretInput,
  type SecretValue,
} from "./redactSecretForms.js";

/** Options of redaction of target-supplied text. */
export interface RedactOptions {
  /**
   * The text was cut (at the size cap): also redact a trailing prefix of a secret, so a
   * token echoed across the cut does not leak its first characters.
   */
  readonly textWasCut?: boolean;
}

/** Options of createRedactor. */
export interface RedactorOptions {
  /**
   * True when the suite's own wording (check ids, titles, the register …) contains this
   * lower-cased secret; such a secret is left in sentences the suite wrote.
   */
  readonly inSuiteWording?: (lowerCaseSecret: string) => boolean;
}

/** Removes secrets from text on its way out. */
export interface Redactor {
  /** The secrets, trimmed, empty ones dropped. */
  readonly secrets: readonly SecretValue[];
  /** Target-supplied or configured text: URLs, header names, failure messages. */
  text(text: string, options?: RedactOptions): string;
  /** A header value: as text, and a short secret standing as the whole value or after an auth scheme ("Bearer ab"). */
  headerValue(value: string): string;
  /**
   * A header of an exchange: its value as headerValue, then masked where the secret is not known
   * to this redactor — the whole credential of a credential header (Authorization, Cookie, X-Api-Key …),
   * and in any header a value shaped like a JWT or an auth scheme's credential ("Bearer <token>").
   */
  header(name: string, value: string): string;
  /** A body: as text, also where JSON escapes (\u0074) spell a secret, and a short secret standing as a whole JSON string. */
  body(text: string, options?: RedactOptions): string;
  /** A sentence the suite wrote: secrets its own wording does not contain. */
  suiteText(text: string): string;
  /** True when the text holds a form of a secret of at least MIN_SECRET_LENGTH characters (case ignored). */
  contains(text: string): boolean;
}

/** `value` with each span replaced by its placeholder (spans sorted, not overlapping). */
function replaceSpans(value: string, spans: readonly Span[]): string {
  if (spans.length === 0) return value;
  let out = "";
  let last = 0;
  for (const span of spans) {
    out += value.slice(last, span.start) + span.placeholder;
    last = span.end;
  }
  return out + value.slice(last);
}

/** A short secret only as a whole JSON string (not preceded by a backslash, which would make its quote part of a string). */
function shortStringRules(short: readonly SecretValue[]): { pattern: RegExp; replacement: string }[] {
  return short.map((secret) => ({
    pattern: new RegExp(`(?<!\\\\)"${escapeRegExp(JSON.stringify(secret.value).slice(1, -1))}"`, "g"),
    replacement: JSON.stringify(secret.placeholder),
  }));
}

/** A header value standing as a whole short secret, or after an auth scheme ("Bearer ab"), as its placeholder. */
function shortHeaderValue(redacted: string, short: readonly SecretValue[]): string {
  const trimmed = redacted.trim();
  // The value is trimmed: the first match starts at its first character.
  const scheme = /(\S+)\s+(.+)/.exec(trimmed);
  for (const secret of short) {
    if (trimmed === secret.value) return secret.placeholder;
    if (scheme?.[2] === secret.value) return `${scheme[1] ?? ""} ${secret.placeholder}`;
  }
  return redacted;
}

/** Builds a redactor for a list of secrets (build one per run or per writer: the forms are computed here, once). */
export function createRedactor(input: readonly SecretInput[], options: RedactorOptions = {}): Redactor {
  const secrets = normaliseSecrets(input);
  const long = secrets.filter((secret) => secret.value.length >= MIN_SECRET_LENGTH);
  // Stryker disable next-line MethodExpression: a long secret is replaced before the short rules look for it (proof: redactorShortcuts.equivalence.test.ts)
  const short = secrets.filter((secret) => secret.value.length < MIN_SECRET_LENGTH);
  const forms: Form[] = long.flatMap(formsOf);
  const placeholders = [...new Set([...secrets.map((secret) => secret.placeholder), REDACTED])];
  const all = matcherOf(forms);
  const cutPatterns = new Map<string, RegExp>();
  // Stryker disable next-line ArrowFunction: undefined is as false as false where the answer is negated (proof: redactorShortcuts.equivalence.test.ts)
  const inSuiteWording = options.inSuiteWording ?? (() => false);
  // Sentences are few and the wording test may change (the console learns check ids as they come): cache by the forms kept.
  const sentenceMatchers = new Map<string, Matcher>();
  const sentenceMatcher = (): Matcher => {
    const kept = forms.filter((form) => !inSuiteWording(form.secret));
    // Stryker disable next-line StringLiteral: forms collide without it only when one form is two others joined (proof: redactorShortcuts.equivalence.test.ts)
    const key = kept.map((form) => form.text).join("\u0000");
    let matcher = sentenceMatchers.get(key);
    if (matcher === undefined) {
      matcher = matcherOf(kept);
      sentenceMatchers.set(key, matcher);
    }
    return matcher;
  };
  const shortStrings = shortStringRules(short);
  const context = { placeholders, cutPatterns };
  const redactWith = (value: string, matcher: Matcher, wasCut = false): string =>
    replaceSpans(value, spansToReplace(value, matcher, wasCut, context));

  const text = (value: string, redactOptions: RedactOptions = {}): string =>
    redactWith(value, all, redactOptions.textWasCut === true);
  const headerValue = (value: string): string => shortHeaderValue(text(value), short);
  return {
    secrets,
    text,
    headerValue,
    header(name, value) {
      const redacted = headerValue(value);
      return CREDENTIAL_HEADERS.has(name.toLowerCase()) ? maskCredential(redacted) : maskCredentialShapes(redacted);
    },
    body(value, redactOptions = {}) {
      let source = value;
      // A fast path: decoding a body without escapes, or when no secret is long, changes nothing.
      // Stryker disable next-line LogicalOperator,StringLiteral: a fast path (proof: redactorShortcuts.equivalence.test.ts)
      if (long.length > 0 && value.includes("\\")) {
        const decoded = decodeHarmlessEscapes(value);
        if (decoded !== value && text(decoded) !== decoded) source = decoded;
      }
      let result = text(source, redactOptions);
      for (const { pattern, replacement } of shortStrings) result = result.replace(pattern, () => replacement);
      return result;
    },
    suiteText: (value) => redactWith(value, sentenceMatcher()),
    contains: (value) => spansToReplace(value, all, false, context).length > 0,
  };
}

// The convenience functions below are called with the same secrets array again and again.
const redactors = new WeakMap<readonly SecretInput[], Redactor>();

/** The redactor of a secrets array, built once per array. */
function redactorFor(secrets: readonly SecretInput[]): Redactor {
  let redactor = redactors.get(secrets);
  if (!redactor) {
    redactor = createRedactor(secrets);
    redactors.set(secrets, redactor);
  }
  return redactor;
}

/**
 * Replaces every occurrence of every secret of at least MIN_SECRET_LENGTH characters by its
 * placeholder (target-supplied text). Matching ignores case: header names arrive lower-cased,
 * and a secret echoed in another case is still a leak.
 */
export function redactSecrets(text: string, secrets: readonly SecretInput[], options: RedactOptions = {}): string {
  return redactorFor(secrets).text(text, options);
}

/** True when the text holds any form of any secret of at least MIN_SECRET_LENGTH characters (case ignored). */
export function containsSecret(text: string, secrets: readonly SecretInput[]): boolean {
  return redactorFor(secrets).contains(text);
}

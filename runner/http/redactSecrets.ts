/**
 * The one redaction module of the product. Secrets (tokens, client ids, proxy credentials) are
 * removed from what is *written* — reports, console, curl commands, logs — never from what the
 * checks judge: an Exchange carries the target's answer as it came (docs/design.md §3: redaction happens
 * when writing, never when judging).
 *
 * Three kinds of text, three rules:
 * - text the target supplied or the user configured (bodies, headers, URLs, failure messages):
 *   every form of every secret of at least MIN_SECRET_LENGTH characters is replaced, and a
 *   shorter secret where it stands as a whole header value or a whole JSON string;
 * - sentences the suite wrote (messages, labels, notes): only secrets that the suite's own
 *   wording does not contain, so a client id "wrong" leaves "errors.wrong-type-400" alone (the
 *   suite prints that word anyway); target text embedded in a sentence is redacted when embedded.
 * Writers redact data before they render it, so each format's escaping applies to placeholders.
 */

/** A secret value and the placeholder shown instead, e.g. { value: token, placeholder: "$CMS_TOKEN" }. */
export interface SecretValue {
  readonly value: string;
  readonly placeholder: string;
}

/** A secret with its placeholder, or a bare value (shown as REDACTED). */
export type SecretInput = string | SecretValue;

/** What a bare secret value is replaced with. */
export const REDACTED = "[REDACTED]";

/**
 * Secrets shorter than this (after trimming) are replaced only where they stand as a whole
 * header value or a whole JSON string: replacing "ab" everywhere would garble every text
 * without protecting anything.
 */
export const MIN_SECRET_LENGTH = 4;

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
  /** A body: as text, also where JSON escapes (\u0074) spell a secret, and a short secret standing as a whole JSON string. */
  body(text: string, options?: RedactOptions): string;
  /** A sentence the suite wrote: secrets its own wording does not contain. */
  suiteText(text: string): string;
  /** True when the text holds a form of a secret of at least MIN_SECRET_LENGTH characters (case ignored). */
  contains(text: string): boolean;
}

interface Form {
  readonly text: string;
  readonly placeholder: string;
  /** The secret this is a form of, lower-cased (for the suite-wording test). */
  readonly secret: string;
}

const escapeRegExp = (text: string): string => text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

/** Trims secrets, drops empty ones, gives bare values the REDACTED placeholder. */
export function normaliseSecrets(secrets: readonly SecretInput[]): SecretValue[] {
  const out: SecretValue[] = [];
  for (const secret of secrets) {
    const { value, placeholder } = typeof secret === "string" ? { value: secret, placeholder: REDACTED } : secret;
    const trimmed = value.trim();
    if (trimmed.length > 0) out.push({ value: trimmed, placeholder });
  }
  return out;
}

/** The forms a secret takes in text: as is, JSON-escaped, URL-encoded, and the bare token of "Bearer <token>". */
function formsOf(secret: SecretValue): string[] {
  const forms = new Set<string>();
  const values = [secret.value];
  // .+ runs to the end of the (one-line, trimmed) value, and \s+ leaves it no leading space.
  const scheme = /^bearer\s+(.+)/i.exec(secret.value);
  if (scheme?.[1] !== undefined) values.push(scheme[1]);
  for (const value of values) {
    for (const form of [value, JSON.stringify(value).slice(1, -1), encodeURIComponent(value)]) {
      if (form.trim().length >= MIN_SECRET_LENGTH) forms.add(form);
    }
  }
  return [...forms];
}

/** One case-insensitive pattern over forms, longest first so a longer secret wins over one it contains. */
function patternOf(forms: readonly Form[]): { pattern: RegExp; placeholders: Map<string, string> } | undefined {
  if (forms.length === 0) return undefined;
  const sorted = [...forms].sort((a, b) => b.text.length - a.text.length);
  const placeholders = new Map<string, string>();
  // Stryker disable next-line ConditionalExpression: only secrets equal but for case share a key, and either placeholder hides them
  for (const form of sorted)
    if (!placeholders.has(form.text.toLowerCase())) placeholders.set(form.text.toLowerCase(), form.placeholder);
  return { pattern: new RegExp(sorted.map((form) => escapeRegExp(form.text)).join("|"), "gi"), placeholders };
}

function replaceWith(text: string, compiled: ReturnType<typeof patternOf>): string {
  if (compiled === undefined) return text;
  // A function replacement: "$&" or "$1" in a placeholder must stay literal.
  return text.replace(compiled.pattern, (match) => compiled.placeholders.get(match.toLowerCase()) ?? REDACTED);
}

/** Redacts a tail of the text that is the start of a secret (at least MIN_SECRET_LENGTH characters of it). */
function redactCutTail(text: string, forms: readonly Form[]): string {
  const lower = text.toLowerCase();
  for (const { text: form, placeholder } of forms) {
    // Stryker disable next-line ArithmeticOperator: starting longer only tries the whole secret, which the text pass already replaced
    for (let length = form.length - 1; length >= MIN_SECRET_LENGTH; length -= 1) {
      if (lower.endsWith(form.slice(0, length).toLowerCase())) return text.slice(0, text.length - length) + placeholder;
    }
  }
  return text;
}

/**
 * Decodes JSON escapes that cannot change the meaning of the text where they stand (\u0074 → t,
 * \/ → /), so that a secret spelled with escapes is found. Quotes, backslashes, controls and
 * surrogates stay escaped: the text is still the same JSON.
 */
function decodeHarmlessEscapes(text: string): string {
  return text.replace(/\\(u[0-9a-fA-F]{4}|[^u])/g, (whole, escape: string) => {
    if (escape === "/") return "/";
    if (escape.length !== 5) return whole;
    const code = Number.parseInt(escape.slice(1), 16);
    const keep = code < 0x20 || code === 0x22 || code === 0x5c || (code >= 0xd800 && code <= 0xdfff) || code === 0x7f;
    return keep ? whole : String.fromCharCode(code);
  });
}

/** Builds a redactor for a list of secrets (cheap to call; build one per run or per writer). */
export function createRedactor(input: readonly SecretInput[], options: RedactorOptions = {}): Redactor {
  const secrets = normaliseSecrets(input);
  const long = secrets.filter((secret) => secret.value.length >= MIN_SECRET_LENGTH);
  // Stryker disable next-line MethodExpression,ConditionalExpression,EqualityOperator: a long secret is replaced before the short rules look for it
  const short = secrets.filter((secret) => secret.value.length < MIN_SECRET_LENGTH);
  const forms: Form[] = long.flatMap((secret) =>
    formsOf(secret).map((text) => ({ text, placeholder: secret.placeholder, secret: secret.value.toLowerCase() })),
  );
  const all = patternOf(forms);
  const cutForms = [...forms].sort((a, b) => b.text.length - a.text.length);
  // Stryker disable next-line ArrowFunction: undefined is as false as false where the answer is negated
  const inSuiteWording = options.inSuiteWording ?? (() => false);
  // Sentences are few and the wording test may change (the console learns check ids as they come): cache by the forms kept.
  const sentencePatterns = new Map<string, ReturnType<typeof patternOf>>();
  const sentencePattern = () => {
    const kept = forms.filter((form) => !inSuiteWording(form.secret));
    // Stryker disable next-line StringLiteral: without a separator two sets of forms collide only when one form is two others joined
    const key = kept.map((form) => form.text).join("\u0000");
    // Stryker disable next-line ConditionalExpression: a cache; building the pattern again gives the same one
    if (!sentencePatterns.has(key)) sentencePatterns.set(key, patternOf(kept));
    return sentencePatterns.get(key);
  };
  // A short secret only as a whole JSON string (not preceded by a backslash, which would make its quote part of a string).
  const shortStrings = short.map((secret) => ({
    pattern: new RegExp(`(?<!\\\\)"${escapeRegExp(JSON.stringify(secret.value).slice(1, -1))}"`, "g"),
    replacement: JSON.stringify(secret.placeholder),
  }));

  const text = (value: string, redactOptions: RedactOptions = {}): string => {
    const result = replaceWith(value, all);
    return redactOptions.textWasCut === true ? redactCutTail(result, cutForms) : result;
  };
  return {
    secrets,
    text,
    headerValue(value) {
      const redacted = text(value);
      const trimmed = redacted.trim();
      // The value is trimmed: the first match starts at its first character.
      const scheme = /(\S+)\s+(.+)/.exec(trimmed);
      for (const secret of short) {
        if (trimmed === secret.value) return secret.placeholder;
        if (scheme?.[2] === secret.value) return `${scheme[1] ?? ""} ${secret.placeholder}`;
      }
      return redacted;
    },
    body(value, redactOptions = {}) {
      let source = value;
      // Stryker disable next-line ConditionalExpression,LogicalOperator,EqualityOperator,StringLiteral: a fast path; decoding a body without escapes, or without long secrets to find, changes nothing
      if (long.length > 0 && value.includes("\\")) {
        const decoded = decodeHarmlessEscapes(value);
        if (decoded !== value && replaceWith(decoded, all) !== decoded) source = decoded;
      }
      let result = text(source, redactOptions);
      for (const { pattern, replacement } of shortStrings) result = result.replace(pattern, () => replacement);
      return result;
    },
    suiteText: (value) => replaceWith(value, sentencePattern()),
    contains(value) {
      if (all === undefined) return false;
      all.pattern.lastIndex = 0;
      return all.pattern.test(value);
    },
  };
}

// The convenience functions below are called with the same secrets array again and again.
const redactors = new WeakMap<readonly SecretInput[], Redactor>();

/** The redactor of a secrets array, built once per array. */
export function redactorFor(secrets: readonly SecretInput[]): Redactor {
  let redactor = redactors.get(secrets);
  // Stryker disable next-line ConditionalExpression: a cache; a new redactor for the same secrets redacts the same
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

// curl commands are built for many exchanges with the same secrets array: compile the patterns once.
const patternLists = new WeakMap<readonly SecretInput[], readonly (SecretValue & { readonly pattern: RegExp })[]>();

/** Each form of each secret with a global, case-insensitive pattern of its own, longest first (for curl quoting). */
export function secretPatterns(
  secrets: readonly SecretInput[],
): readonly (SecretValue & { readonly pattern: RegExp })[] {
  const known = patternLists.get(secrets);
  if (known) return known;
  const forms = normaliseSecrets(secrets)
    .filter((secret) => secret.value.length >= MIN_SECRET_LENGTH)
    .flatMap((secret) => formsOf(secret).map((value) => ({ value, placeholder: secret.placeholder })));
  forms.sort((a, b) => b.value.length - a.value.length);
  const made = forms.map((form) => ({ ...form, pattern: new RegExp(escapeRegExp(form.value), "gi") }));
  patternLists.set(secrets, made);
  return made;
}

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

interface Form {
  readonly text: string;
  readonly placeholder: string;
  /** The secret this is a form of, lower-cased (for the suite-wording test). */
  readonly secret: string;
  /** Matched as written (base64 carries information in its case); other forms match under Unicode case folding. */
  readonly exact: boolean;
}

/** A stretch of text to replace by a placeholder. */
interface Span {
  readonly start: number;
  readonly end: number;
  readonly placeholder: string;
}

const escapeRegExp = (text: string): string => text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

/**
 * Encoded forms (base64 and the parts of it that hold a secret whatever stands before it) shorter
 * than this are not looked for: a few base64 characters turn up in unrelated text too often.
 * Every alignment of a secret of 5 or more characters is longer than this.
 */
const MIN_ENCODED_LENGTH = 6;

/** Headers whose values are credentials: masked even when the secret values are not known. */
const CREDENTIAL_HEADERS = new Set([
  "authorization",
  "proxy-authorization",
  "cookie",
  "set-cookie",
  "client_id",
  "client-id",
  "x-client-id",
  "x-api-key",
  "api-key",
  "client_secret",
]);

/** A JSON Web Token: base64url of a JSON header ({" is eyJ), a payload and a signature (empty for alg none). */
const JWT = /(?<![A-Za-z0-9_-])eyJ[A-Za-z0-9_-]{4,}\.[A-Za-z0-9_-]{4,}\.[A-Za-z0-9_-]*/g;
/**
 * An auth scheme and its credential (token68 of RFC 9110, at least 8 characters): "Bearer abc…",
 * "Basic dXNlcjpwYXNz". An auth-param (Bearer realm="api") is no credential: it is followed by "=".
 */
const SCHEME_CREDENTIAL = /\b(Bearer|Basic|Token|DPoP)(\s+)[A-Za-z0-9._~+/-]{8,}=*(?=$|[\s,;])/gi;

/** True when a value looks like a credential whatever names it: a JWT, or "Bearer <token>" and the like. */
export function looksLikeCredential(value: string): boolean {
  const trimmed = value.trim();
  JWT.lastIndex = 0;
  SCHEME_CREDENTIAL.lastIndex = 0;
  return JWT.test(trimmed) || SCHEME_CREDENTIAL.test(trimmed);
}

/** Keeps placeholders ($CMS_TOKEN …) and the auth scheme ("Bearer"); hides any other credential value. */
function maskCredential(value: string): string {
  const scheme = /^([A-Za-z]+) (.*)/.exec(value);
  const credential = scheme?.[2] ?? value;
  // Every placeholder starts with $ but [REDACTED], which masks to itself.
  if (credential.startsWith("$") || credential === "") return value;
  return scheme ? `${scheme[1] ?? ""} ${REDACTED}` : REDACTED;
}

/** JWTs and scheme credentials in a header value, whatever the header's name. */
function maskCredentialShapes(value: string): string {
  return value.replace(JWT, REDACTED).replace(SCHEME_CREDENTIAL, (_whole, scheme: string, space: string) => {
    return `${scheme}${space}${REDACTED}`;
  });
}

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

/** The value itself and, for a secret given as "Bearer <token>", the bare token. */
function valuesOf(secret: SecretValue): string[] {
  // .+ runs to the end of the (one-line, trimmed) value, and \s+ leaves it no leading space.
  const scheme = /^bearer\s+(.+)/i.exec(secret.value);
  return [secret.value, ...(scheme?.[1] === undefined ? [] : [scheme[1]])].filter(
    (value) => value.trim().length >= MIN_SECRET_LENGTH,
  );
}

/** The plain forms a secret takes in text: as is, JSON-escaped and URL-encoded (curl quoting splits on these). */
function plainFormsOf(secret: SecretValue): string[] {
  const forms = new Set<string>();
  for (const value of valuesOf(secret)) {
    for (const form of [value, JSON.stringify(value).slice(1, -1), encodeURIComponent(value)]) forms.add(form);
  }
  return [...forms];
}

/**
 * The base64 and base64url text of a value, and for each of the three alignments it can have inside
 * a longer encoded text ("Bearer <token>" encoded whole) the characters that depend on the value alone.
 */
function base64FormsOf(value: string): string[] {
  const bytes = Buffer.from(value, "utf8");
  const forms: string[] = [];
  for (const alphabet of ["base64", "base64url"] as const) {
    forms.push(bytes.toString(alphabet));
    for (const shift of [0, 1, 2]) {
      const length = shift + bytes.length;
      const encoded = Buffer.concat([Buffer.alloc(shift), bytes]).toString(alphabet);
      // Characters 0–1 (shift 1) or 0–2 (shift 2) mix in the bytes before; the last group's final one mixes in those after.
      forms.push(encoded.slice([0, 2, 3][shift], 4 * Math.floor(length / 3) + (length % 3)));
    }
  }
  return forms.filter((form) => form.length >= MIN_ENCODED_LENGTH);
}

/**
 * Every form of a secret looked for: the plain ones, upper- and lower-cased (ß → SS changes the
 * length, so folding alone misses it), hex of its UTF-8 bytes, each as the view reads it (a secret
 * holding "%41" or "&#65;" is found as written), and its base64 forms, matched exactly.
 */
function formsOf(secret: SecretValue): Form[] {
  const folded = new Set<string>();
  const exact = new Set<string>();
  for (const value of valuesOf(secret)) {
    const plain = [value, value.toUpperCase(), value.toLowerCase(), JSON.stringify(value).slice(1, -1)];
    for (const form of [...plain, encodeURIComponent(value), Buffer.from(value, "utf8").toString("hex")]) {
      folded.add(form);
      folded.add(viewOf(form).text);
    }
    for (const form of base64FormsOf(value)) exact.add(form);
  }
  const secretText = secret.value.toLowerCase();
  const make = (text: string, isExact: boolean): Form => ({
    text,
    placeholder: secret.placeholder,
    secret: secretText,
    exact: isExact,
  });
  return [
    ...[...folded].filter((text) => text.trim().length >= MIN_SECRET_LENGTH).map((text) => make(text, false)),
    ...[...exact].map((text) => make(text, true)),
  ];
}

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
interface View {
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
function viewOf(text: string): View {
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
function originOf(view: View, index: number): { start: number; end: number } {
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

/** Forms joined into one pattern, longest first so a longer secret wins over one it contains; group i is form i. */
interface Alternation {
  readonly pattern: RegExp;
  readonly placeholders: readonly string[];
}

function alternationOf(forms: readonly Form[], flags: string): Alternation | undefined {
  if (forms.length === 0) return undefined;
  const sorted = [...forms].sort((a, b) => b.text.length - a.text.length);
  return {
    pattern: new RegExp(sorted.map((form) => `(${escapeRegExp(form.text)})`).join("|"), flags),
    placeholders: sorted.map((form) => form.placeholder),
  };
}

/** Where forms of secrets stand in a text: folded forms under Unicode case folding (KELVIN SIGN is a k), base64 exactly. */
interface Matcher {
  readonly folded?: Alternation;
  readonly exact?: Alternation;
  /** Folded forms, for the start of one a cut text ends with. */
  readonly cutForms: readonly Form[];
}

function matcherOf(forms: readonly Form[]): Matcher {
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
      placeholder: alternation.placeholders[group - 1] ?? REDACTED,
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
    // Stryker disable next-line StringLiteral: sets of forms collide without it only when one form is two others joined (proof: redactorShortcuts.equivalence.test.ts)
    const key = kept.map((form) => form.text).join("\u0000");
    let matcher = sentenceMatchers.get(key);
    if (matcher === undefined) {
      matcher = matcherOf(kept);
      sentenceMatchers.set(key, matcher);
    }
    return matcher;
  };
  // A short secret only as a whole JSON string (not preceded by a backslash, which would make its quote part of a string).
  const shortStrings = short.map((secret) => ({
    pattern: new RegExp(`(?<!\\\\)"${escapeRegExp(JSON.stringify(secret.value).slice(1, -1))}"`, "g"),
    replacement: JSON.stringify(secret.placeholder),
  }));

  /** The spans of the original text to replace, found in its view. */
  /** The stretches of the text to replace: found in its view, mapped back to the text, joined where they overlap. */
  const spansToReplace = (value: string, matcher: Matcher, wasCut: boolean): Span[] => {
    const view = viewOf(value);
    const found = [...spansOf(view.text, matcher.folded), ...spansOf(view.text, matcher.exact)];
    const tail = wasCut ? cutSpan(view.text, matcher.cutForms, cutPatterns) : undefined;
    if (tail) found.push(tail);
    const spans = found.map((span) => ({
      start: originOf(view, span.start).start,
      end: originOf(view, span.end - 1).end,
      placeholder: span.placeholder,
    }));
    // An escape the view decodes can swallow a secret's first characters ("%0" before "client…" reads as
    // "%0c"): the text as written is searched too.
    if (view.text !== value) spans.push(...spansOf(value, matcher.folded), ...spansOf(value, matcher.exact));
    // A cut can also fall inside an escape the view decodes ("%7" of "%7a"): look for the tail in the text as written too.
    const rawTail = wasCut && view.text !== value ? cutSpan(value, matcher.cutForms, cutPatterns) : undefined;
    if (rawTail) spans.push(rawTail);
    // Placeholders hold no character a view decodes, so they stand in the text as in its view.
    return joined(spans).filter((span) => !insidePlaceholder(value, span, placeholders));
  };
  const redactWith = (value: string, matcher: Matcher, wasCut = false): string => {
    const spans = spansToReplace(value, matcher, wasCut);
    if (spans.length === 0) return value;
    let out = "";
    let last = 0;
    for (const span of spans) {
      out += value.slice(last, span.start) + span.placeholder;
      last = span.end;
    }
    return out + value.slice(last);
  };

  const text = (value: string, redactOptions: RedactOptions = {}): string =>
    redactWith(value, all, redactOptions.textWasCut === true);
  const headerValue = (value: string): string => {
    const redacted = text(value);
    const trimmed = redacted.trim();
    // The value is trimmed: the first match starts at its first character.
    const scheme = /(\S+)\s+(.+)/.exec(trimmed);
    for (const secret of short) {
      if (trimmed === secret.value) return secret.placeholder;
      if (scheme?.[2] === secret.value) return `${scheme[1] ?? ""} ${secret.placeholder}`;
    }
    return redacted;
  };
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
      // Stryker disable next-line LogicalOperator,StringLiteral: a fast path: decoding without escapes or long secrets changes nothing (proof: redactorShortcuts.equivalence.test.ts)
      if (long.length > 0 && value.includes("\\")) {
        const decoded = decodeHarmlessEscapes(value);
        if (decoded !== value && text(decoded) !== decoded) source = decoded;
      }
      let result = text(source, redactOptions);
      for (const { pattern, replacement } of shortStrings) result = result.replace(pattern, () => replacement);
      return result;
    },
    suiteText: (value) => redactWith(value, sentenceMatcher()),
    contains: (value) => spansToReplace(value, all, false).length > 0,
  };
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
    .flatMap((secret) => plainFormsOf(secret).map((value) => ({ value, placeholder: secret.placeholder })));
  forms.sort((a, b) => b.value.length - a.value.length);
  const made = forms.map((form) => ({ ...form, pattern: new RegExp(escapeRegExp(form.value), "gi") }));
  patternLists.set(secrets, made);
  return made;
}

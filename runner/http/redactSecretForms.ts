/**
 * Finding secrets, part one: the secrets of a run (trimmed, each with its placeholder) and every form
 * each takes in text: as written in any case, JSON-escaped, URL-encoded, hex, base64 and base64url at
 * any alignment, and each as the view reads it (redactTextView.ts).
 */
import { viewOf } from "./redactTextView.js";

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

/** A form of a secret looked for in text. */
export interface Form {
  readonly text: string;
  readonly placeholder: string;
  /** The secret this is a form of, lower-cased (for the suite-wording test). */
  readonly secret: string;
  /** Matched as written (base64 carries information in its case); other forms match under Unicode case folding. */
  readonly exact: boolean;
  /** The secret as given (not re-cased, escaped or encoded): it names a stretch written so over another secret's re-cased form. */
  readonly given?: boolean;
}

/** `text` as a regular expression that matches it literally. */
export const escapeRegExp = (text: string): string => text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

/**
 * Encoded forms (base64 and the parts of it that hold a secret whatever stands before it) shorter
 * than this are not looked for: a few base64 characters turn up in unrelated text too often.
 * Every alignment of a secret of 5 or more characters is longer than this.
 */
const MIN_ENCODED_LENGTH = 6;

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
export function formsOf(secret: SecretValue): Form[] {
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
    ...(text === secret.value ? { given: true } : {}),
  });
  return [
    ...[...folded].filter((text) => text.trim().length >= MIN_SECRET_LENGTH).map((text) => make(text, false)),
    ...[...exact].map((text) => make(text, true)),
  ];
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

/**
 * Replaces configured secret values by their placeholders in any text: request and response
 * headers, URLs, bodies, failure messages. Reporters call it again as a last line of defence.
 */
import type { HttpClientOptions } from "./types.js";

/** A secret value and the placeholder shown instead, e.g. { value: token, placeholder: "$CMS_TOKEN" }. */
export type SecretValue = HttpClientOptions["secrets"][number];

/**
 * Values shorter than this (after trimming) are never redacted: replacing "a" or "42" everywhere
 * would garble evidence without protecting anything. Real tokens and client ids are far longer.
 */
export const MIN_SECRET_LENGTH = 4;

/** Options of redactSecrets. */
export interface RedactOptions {
  /**
   * The text was cut (at the size cap): also redact a trailing prefix of a secret, so a
   * token echoed across the cut does not leak its first characters.
   */
  readonly textWasCut?: boolean;
}

/** The forms a secret may take in text: as is, JSON-escaped, URL-encoded, and the bare token of "Bearer <token>". */
function variantsOf(secret: SecretValue): string[] {
  const forms = new Set<string>();
  const add = (value: string): void => {
    if (value.trim().length >= MIN_SECRET_LENGTH) forms.add(value);
  };
  const values = [secret.value];
  const bearer = /^bearer\s+(.+)$/i.exec(secret.value.trim());
  if (bearer?.[1] !== undefined) values.push(bearer[1]);
  for (const value of values) {
    add(value);
    add(JSON.stringify(value).slice(1, -1));
    add(encodeURIComponent(value));
  }
  return [...forms];
}

const escapeRegExp = (text: string): string => text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

/** The variants of a list of secrets and one regular expression that finds any of them. */
interface Redactor {
  readonly variants: readonly SecretValue[];
  /** A global, case-insensitive pattern per variant, in the order of `variants`. */
  readonly patterns: readonly RegExp[];
  /** Matches any variant, case ignored; undefined without variants. */
  readonly finder: RegExp | undefined;
}

// Every exchange is redacted with the same secrets array: prepare it once, not per string.
const redactors = new WeakMap<readonly SecretValue[], Redactor>();

function redactorFor(secrets: readonly SecretValue[]): Redactor {
  const known = redactors.get(secrets);
  if (known) return known;
  const variants: SecretValue[] = [];
  for (const secret of secrets) {
    for (const value of variantsOf(secret)) variants.push({ value, placeholder: secret.placeholder });
  }
  variants.sort((a, b) => b.value.length - a.value.length);
  const finder = variants.length === 0 ? undefined : new RegExp(variants.map(({ value }) => escapeRegExp(value)).join("|"), "i");
  const patterns = variants.map(({ value }) => new RegExp(escapeRegExp(value), "gi"));
  const made = { variants, patterns, finder };
  redactors.set(secrets, made);
  return made;
}

/** Each variant with its global, case-insensitive pattern (split and replace reset lastIndex themselves). */
export function secretPatterns(secrets: readonly SecretValue[]): readonly (SecretValue & { readonly pattern: RegExp })[] {
  const { variants, patterns } = redactorFor(secrets);
  return variants.map((variant, index) => ({ ...variant, pattern: patterns[index]! }));
}

/** True when the text holds any form of any secret (case ignored). */
export function containsSecret(text: string, secrets: readonly SecretValue[]): boolean {
  const { finder } = redactorFor(secrets);
  return finder !== undefined && text.length > 0 && finder.test(text);
}

/**
 * Replaces every occurrence of every secret (values of at least MIN_SECRET_LENGTH characters)
 * by its placeholder. Matching ignores case: header names arrive lower-cased, and a secret
 * echoed in another case is still a leak.
 */
export function redactSecrets(text: string, secrets: readonly SecretValue[], options: RedactOptions = {}): string {
  if (text.length === 0 || secrets.length === 0) return text;
  const { variants, patterns, finder } = redactorFor(secrets);
  let result = text;
  // One scan settles the common case (no secret); otherwise each variant, longest first, so a
  // secret that overlaps a longer one cannot leave a fragment of the longer one behind.
  if (finder?.test(text) === true) {
    variants.forEach(({ placeholder }, index) => {
      // A function replacement: "$&" or "$1" in a placeholder must stay literal.
      result = result.replace(patterns[index]!, () => placeholder);
    });
  }
  if (options.textWasCut === true) result = redactCutTail(result, variants);
  return result;
}

/** Redacts a tail of the text that is the start of a secret (at least MIN_SECRET_LENGTH characters of it). */
function redactCutTail(text: string, variants: readonly SecretValue[]): string {
  for (const { value, placeholder } of variants) {
    for (let length = value.length - 1; length >= MIN_SECRET_LENGTH; length -= 1) {
      if (text.toLowerCase().endsWith(value.slice(0, length).toLowerCase())) return text.slice(0, text.length - length) + placeholder;
    }
  }
  return text;
}

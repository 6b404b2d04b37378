/**
 * The last line of defence against leaking credentials: every secret value (at least four
 * characters long) is replaced by [REDACTED] in a text, in the raw form and in every escaped
 * form the reporters produce (JSON string, HTML, XML, script-embedded JSON, URL-encoded).
 */
import { escapeHtml } from "./html/escapeHtml.js";
import { jsonForScript } from "./html/jsonForScript.js";
import { escapeXml } from "./escapeXml.js";

/** What a secret is replaced with. */
export const REDACTED = "[REDACTED]";

/** Secrets shorter than this are ignored: redacting "abc" everywhere would shred the report. */
export const MIN_SECRET_LENGTH = 4;

// redactReport calls redactSecrets for every string of a report with the same array: prepare its forms once.
const formsOf = new WeakMap<readonly string[], readonly string[]>();

/** The forms a secret can take in one of our outputs, longest first so no form is cut by a shorter one. */
function secretForms(secrets: readonly string[]): readonly string[] {
  const known = formsOf.get(secrets);
  if (known) return known;
  const forms = new Set<string>();
  for (const secret of secrets) {
    if (secret.length < MIN_SECRET_LENGTH) continue;
    const inJson = JSON.stringify(secret).slice(1, -1);
    for (const form of [secret, inJson, escapeHtml(secret), escapeHtml(inJson), escapeXml(secret), escapeXml(secret, "text"), jsonForScript(secret).slice(1, -1), encodeURIComponent(secret)]) {
      if (form.length >= MIN_SECRET_LENGTH) forms.add(form);
    }
  }
  const sorted = [...forms].sort((a, b) => b.length - a.length);
  formsOf.set(secrets, sorted);
  return sorted;
}

/** Replaces every occurrence of every secret (length ≥ 4) in `text` with [REDACTED]. */
export function redactSecrets(text: string, secrets: readonly string[]): string {
  let result = text;
  for (const form of secretForms(secrets)) if (result.includes(form)) result = result.split(form).join(REDACTED);
  return result;
}

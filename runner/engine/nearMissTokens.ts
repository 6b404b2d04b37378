/**
 * Tokens one edit away from the configured one (§5: invalid credentials get 401): where real
 * backends compare a prefix, drop a character, or ignore the end of a token. They derive from a
 * secret, so every one is redacted like the token itself (runSecrets), under a placeholder that
 * says how it was made. Edits apply before any base64 "=" padding, so a decoder that tolerates
 * odd padding still sees different bytes; the changed character flips the top bit of its base64
 * value, which is never a padding bit (a token that differs only there would decode the same).
 * The case-changed token swaps the letter case of every letter: a token is compared as the string
 * it was issued as (RFC 6750 §2.1 b64token, whose letters are distinct base64 values), never
 * without regard to case. A token without letters has no case-changed form (it is the token itself).
 */

/** The ways a near-miss token is made from the valid one. */
export type NearMissKind = "appended" | "truncated" | "changed" | "case-changed";

/** Every kind, in the order the check sends them. */
export const NEAR_MISS_KINDS: readonly NearMissKind[] = ["appended", "truncated", "changed", "case-changed"];

/** What each kind is, for labels and placeholders. */
export const NEAR_MISS_LABELS: Readonly<
  Record<NearMissKind, { readonly label: string; readonly placeholder: string }>
> = {
  appended: { label: "the valid token with one character appended", placeholder: "$CMS_TOKEN_PLUS_ONE_CHARACTER" },
  truncated: { label: "the valid token without its last character", placeholder: "$CMS_TOKEN_LAST_CHARACTER_REMOVED" },
  changed: {
    label: "the valid token with its last character changed",
    placeholder: "$CMS_TOKEN_LAST_CHARACTER_CHANGED",
  },
  "case-changed": {
    label: "the valid token with the letter case of every letter swapped",
    placeholder: "$CMS_TOKEN_LETTER_CASE_SWAPPED",
  },
};

const BASE64 = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789";
const URL_SAFE = `${BASE64}-_`;
const STANDARD = `${BASE64}+/`;

/**
 * Another character of the same alphabet whose 6-bit value differs in its top bit; a character outside
 * base64 becomes "A" (itself in base64, so never the same).
 */
function changedCharacter(char: string): string {
  for (const alphabet of [URL_SAFE, STANDARD]) {
    const index = alphabet.indexOf(char);
    if (index >= 0) return alphabet.charAt(index ^ 32);
  }
  return "A";
}

/** `text` with every letter in the other case (a letter without two cases stays as it is). */
function swappedCase(text: string): string {
  return [...text]
    .map((char) => {
      const upper = char.toUpperCase();
      return upper === char ? char.toLowerCase() : upper;
    })
    .join("");
}

/** The near-miss of `token` of one kind (the case-changed one is `token` itself when it has no letters). */
export function nearMissToken(token: string, kind: NearMissKind): string {
  if (kind === "case-changed") return swappedCase(token);
  const core = token.replace(/=+$/, "");
  const padding = token.slice(core.length);
  switch (kind) {
    case "appended":
      return `${core}A${padding}`;
    case "truncated":
      return `${core.slice(0, -1)}${padding}`;
    case "changed":
      return `${core.slice(0, -1)}${changedCharacter(core.slice(-1))}${padding}`;
  }
}

/** The near-misses of `token` with their placeholders, for redaction. */
export function nearMissSecrets(token: string): { value: string; placeholder: string }[] {
  return NEAR_MISS_KINDS.map((kind) => ({
    value: nearMissToken(token, kind),
    placeholder: NEAR_MISS_LABELS[kind].placeholder,
  })).filter(({ value }) => value !== token);
}

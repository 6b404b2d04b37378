/**
 * Shell quoting for every command line the suite writes (the curl commands of evidence, the
 * reproduce line of a run), with secrets as shell variables (issue 24.1). A written line is inert
 * and faithful when pasted into bash or zsh: every character but a secret's "$VARIABLE" is quoted;
 * text holding a control character (newline, ESC …), an invisible or format character (bidi
 * controls, zero-width spaces …) or a space other than U+0020 is written as $'…' with those
 * characters as \xHH bytes of their UTF-8, so the line stays one visible line and means the same
 * bytes; "!" never stands inside double quotes (interactive history expansion).
 * Two characters cannot be carried by an argument: NUL (it ends the argument) and a lone UTF-16
 * surrogate (not UTF-8); they are written as \x00 and as U+FFFD's bytes.
 */
import { containsSecret } from "./redactSecrets.js";
import { MIN_SECRET_LENGTH, normaliseSecrets, secretPatterns, type SecretValue } from "./redactSecretForms.js";

/** Characters a shell never treats specially: a word of only these is written bare. */
const BARE = /^[A-Za-z0-9_./:@%+=,-]+$/;

/**
 * Characters written as \xHH inside $'…': controls (C0, DEL, C1), format characters (bidi
 * controls, zero-width spaces and joiners, BOM, soft hyphen), surrogates, private-use and
 * unassigned code points, every space and separator but U+0020, and letters that draw nothing
 * (combining grapheme joiner, Hangul fillers, Khmer inherent vowels, Mongolian selectors).
 */
const ESCAPED =
  /[\p{C}\p{Zl}\p{Zp}\u00a0\u1680\u2000-\u200a\u202f\u205f\u3000\u034f\u115f\u1160\u17b4\u17b5\u180b-\u180f\u3164\uffa0]/u;
const ESCAPED_ALL = new RegExp(ESCAPED.source, "gu");

/** Inside $'…': the backslash and the quote itself (as \x27, so no history scanner can misread it). */
const ANSI_C_SPECIAL = /['\\]/g;

/** The UTF-8 bytes of one code point as \xHH escapes; a lone surrogate as U+FFFD's. */
function hexBytes(char: string): string {
  return [...Buffer.from(char, "utf8")].map((byte) => `\\x${byte.toString(16).padStart(2, "0")}`).join("");
}

const NAMED_ESCAPES: Readonly<Record<string, string>> = { "\n": "\\n", "\t": "\\t", "\r": "\\r" };

/** `$'…'`: printable characters as they are, the others as escapes. */
function ansiCQuoted(text: string): string {
  const body = text
    .replace(ANSI_C_SPECIAL, (char) => (char === "\\" ? "\\\\" : "\\x27"))
    .replace(ESCAPED_ALL, (char) => NAMED_ESCAPES[char] ?? hexBytes(char));
  return `$'${body}'`;
}

/** Quotes text as one literal shell word: bare when only safe characters, $'…' when it holds a character to escape, else single quotes ('it'\''s'). */
export function quoteShellWord(text: string): string {
  if (BARE.test(text)) return text;
  if (ESCAPED.test(text)) return ansiCQuoted(text);
  return `'${text.replace(/'/g, `'\\''`)}'`;
}

/** A piece of a shell word: literal text, or the name of a shell variable (a secret's placeholder). */
export type ShellSegment = { readonly literal: string } | { readonly variable: string };

/** "$CMS_TOKEN" → "CMS_TOKEN"; undefined when the placeholder is not a shell variable. */
export function variableName(placeholder: string): string | undefined {
  return /^\$\{?([A-Za-z_][A-Za-z0-9_]*)\}?$/.exec(placeholder)?.[1];
}

/** Splits text at every secret occurrence (any case); secrets whose placeholder is no shell variable become literal placeholders. */
function segmentsOf(text: string, secrets: readonly SecretValue[]): ShellSegment[] {
  if (!containsSecret(text, secrets)) return [{ literal: text }];
  let segments: ShellSegment[] = [{ literal: text }];
  // Case-insensitive like redactSecrets: a re-cased secret is still a secret. Of two of one length, the one the text
  // holds as written goes first (a token and the same token case-swapped, auth.near-miss-token-401).
  const patterns = [...secretPatterns(secrets)].sort(
    (a, b) => b.value.length - a.value.length || Number(text.includes(b.value)) - Number(text.includes(a.value)),
  );
  for (const { value, placeholder, pattern } of patterns) {
    const name = variableName(placeholder);
    segments = segments.flatMap((segment): ShellSegment[] => {
      if (!("literal" in segment) || !segment.literal.toLowerCase().includes(value.toLowerCase())) return [segment];
      const parts = segment.literal.split(pattern);
      const out: ShellSegment[] = [];
      parts.forEach((part, index) => {
        if (index > 0) out.push(name === undefined ? { literal: placeholder } : { variable: name });
        if (part.length > 0) out.push({ literal: part });
      });
      return out;
    });
  }
  return mergeLiterals(segments);
}

function mergeLiterals(segments: readonly ShellSegment[]): ShellSegment[] {
  const out: ShellSegment[] = [];
  for (const segment of segments) {
    const last = out[out.length - 1];
    if (last !== undefined && "literal" in last && "literal" in segment) {
      out[out.length - 1] = { literal: last.literal + segment.literal };
    } else out.push(segment);
  }
  return out;
}

/**
 * Inside double quotes only \ $ ` " are special (and escaped); "!" (interactive history
 * expansion) and the characters $'…' escapes rule double quotes out.
 */
function doubleQuotable(literal: string): boolean {
  return !literal.includes("!") && !ESCAPED.test(literal);
}

/**
 * Quotes text as one shell word in which each secret becomes its placeholder variable, so the
 * shell expands $CMS_TOKEN at run time and the secret itself is never written down.
 * style "double": `"Authorization: Bearer $CMS_TOKEN"` when possible (falls back to "concat");
 * style "concat": quoted literals joined with "$VAR" pieces ('{"t":"'"$CMS_TOKEN"'"}').
 */
export function quoteShellWordWithSecrets(
  text: string,
  secrets: readonly SecretValue[],
  style: "double" | "concat" = "concat",
): string {
  return shellWord(segmentsOf(text, secrets), style);
}

/**
 * Quotes one "Name: value" header argument like quoteShellWordWithSecrets; a secret too short to
 * be searched for in text (under MIN_SECRET_LENGTH) still becomes its variable where it is the
 * whole value or follows an auth scheme ("Bearer ab").
 */
export function quoteHeaderWithSecrets(name: string, value: string, secrets: readonly SecretValue[]): string {
  const trimmed = value.trim();
  for (const secret of normaliseSecrets(secrets)) {
    if (secret.value.length >= MIN_SECRET_LENGTH) continue;
    const scheme = /^(\S+\s+)(.+)$/.exec(trimmed);
    const prefix = trimmed === secret.value ? "" : scheme?.[2]?.trim() === secret.value ? (scheme[1] ?? "") : undefined;
    if (prefix === undefined) continue;
    const variable = variableName(secret.placeholder);
    const literal = `${name}: ${prefix}`;
    return shellWord(
      variable === undefined ? [{ literal: literal + secret.placeholder }] : [{ literal }, { variable }],
      "double",
    );
  }
  // curl drops a header given as "Name:"; "Name;" sends it with an empty value.
  return quoteShellWordWithSecrets(value === "" ? `${name};` : `${name}: ${value}`, secrets, "double");
}

/** One shell word of literal pieces (quoted) and variables (expanded, as one field): see quoteShellWordWithSecrets for the styles. */
export function shellWord(segments: readonly ShellSegment[], style: "double" | "concat" = "concat"): string {
  if (segments.every((segment) => "literal" in segment)) {
    // No shell variables: the secrets (if any) were replaced by literal placeholders.
    return quoteShellWord(segments.map((segment) => ("literal" in segment ? segment.literal : "")).join(""));
  }
  if (style === "double" && segments.every((segment) => !("literal" in segment) || doubleQuotable(segment.literal))) {
    let word = "";
    segments.forEach((segment, index) => {
      if ("literal" in segment) word += segment.literal.replace(/[\\$`"]/g, (c) => `\\${c}`);
      else {
        const next = segments[index + 1];
        const glued = next !== undefined && "literal" in next && /^[A-Za-z0-9_]/.test(next.literal);
        word += glued ? `\${${segment.variable}}` : `$${segment.variable}`;
      }
    });
    return `"${word}"`;
  }
  return segments
    .map((segment) => ("literal" in segment ? quoteShellWord(segment.literal) : `"$${segment.variable}"`))
    .join("");
}

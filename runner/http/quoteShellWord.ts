/** POSIX shell quoting for the curl commands in evidence, with secrets as shell variables. */
import {
  containsSecret,
  MIN_SECRET_LENGTH,
  normaliseSecrets,
  secretPatterns,
  type SecretValue,
} from "./redactSecrets.js";

/** Quotes text as one literal shell word: bare when only safe characters, else single quotes ('it'\''s'). */
export function quoteShellWord(text: string): string {
  if (/^[A-Za-z0-9_./:@%+=,-]+$/.test(text)) return text;
  return `'${text.replace(/'/g, `'\\''`)}'`;
}

/** A piece of a word: literal text, or a shell variable name standing for a secret. */
type Segment = { readonly literal: string } | { readonly variable: string };

/** "$CMS_TOKEN" → "CMS_TOKEN"; undefined when the placeholder is not a shell variable. */
function variableName(placeholder: string): string | undefined {
  return /^\$\{?([A-Za-z_][A-Za-z0-9_]*)\}?$/.exec(placeholder)?.[1];
}

/** Splits text at every secret occurrence (any case); secrets whose placeholder is no shell variable become literal placeholders. */
function segmentsOf(text: string, secrets: readonly SecretValue[]): Segment[] {
  if (!containsSecret(text, secrets)) return [{ literal: text }];
  let segments: Segment[] = [{ literal: text }];
  // Case-insensitive like redactSecrets: a re-cased secret is still a secret.
  for (const { value, placeholder, pattern } of secretPatterns(secrets)) {
    const name = variableName(placeholder);
    segments = segments.flatMap((segment): Segment[] => {
      if (!("literal" in segment) || !segment.literal.toLowerCase().includes(value.toLowerCase())) return [segment];
      const parts = segment.literal.split(pattern);
      const out: Segment[] = [];
      parts.forEach((part, index) => {
        if (index > 0) out.push(name === undefined ? { literal: placeholder } : { variable: name });
        if (part.length > 0) out.push({ literal: part });
      });
      return out;
    });
  }
  return mergeLiterals(segments);
}

function mergeLiterals(segments: readonly Segment[]): Segment[] {
  const out: Segment[] = [];
  for (const segment of segments) {
    const last = out[out.length - 1];
    if (last !== undefined && "literal" in last && "literal" in segment) {
      out[out.length - 1] = { literal: last.literal + segment.literal };
    } else out.push(segment);
  }
  return out;
}

/** Inside double quotes only \ $ ` " are special; "!" (interactive history expansion) rules double quotes out. */
function doubleQuotable(literal: string): boolean {
  return !literal.includes("!");
}

/**
 * Quotes text as one shell word in which each secret becomes its placeholder variable, so the
 * shell expands $CMS_TOKEN at run time and the secret itself is never written down.
 * style "double": `"Authorization: Bearer $CMS_TOKEN"` when possible (falls back to "concat");
 * style "concat": single-quoted literals joined with "$VAR" pieces ('{"t":"'"$CMS_TOKEN"'"}').
 */
export function quoteShellWordWithSecrets(
  text: string,
  secrets: readonly SecretValue[],
  style: "double" | "concat" = "concat",
): string {
  return renderSegments(segmentsOf(text, secrets), style);
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
    return renderSegments(
      variable === undefined ? [{ literal: literal + secret.placeholder }] : [{ literal }, { variable }],
      "double",
    );
  }
  // curl drops a header given as "Name:"; "Name;" sends it with an empty value.
  return quoteShellWordWithSecrets(value === "" ? `${name};` : `${name}: ${value}`, secrets, "double");
}

function renderSegments(segments: readonly Segment[], style: "double" | "concat"): string {
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

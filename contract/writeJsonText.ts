/**
 * A JSON writer that chooses how each character of a string is written (RFC 8259 §7): as itself, as a
 * `\uXXXX` escape (a character beyond the BMP as its surrogate pair, `\ud83d\ude9a`), or as a two-character
 * escape (`\/`, `\n` …). JSON.stringify writes one form only, so a request or a fault's answer in another
 * form is written here; the value it stands for is the same (JSON.parse of the text gives it back).
 */

/** How one character is written: as itself, as \u escapes (lower- or upper-case hex), or as a short escape (\/ \n …). */
export type EscapeForm = "raw" | "unicode" | "unicode-upper" | "short";

/** Chooses the form of each character of the strings (member names included), by its code point and its rank in the text. */
export type EscapeChooser = (codePoint: number, rank: number) => EscapeForm;

/** How the writer writes a value's strings and numbers; JSON.stringify's forms where unset. */
export interface JsonTextOptions {
  /** The form of each character; characters JSON requires to be escaped are escaped whatever it says. */
  readonly escape?: EscapeChooser;
  /** The text of a number (default String(value)); it must stand for the same number. */
  readonly number?: (value: number) => string;
}

const SHORT_ESCAPES: Readonly<Record<number, string>> = {
  0x22: '\\"',
  0x5c: "\\\\",
  0x2f: "\\/",
  0x08: "\\b",
  0x0c: "\\f",
  0x0a: "\\n",
  0x0d: "\\r",
  0x09: "\\t",
};

/** The \u escape of one UTF-16 code unit. */
function unitEscape(unit: number, upper: boolean): string {
  const hex = unit.toString(16).padStart(4, "0");
  return `\\u${upper ? hex.toUpperCase() : hex}`;
}

/** The \u escapes of a code point: one for a BMP character, its surrogate pair beyond it. */
function unicodeEscape(codePoint: number, upper: boolean): string {
  if (codePoint < 0x10000) return unitEscape(codePoint, upper);
  const offset = codePoint - 0x10000;
  return unitEscape(0xd800 + (offset >> 10), upper) + unitEscape(0xdc00 + (offset & 0x3ff), upper);
}

/** One character as `form` says, or escaped when JSON requires it (a quote, a backslash, a control, a lone surrogate). */
function writeCharacter(char: string, form: EscapeForm): string {
  const codePoint = char.codePointAt(0) as number;
  const short = SHORT_ESCAPES[codePoint];
  if (codePoint >= 0xd800 && codePoint <= 0xdfff) return unicodeEscape(codePoint, form === "unicode-upper");
  if (form === "unicode" || form === "unicode-upper") return unicodeEscape(codePoint, form === "unicode-upper");
  if (form === "short" && short !== undefined) return short;
  const mustEscape = codePoint < 0x20 || codePoint === 0x22 || codePoint === 0x5c;
  return mustEscape ? (short ?? unicodeEscape(codePoint, false)) : char;
}

/** Writes `value` as JSON text, its strings as `options.escape` chooses. */
export function writeJsonText(value: unknown, options: JsonTextOptions = {}): string {
  let rank = 0;
  const escape = options.escape ?? (() => "raw");
  const number = options.number ?? String;
  const writeString = (text: string): string => {
    let out = '"';
    for (const char of text) out += writeCharacter(char, escape(char.codePointAt(0) as number, rank++));
    return `${out}"`;
  };
  const write = (item: unknown): string => {
    if (item === null) return "null";
    if (typeof item === "string") return writeString(item);
    if (typeof item === "number") return Number.isFinite(item) ? number(item) : "null";
    if (typeof item === "boolean") return String(item);
    if (Array.isArray(item)) return `[${item.map((entry) => (entry === undefined ? "null" : write(entry))).join(",")}]`;
    if (typeof item === "object") {
      const members = Object.entries(item as Record<string, unknown>).filter(([, entry]) => entry !== undefined);
      return `{${members.map(([key, entry]) => `${writeString(key)}:${write(entry)}`).join(",")}}`;
    }
    throw new Error(`writeJsonText: a ${typeof item} has no JSON form`);
  };
  return write(value);
}

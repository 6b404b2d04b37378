/**
 * A response body as text, decoded as the target sent it (issue 23.8): in the charset its
 * Content-Type declares, as UTF-16 when it starts with a UTF-16 byte order mark, otherwise as UTF-8.
 * What is odd about it (another charset, a byte order mark, bytes that are no UTF-8) is named in one
 * sentence, so that a report says so once instead of judging replacement characters as the target's data.
 */
import { isUtf8 } from "node:buffer";
import { firstInvalidUtf8, type InvalidUtf8 } from "./firstInvalidUtf8.js";

/** The text of a body, the text to parse as JSON, and what was odd about its encoding. */
export interface BodyText {
  /** The body as decoded; a byte order mark is kept, as sent. */
  readonly text: string;
  /** The text without its byte order mark (RFC 8259 §8.1: a parser may ignore one). */
  readonly jsonText: string;
  /** One sentence when the body is not plain UTF-8, e.g. "the body is in charset iso-8859-1 …". */
  readonly note?: string;
  /** Where the bytes stop being UTF-8, whatever the body was decoded as (RFC 8259 §8.1 asks JSON in UTF-8). */
  readonly invalidUtf8?: InvalidUtf8;
}

const BOM = "\uFEFF";

/** The charset parameter of a Content-Type, lower-cased; undefined when there is none. */
function charsetOf(contentType: string | undefined): string | undefined {
  const match = /;\s*charset\s*=\s*"?([^";\s]+)"?/i.exec(contentType ?? "");
  return match?.[1]?.toLowerCase();
}

/** A TextDecoder for `label`, or undefined when the WHATWG Encoding Standard does not know it. */
function decoderFor(label: string): TextDecoder | undefined {
  try {
    return new TextDecoder(label);
  } catch {
    return undefined;
  }
}

function withoutBom(text: string): string {
  return text.startsWith(BOM) ? text.slice(1) : text;
}

/** Decodes `body` as its Content-Type (or byte order mark) says; names what is not plain UTF-8 and where its bytes stop being UTF-8. */
export function decodeBodyText(body: Buffer, contentType: string | undefined): BodyText {
  const decoded = decodeAsSent(body, contentType);
  // isUtf8 is native and settles almost every body; only a body that is not UTF-8 is scanned for where.
  const invalid = isUtf8(body) ? undefined : firstInvalidUtf8(body);
  return invalid === undefined ? decoded : { ...decoded, invalidUtf8: invalid };
}

function decodeAsSent(body: Buffer, contentType: string | undefined): BodyText {
  if (body.length >= 2 && ((body[0] === 0xff && body[1] === 0xfe) || (body[0] === 0xfe && body[1] === 0xff))) {
    const encoding = body[0] === 0xff ? "utf-16le" : "utf-16be";
    const text = new TextDecoder(encoding, { ignoreBOM: true }).decode(body);
    return {
      text,
      jsonText: withoutBom(text),
      note:
        `the body is ${encoding.toUpperCase()} (it starts with a byte order mark), decoded as such; ` +
        "JSON exchanged between systems is UTF-8 (RFC 8259 §8.1).",
    };
  }
  const charset = charsetOf(contentType);
  const decoder = charset === undefined ? undefined : decoderFor(charset);
  if (decoder !== undefined && decoder.encoding !== "utf-8") {
    const text = new TextDecoder(decoder.encoding, { ignoreBOM: true }).decode(body);
    return {
      text,
      jsonText: withoutBom(text),
      note: `the body is in charset ${charset} (its Content-Type says so), decoded as such; JSON exchanged between systems is UTF-8 (RFC 8259 §8.1).`,
    };
  }
  const text = body.toString("utf8");
  if (!isUtf8(body)) {
    const replaced =
      (text.match(/\uFFFD/g) ?? []).length - (new Set(body).has(0xef) ? countEncodedReplacements(body) : 0);
    return {
      text,
      jsonText: withoutBom(text),
      note:
        `the body is not valid UTF-8${charset === undefined ? " and its Content-Type names no charset" : ""}: ` +
        `${replaced} invalid byte sequence(s) are shown as U+FFFD and no search is built from them.`,
    };
  }
  if (text.startsWith(BOM)) {
    return {
      text,
      jsonText: withoutBom(text),
      note: "the body starts with a UTF-8 byte order mark, which RFC 8259 §8.1 says a sender must not add; it is ignored when parsing.",
    };
  }
  return { text, jsonText: text };
}

/** U+FFFD characters the body itself holds, encoded as UTF-8 (EF BF BD): not invalid bytes. */
function countEncodedReplacements(body: Buffer): number {
  let count = 0;
  for (let at = body.indexOf("\uFFFD", 0, "utf8"); at !== -1; at = body.indexOf("\uFFFD", at + 3, "utf8")) count += 1;
  return count;
}

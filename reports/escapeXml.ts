/**
 * XML 1.0 text for the JUnit report: characters XML cannot hold (most C0 controls, lone
 * surrogates, U+FFFE/U+FFFF) are stripped, markup characters escaped, invisible format
 * characters (bidi controls …) shown as \u escapes.
 */
import { showInvisible } from "./showInvisible.js";

const INVALID_XML_CHARS =
  /[\u0000-\u0008\u000b\u000c\u000e-\u001f\ufffe\uffff]|[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g;

const ENTITIES: Readonly<Record<string, string>> = {
  "&": "&amp;",
  "<": "&lt;",
  ">": "&gt;",
  '"': "&quot;",
  "'": "&apos;",
  "\r": "&#13;",
  "\n": "&#10;",
  "\t": "&#9;",
};

/** Strips what XML 1.0 cannot hold and escapes the rest; in attributes (the default) line breaks and tabs become character references so parsers keep them. */
export function escapeXml(value: string, context: "attribute" | "text" = "attribute"): string {
  const pattern = context === "attribute" ? /[&<>"'\r\n\t]/g : /[&<>\r]/g;
  return showInvisible(value)
    .replace(INVALID_XML_CHARS, "")
    .replace(pattern, (char) => ENTITIES[char] ?? char);
}

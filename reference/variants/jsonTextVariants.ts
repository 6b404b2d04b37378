/**
 * Answers written in other forms JSON allows (RFC 8259 §7): every escape a string may use, characters
 * beyond the BMP, and a member name written twice (RFC 8259 §4: SHOULD be unique; register
 * duplicate-member-names). The values they stand for are the reference's.
 */
import { writeJsonText, type EscapeForm } from "../../contract/writeJsonText.js";
import { withNonBmpTexts } from "../data/withNonBmpTexts.js";
import type { ReferenceResponse } from "../http/ReferenceResponse.js";
import type { ReferenceVariant } from "./ReferenceVariant.js";

/** A JSON answer written by `write` as its text, Content-Type application/json; any other answer as it was. */
function writtenAs(response: ReferenceResponse, write: (json: unknown) => string): ReferenceResponse {
  if (response.json === undefined || response.text !== undefined) return response;
  return {
    status: response.status,
    headers: { ...response.headers, "Content-Type": "application/json" },
    text: write(response.json),
  };
}

/** Every form in turn: the solidus as \/, beyond ASCII as \u escapes (surrogate pairs beyond the BMP), a third of ASCII escaped too. */
function everyEscape(codePoint: number, rank: number): EscapeForm {
  if (codePoint === 0x2f) return "short";
  if (codePoint > 0x7f) return rank % 2 === 0 ? "unicode" : "unicode-upper";
  return rank % 3 === 0 ? "unicode" : rank % 3 === 1 ? "short" : "raw";
}

/** Each writes the reference's values in another legitimate form. */
export const JSON_TEXT_VARIANTS: readonly ReferenceVariant[] = [
  {
    name: "every-escape-written",
    section: "§4",
    description:
      "Every JSON answer writes its strings with every escape JSON allows: \\/ for the solidus, \\u00e1 and \\u00C1 " +
      "beyond ASCII, surrogate pairs (\\ud83d\\ude9a) beyond the BMP, and a third of ASCII letters as \\u escapes.",
    why: "RFC 8259 §7: any character may be escaped; the string is the same.",
    departs: [],
    respond: (response) => writtenAs(response, (json) => writeJsonText(json, { escape: everyEscape })),
  },
  {
    name: "non-bmp-data",
    section: "§2.4",
    description:
      "Every third landing page's title and widget's first tag holds a character beyond the BMP (🚚, 𝔐, 𠮷, 𝄞).",
    why: "Titles and tags are strings (§2.1, §2.4); nothing limits their characters to the BMP.",
    departs: [],
    data: withNonBmpTexts,
  },
  {
    name: "duplicate-member-names",
    section: "§4",
    description:
      "Every object of a 200 answer writes its first member twice, first as null, then with its value (which JSON.parse, Jackson, Go and Python keep).",
    why: "RFC 8259 §4 says names SHOULD be unique, not MUST; the interface does not name the case (register duplicate-member-names).",
    departs: ["duplicate-member-names"],
    respond: (response) =>
      response.status === 200
        ? writtenAs(response, (json) => JSON.stringify(json).replace(/\{"([^"\\]*)":/g, '{"$1":null,"$1":'))
        : response,
  },
];

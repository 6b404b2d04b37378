/**
 * Faults in the bytes of JSON (§2 notation, RFC 8259 §7, §8.1) that JSON.parse and JSON.stringify hide:
 * integers written with a fraction or an exponent, an answer in Latin-1, a request refused for its \u
 * escapes, and escaped surrogate pairs decoded wrongly so that a search misses.
 */
import { writeJsonText } from "../../contract/writeJsonText.js";
import { withNonBmpTexts } from "../data/withNonBmpTexts.js";
import { badRequest } from "../http/errorResponses.js";
import type { ReferenceResponse } from "../http/ReferenceResponse.js";
import type { ReferenceFault } from "./ReferenceFault.js";

/** A 200 JSON answer written as text by `write`, with Content-Type `contentType`; any other answer as it was. */
function rewrittenText(
  response: ReferenceResponse,
  write: (json: unknown) => string,
  contentType = "application/json",
  encoding: "utf8" | "latin1" = "utf8",
): ReferenceResponse {
  if (response.status !== 200 || response.json === undefined || response.text !== undefined) return response;
  return {
    status: response.status,
    headers: { ...response.headers, "Content-Type": contentType },
    text: write(response.json),
    encoding,
  };
}

/** An integer as a mantissa and an exponent: 10 as 1E+1, 7 as 7e0. */
function withExponent(value: number): string {
  if (!Number.isInteger(value)) return String(value);
  let mantissa = value;
  let exponent = 0;
  while (mantissa !== 0 && mantissa % 10 === 0) {
    mantissa /= 10;
    exponent += 1;
  }
  return exponent === 0 ? `${mantissa}e0` : `${mantissa}E+${exponent}`;
}

/** A high surrogate's \u escape followed by a low one's (any case of hex). */
const ESCAPED_PAIR = /\\u[dD][89abAB][0-9a-fA-F]{2}\\u[dD][c-fC-F][0-9a-fA-F]{2}/g;

/** Each breaks the written form of JSON, not its value. */
export const JSON_TEXT_FAULTS: readonly ReferenceFault[] = [
  {
    name: "integers-with-fraction",
    section: "§2",
    description:
      "Every 200 answer writes its integers with a fraction: 10.0 for 10 (height, width, precision, totals, sequence).",
    caughtBy: ["schema.response-body"],
    respond: (response) =>
      rewrittenText(response, (json) =>
        writeJsonText(json, { number: (value) => (Number.isInteger(value) ? `${value}.0` : String(value)) }),
      ),
  },
  {
    name: "integers-exponent",
    section: "§2",
    description: "Every 200 answer writes its integers with an exponent: 1E+1 for 10, 7e0 for 7.",
    caughtBy: ["schema.response-body"],
    respond: (response) => rewrittenText(response, (json) => writeJsonText(json, { number: withExponent })),
  },
  {
    name: "latin1-body",
    section: "§4",
    description:
      "Every 200 answer is encoded in ISO-8859-1 (and says so in its Content-Type): á is the byte 0xE1, not UTF-8's C3 A1.",
    caughtBy: ["schema.response-body"],
    respond: (response) =>
      rewrittenText(
        response,
        // What Latin-1 cannot hold is escaped, so the text stays JSON: only the encoding is wrong.
        (json) => writeJsonText(json, { escape: (codePoint) => (codePoint > 0xff ? "unicode" : "raw") }),
        "application/json; charset=ISO-8859-1",
        "latin1",
      ),
  },
  {
    name: "unicode-escapes-refused",
    section: "§4",
    description: "A request body whose strings use \\u escapes is answered 400, as if it were not JSON.",
    caughtBy: ["http.valid-request-ok"],
    mayAlsoFail: {
      "search.escaped-value": "its searches written with \\u escapes are refused as the valid requests are",
    },
    requestText: (text, operation) =>
      /\\u[0-9a-fA-F]{4}/.test(text)
        ? badRequest(operation, "The request body is not valid JSON.", "invalidJson")
        : text,
  },
  {
    name: "surrogate-pairs-mangled",
    section: "§4.2",
    description:
      "Titles and tags hold characters beyond the BMP, and a request's escaped surrogate pair (\\ud83d\\ude9a) is " +
      "decoded as two replacement characters, so a search for such a character written escaped finds nothing.",
    caughtBy: ["search.escaped-value"],
    data: withNonBmpTexts,
    requestText: (text) => text.replace(ESCAPED_PAIR, "\\ufffd\\ufffd"),
  },
];

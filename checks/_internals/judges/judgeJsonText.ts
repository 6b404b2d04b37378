/**
 * Judges a JSON answer from its bytes and text, where JSON.parse would hide a departure: bytes that are
 * not UTF-8 fail (RFC 8259 §8.1: JSON exchanged between systems MUST be UTF-8); a field the schemas type
 * as integer written with a fraction or an exponent (`10.0`, `1e1`) fails (§2: integer = JSON number
 * without fraction); a member name written twice in one object warns (RFC 8259 §4: names SHOULD be
 * unique; register duplicate-member-names). The integer places are read from the schemas, never listed.
 */
import { pointerSegment, shapeOfFile, type Shape } from "../../../contract/schemaShapes.js";
import { exchangeRedactor } from "../../../runner/http/exchangeRedactor.js";
import { scanJsonText, type JsonTextPath } from "../../../runner/http/scanJsonText.js";
import { evidence, type Judgement } from "../../../runner/engine/Judgement.js";
import type { AnsweredExchange } from "./judgeExchange.js";

/** The register entry a repeated member name departs from. */
export const DUPLICATE_NAMES_REGISTER = "duplicate-member-names";

/** Most places a message lists. */
const SHOWN = 3;

/** A path as a JSON Pointer, as Ajv writes an instancePath ("" for the body itself). */
const pointerOf = (path: JsonTextPath): string => path.map((segment) => `/${pointerSegment(String(segment))}`).join("");

/** True when the schema of `bodyName` types the value at `path` as integer. */
function typedInteger(bodyName: string, path: JsonTextPath): boolean {
  let shape: Shape | undefined = shapeOfFile(`bodies/${bodyName}.json`);
  for (const segment of path) {
    if (!shape) return false;
    shape = typeof segment === "number" ? shape.view("array").items : shape.view("object").field(segment);
  }
  return shape?.view("other").integer ?? false;
}

/** A value's text for a message: cut at 80 characters. */
const shown = (text: string): string => (text.length > 80 ? `${text.slice(0, 80)}… (${text.length} chars)` : text);

/** Fails a body whose bytes are not UTF-8; true when they are. */
function judgeUtf8(judge: Judgement, label: string, exchange: AnsweredExchange): boolean {
  const invalid = exchange.response.invalidUtf8;
  if (invalid === undefined) return true;
  const type = exchange.response.headers["content-type"];
  judge.fail(
    `${label}: the body is not UTF-8: byte 0x${invalid.bytes.slice(0, 2).toUpperCase()} at offset ${invalid.offset} ` +
      "starts no UTF-8 sequence; JSON exchanged between systems MUST be encoded in UTF-8 (RFC 8259 §8.1).",
    {
      expected: "a body in UTF-8 (RFC 8259 §8.1; §4: the operations return JSON)",
      actual: `bytes ${invalid.bytes} at offset ${invalid.offset}${type === undefined ? "" : `, Content-Type ${JSON.stringify(type)}`}`,
      evidence: [evidence(label, exchange)],
    },
  );
  return false;
}

/**
 * Judges the bytes and text of a JSON answer of `bodyName` (e.g. "getWidget.response"): UTF-8, integers
 * written without fraction or exponent, member names unique. Returns true when nothing failed.
 */
export function judgeJsonText(judge: Judgement, label: string, exchange: AnsweredExchange, bodyName: string): boolean {
  const utf8 = judgeUtf8(judge, label, exchange);
  if (!exchange.isJson) return utf8;
  const scan = scanJsonText(exchange.response.bodyText);
  const redact = exchangeRedactor(exchange).text;
  // A value that is no integer at all is the schema's type failure already; only the written form is judged here.
  const integers = scan.fractionOrExponent.filter(
    ({ path, text }) => Number.isInteger(Number(text)) && typedInteger(bodyName, path),
  );
  if (integers.length > 0) {
    const lines = integers.map(({ path, text }) => redact(`${pointerOf(path)} written ${text}`));
    judge.fail(
      `${label}: ${lines.slice(0, SHOWN).join("; ")}${lines.length > SHOWN ? ` (+${lines.length - SHOWN} more)` : ""}: ` +
        "an integer field is a JSON number without fraction or exponent (§2 notation), which a client reading it " +
        "as an integer (Go int, Jackson with FAIL_ON_FLOAT_FOR_INT, Rust u32) refuses.",
      {
        expected: "integers written as digits only, e.g. 10 (§2: integer = JSON number without fraction)",
        actual: lines.join("\n"),
        evidence: [evidence(label, exchange)],
      },
    );
  }
  if (scan.repeatedNames.length > 0) {
    const lines = scan.repeatedNames.map(({ path, name, firstValue, laterValue }) =>
      redact(
        `${JSON.stringify(name)} twice in the object at ${pointerOf(path) || "(the body)"}: first ${shown(firstValue)}, then ${shown(laterValue)}`,
      ),
    );
    judge.depart(
      DUPLICATE_NAMES_REGISTER,
      `${label}: ${lines.slice(0, SHOWN).join("; ")}${lines.length > SHOWN ? ` (+${lines.length - SHOWN} more)` : ""} ` +
        "(RFC 8259 §4: names within an object SHOULD be unique; readers keep the last value or the first).",
      {
        expected: "each member name once per object (RFC 8259 §4)",
        actual: lines.join("\n"),
        evidence: [evidence(label, exchange)],
      },
    );
  }
  if (scan.stopped)
    judge.note(`${label}: the text could not be scanned to its end; its numbers' forms are judged up to there.`);
  return utf8 && integers.length === 0;
}

/** decodeBodyText: a body decoded as the target sent it, and what is odd about it named (issue 23.8). */
import { describe, expect, it } from "vitest";
import { decodeBodyText } from "../../../../runner/http/decodeBodyText.js";

const JSON_TEXT = '{"title":"Gestão de Ação"}';

describe("decodeBodyText", () => {
  it("decodes plain UTF-8 with no note", () => {
    expect(decodeBodyText(Buffer.from(JSON_TEXT, "utf8"), "application/json")).toEqual({
      text: JSON_TEXT,
      jsonText: JSON_TEXT,
    });
  });

  it("decodes the charset the Content-Type declares, and names it", () => {
    const decoded = decodeBodyText(Buffer.from(JSON_TEXT, "latin1"), 'application/json; charset="ISO-8859-1"');
    expect(decoded.text).toBe(JSON_TEXT);
    expect(decoded.jsonText).toBe(JSON_TEXT);
    expect(decoded.note).toBe(
      "the body is in charset iso-8859-1 (its Content-Type says so), decoded as such; JSON exchanged between systems is UTF-8 (RFC 8259 §8.1).",
    );
  });

  it("takes charset=utf-8 and an unknown charset as UTF-8", () => {
    expect(decodeBodyText(Buffer.from(JSON_TEXT), "application/json; charset=UTF-8").note).toBeUndefined();
    expect(decodeBodyText(Buffer.from(JSON_TEXT), "application/json; charset=x-unknown").note).toBeUndefined();
  });

  it("keeps a UTF-8 byte order mark in the text, not in the text parsed, and names it", () => {
    const decoded = decodeBodyText(Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from(JSON_TEXT)]), undefined);
    expect(decoded.text).toBe(`\uFEFF${JSON_TEXT}`);
    expect(decoded.jsonText).toBe(JSON_TEXT);
    expect(decoded.note).toMatch(/^the body starts with a UTF-8 byte order mark/);
  });

  it("decodes UTF-16 that starts with its byte order mark, little- and big-endian", () => {
    const le = Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from(JSON_TEXT, "utf16le")]);
    expect(decodeBodyText(le, "application/json")).toEqual({
      text: `\uFEFF${JSON_TEXT}`,
      jsonText: JSON_TEXT,
      note: "the body is UTF-16LE (it starts with a byte order mark), decoded as such; JSON exchanged between systems is UTF-8 (RFC 8259 §8.1).",
      invalidUtf8: { offset: 0, bytes: "ff fe 7b 00" },
    });
    const be = Buffer.from(le).swap16();
    expect(decodeBodyText(be, "application/json").jsonText).toBe(JSON_TEXT);
    expect(decodeBodyText(be, "application/json").note).toMatch(/UTF-16BE/);
  });

  it("names bytes that are no UTF-8, counting the invalid sequences but not a U+FFFD the body itself holds", () => {
    const body = Buffer.concat([Buffer.from(JSON_TEXT, "latin1"), Buffer.from("\uFFFD", "utf8")]);
    const decoded = decodeBodyText(body, "application/json");
    expect(decoded.text).toBe('{"title":"Gest\uFFFDo de A\uFFFD\uFFFDo"}\uFFFD');
    expect(decoded.note).toBe(
      "the body is not valid UTF-8 and its Content-Type names no charset: 3 invalid byte sequence(s) are shown as U+FFFD and no search is built from them.",
    );
    // Where the bytes stop being UTF-8: ã as Latin-1's single byte 0xE3 (RFC 8259 §8.1, judged by schema.response-body).
    expect(decoded.invalidUtf8).toEqual({ offset: 14, bytes: "e3 6f 20 64" });
  });

  it("reads the charset parameter with or without spaces around it and quotes", () => {
    const latin1 = Buffer.from(JSON_TEXT, "latin1");
    const note =
      "the body is in charset iso-8859-1 (its Content-Type says so), decoded as such; JSON exchanged between systems is UTF-8 (RFC 8259 §8.1).";
    for (const contentType of ["application/json;charset=iso-8859-1", "application/json; charset = ISO-8859-1"]) {
      expect(decodeBodyText(latin1, contentType)).toEqual({
        text: JSON_TEXT,
        jsonText: JSON_TEXT,
        note,
        invalidUtf8: { offset: 14, bytes: "e3 6f 20 64" },
      });
    }
  });

  it("decodes a body that is only a UTF-16 byte order mark as UTF-16", () => {
    expect(decodeBodyText(Buffer.from([0xff, 0xfe]), undefined)).toEqual({
      text: "\uFEFF",
      jsonText: "",
      note: "the body is UTF-16LE (it starts with a byte order mark), decoded as such; JSON exchanged between systems is UTF-8 (RFC 8259 §8.1).",
      invalidUtf8: { offset: 0, bytes: "ff fe" },
    });
  });

  it("takes a body that starts with only one byte of a UTF-16 byte order mark as UTF-8", () => {
    for (const body of [
      [0xff, 0x7b],
      [0x7b, 0xfe],
      [0xfe, 0x7b],
      [0x7b, 0xff],
    ]) {
      const decoded = decodeBodyText(Buffer.from(body), undefined);
      expect(decoded.text).toBe(Buffer.from(body).toString("utf8"));
      expect(decoded.note).toBe(
        "the body is not valid UTF-8 and its Content-Type names no charset: 1 invalid byte sequence(s) are shown as U+FFFD and no search is built from them.",
      );
    }
  });

  it("does not say the Content-Type names no charset when it names UTF-8", () => {
    expect(decodeBodyText(Buffer.from([0x7b, 0xff]), "application/json; charset=utf-8").note).toBe(
      "the body is not valid UTF-8: 1 invalid byte sequence(s) are shown as U+FFFD and no search is built from them.",
    );
  });
});

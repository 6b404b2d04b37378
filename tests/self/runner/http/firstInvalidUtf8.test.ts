/** firstInvalidUtf8: the first byte that starts no well-formed UTF-8 sequence (RFC 3629 §4). */
import { describe, expect, it } from "vitest";
import { firstInvalidUtf8 } from "../../../../runner/http/firstInvalidUtf8.js";

describe("firstInvalidUtf8", () => {
  it("finds nothing in UTF-8, beyond the BMP included", () => {
    expect(firstInvalidUtf8(Buffer.from('{"t":"Área 🚚 𠮷"}', "utf8"))).toBeUndefined();
  });

  it("locates Latin-1's Á (0xC1, which leads no UTF-8 sequence) and shows the bytes from it", () => {
    expect(firstInvalidUtf8(Buffer.from('{"t":"Área x"}', "latin1"))).toEqual({ offset: 6, bytes: "c1 72 65 61" });
  });

  it("locates a Latin-1 byte, a truncated sequence, an encoded surrogate and an overlong form", () => {
    expect(firstInvalidUtf8(Buffer.from('"Página"', "latin1"))).toEqual({ offset: 2, bytes: "e1 67 69 6e" });
    expect(firstInvalidUtf8(Buffer.from([0x61, 0xe2, 0x82]))).toEqual({ offset: 1, bytes: "e2 82" });
    expect(firstInvalidUtf8(Buffer.from([0xed, 0xa0, 0x80]))?.offset).toBe(0);
    expect(firstInvalidUtf8(Buffer.from([0xc0, 0xaf]))?.offset).toBe(0);
    expect(firstInvalidUtf8(Buffer.from([0xf4, 0x90, 0x80, 0x80]))?.offset).toBe(0);
  });
});

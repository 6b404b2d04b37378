/** Long fragments of a secret (issue 50.7): any 16 or more consecutive characters of one of its forms are redacted. */
import { describe, expect, it } from "vitest";
import { createRedactor } from "../../../../runner/http/redactSecrets.js";
import { FRAGMENT_LENGTH, foldUnits } from "../../../../runner/http/redactFragments.js";

const TOKEN = "tok-7Hq2kXsW9pLm4Rt8Vz3Nc6Hb1Jd5Gf0Sa2"; // 38 characters
const redactor = () => createRedactor([{ value: TOKEN, placeholder: "$CMS_TOKEN" }]);

describe("a long fragment of a secret", () => {
  it("is redacted from 16 characters on, wherever it starts: 28 of 38, or the token with a character inserted", () => {
    expect(FRAGMENT_LENGTH).toBe(16);
    expect(redactor().text(`seen ${TOKEN.slice(5, 33)} here`)).toBe("seen $CMS_TOKEN here");
    expect(redactor().text(`a ${TOKEN.slice(0, 19)}~${TOKEN.slice(19)} b`)).toBe("a $CMS_TOKEN~$CMS_TOKEN b");
    for (let start = 0; start + 16 <= TOKEN.length; start += 1)
      expect(redactor().text(`<${TOKEN.slice(start, start + 16)}>`), String(start)).toBe("<$CMS_TOKEN>");
  });

  it("is left alone below 16 characters: a short stretch is no secret's fingerprint", () => {
    expect(redactor().text(`seen ${TOKEN.slice(3, 18)} here`)).toBe(`seen ${TOKEN.slice(3, 18)} here`);
  });

  it("is found in the forms already handled: another case, URL-encoded, hex, base64 at any alignment, split by invisible characters", () => {
    const fragment = TOKEN.slice(4, 30);
    const forms = [
      fragment.toUpperCase(),
      encodeURIComponent(fragment),
      Buffer.from(fragment).toString("hex"),
      [...fragment].join("\u200b"),
      ...["", "x", "xy"].map((before) => Buffer.from(before + fragment).toString("base64")),
      ...["", "x", "xy"].map((before) => Buffer.from(before + fragment).toString("base64url")),
    ];
    for (const form of forms) {
      const redacted = redactor().text(`[${form}]`);
      expect(redacted, form).toContain("$CMS_TOKEN");
      // What is left of an encoded form is its edges, which mix in the characters beside it.
      expect(redacted.replace("$CMS_TOKEN", "").length, form).toBeLessThan(10);
    }
  });

  it("keeps the space of a secret given as 'Bearer <token>': only the token's characters are replaced", () => {
    const bearer = createRedactor([{ value: `Bearer ${TOKEN}`, placeholder: "$A" }]);
    expect(bearer.text(`echo ${TOKEN.slice(2, 30)};`)).toBe("echo $A;");
  });

  it("is found in a text made of one character repeated, as the whole text", () => {
    const repeated = createRedactor([{ value: "a".repeat(40), placeholder: "$R" }]);
    expect(repeated.text(`${"a".repeat(100_000)}!`)).toBe("$R!");
  });
});

describe("foldUnits", () => {
  it("lower-cases each character where that keeps the length, so positions stay", () => {
    expect(foldUnits("AbC\u212A")).toBe("abck");
    expect(foldUnits("\u0130x")).toBe("\u0130x");
    expect(foldUnits("\u0130X")).toHaveLength(2);
  });
});

import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { NEAR_MISS_KINDS, nearMissSecrets, nearMissToken } from "../../../../runner/engine/nearMissTokens.js";
import { quoteShellWordWithSecrets } from "../../../../runner/http/quoteShellWord.js";
import { redactSecrets } from "../../../../runner/http/redactSecrets.js";

const BASE64URL = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_";
const bits = (char: string) => BASE64URL.indexOf(char);

describe("near-miss tokens (§5: one edit away from the valid token)", () => {
  it("appends, removes and changes exactly one character of an opaque token", () => {
    const token = "admin-3f9c1e77a0b24d5e";
    expect(nearMissToken(token, "appended")).toBe(`${token}A`);
    expect(nearMissToken(token, "truncated")).toBe(token.slice(0, -1));
    const changed = nearMissToken(token, "changed");
    expect(changed.slice(0, -1)).toBe(token.slice(0, -1));
    expect(changed.slice(-1)).not.toBe(token.slice(-1));
  });

  it("changes the top bit of the last base64 character, never only a padding bit (a JWT signature ends in padding bits)", () => {
    for (const last of BASE64URL) {
      const changed = nearMissToken(`eyJhbGciOi.eyJzdWIiOiIx.sig${last}`, "changed").slice(-1);
      expect(bits(changed) ^ bits(last), `${last} → ${changed}`).toBe(32);
    }
  });

  it("edits before base64 padding, so a lenient decoder still sees other bytes", () => {
    expect(nearMissToken("abcd==", "appended")).toBe("abcdA==");
    expect(nearMissToken("abcd==", "truncated")).toBe("abc==");
    expect(nearMissToken("abcd==", "changed")).toMatch(/^abc[^d]==$/);
  });

  it("changes a character of standard base64 in its own alphabet, and any other character to A", () => {
    expect(nearMissToken("abc+", "changed")).toBe("abce");
    expect(nearMissToken("abc/", "changed")).toBe("abcf");
    expect(nearMissToken("abc~", "changed")).toBe("abcA");
  });

  it("takes only trailing = as padding", () => {
    expect(nearMissToken("a=b1", "appended")).toBe("a=b1A");
    expect(nearMissToken("a=b1==", "truncated")).toBe("a=b==");
  });

  it("leaves out a near-miss that is the token itself (a token of padding only)", () => {
    expect(nearMissSecrets("==").map((secret) => secret.placeholder)).toEqual([
      "$CMS_TOKEN_PLUS_ONE_CHARACTER",
      "$CMS_TOKEN_LAST_CHARACTER_CHANGED",
    ]);
    expect(nearMissSecrets("tok-1234")).toHaveLength(4);
    expect(nearMissSecrets("1234-5678").map((secret) => secret.placeholder)).not.toContain(
      "$CMS_TOKEN_LETTER_CASE_SWAPPED",
    );
  });

  it("swaps the letter case of every letter, and leaves every other character as it is", () => {
    expect(nearMissToken("admin-3f9C1e77_A0+b=", "case-changed")).toBe("ADMIN-3F9c1E77_a0+B=");
    expect(nearMissToken("1234-5678", "case-changed")).toBe("1234-5678");
    expect(nearMissToken("Ab", "case-changed")).not.toBe("Ab");
  });

  it("never changes the client id's last character into the same letter in another case (a UUID may be compared without case)", () => {
    fc.assert(
      fc.property(fc.string({ minLength: 1, maxLength: 40 }), (clientId) => {
        const changed = nearMissToken(clientId, "changed");
        expect(changed.toLowerCase()).not.toBe(clientId.toLowerCase());
      }),
    );
    for (const last of `${BASE64URL}+/`)
      expect(nearMissToken(`0f0f0f0f-c0f0-4c0f-8c0f-0f0f0f0fc0f${last}`, "changed").slice(-1).toLowerCase()).not.toBe(
        last.toLowerCase(),
      );
  });

  it("are secrets: each is redacted whole, and no fragment of the token is left in any of them", () => {
    const token = "tok-91b0c2d3e4f5a6b7c8d9";
    const secrets = [{ value: token, placeholder: "$CMS_TOKEN" }, ...nearMissSecrets(token)];
    for (const kind of NEAR_MISS_KINDS) {
      const text = redactSecrets(`Authorization: Bearer ${nearMissToken(token, kind)}`, secrets);
      expect(text).not.toContain(token.slice(0, 8));
      expect(text).toMatch(/^Authorization: Bearer \$CMS_TOKEN_[A-Z_]+$/);
    }
    expect(redactSecrets(`Bearer ${token}`, secrets)).toBe("Bearer $CMS_TOKEN");
  });

  it("name the case-swapped token by its own variable in a curl command, and the token by its own, in either order of secrets", () => {
    const token = "tok-91b0c2d3e4f5a6b7c8d9";
    const secrets = [{ value: token, placeholder: "$CMS_TOKEN" }, ...nearMissSecrets(token)];
    for (const order of [secrets, [...secrets].reverse()]) {
      const swapped = nearMissToken(token, "case-changed");
      expect(quoteShellWordWithSecrets(`Bearer ${swapped}`, order, "double")).toBe(
        '"Bearer $CMS_TOKEN_LETTER_CASE_SWAPPED"',
      );
      expect(quoteShellWordWithSecrets(`Bearer ${token}`, order, "double")).toBe('"Bearer $CMS_TOKEN"');
      expect(redactSecrets(`Bearer ${swapped}`, order)).toBe("Bearer $CMS_TOKEN_LETTER_CASE_SWAPPED");
      expect(redactSecrets(`Bearer ${token}`, order)).toBe("Bearer $CMS_TOKEN");
    }
  });
});

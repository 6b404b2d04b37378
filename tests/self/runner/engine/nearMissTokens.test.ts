import { describe, expect, it } from "vitest";
import { NEAR_MISS_KINDS, nearMissSecrets, nearMissToken } from "../../../../runner/engine/nearMissTokens.js";
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
    expect(nearMissSecrets("tok-1234")).toHaveLength(3);
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
});

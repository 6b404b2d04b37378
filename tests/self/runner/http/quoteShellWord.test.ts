/** Shell words with secrets as variables (quoteShellWord.ts): placeholders, merged literals, short secrets in headers. */
import { describe, expect, it } from "vitest";
import {
  quoteHeaderWithSecrets,
  quoteShellWordWithSecrets,
  shellWord,
  variableName,
} from "../../../../runner/http/quoteShellWord.js";

describe("variableName", () => {
  it("reads $NAME and ${NAME}, and nothing with text around it", () => {
    expect(variableName("$CMS_TOKEN")).toBe("CMS_TOKEN");
    expect(variableName("${CMS_TOKEN}")).toBe("CMS_TOKEN");
    expect(variableName("x$CMS_TOKEN")).toBeUndefined();
    expect(variableName("$CMS_TOKEN-x")).toBeUndefined();
  });
});

describe("shellWord", () => {
  it("joins literal pieces as they are", () => {
    expect(shellWord([{ literal: "a b" }, { literal: "c" }])).toBe("'a bc'");
  });

  it("braces a variable only when a name character follows it", () => {
    expect(shellWord([{ variable: "KEY" }, { literal: " x1" }], "double")).toBe('"$KEY x1"');
    expect(shellWord([{ variable: "KEY" }, { literal: "x1" }], "double")).toBe('"${KEY}x1"');
  });
});

describe("quoteShellWordWithSecrets", () => {
  it("a secret whose placeholder is no shell variable joins the literal text around it", () => {
    const secrets = [
      { value: "hidden-secret", placeholder: "<hidden>" },
      { value: "token-secret", placeholder: "$KEY" },
    ];
    expect(quoteShellWordWithSecrets("x hidden-secret y token-secret", secrets)).toBe(`'x <hidden> y '"$KEY"`);
  });
});

describe("quoteHeaderWithSecrets, a secret too short to search for", () => {
  const short = [{ value: "ab", placeholder: "$KEY" }];

  it("as the whole value becomes its variable", () => {
    expect(quoteHeaderWithSecrets("X-Key", "ab", short)).toBe('"X-Key: $KEY"');
  });

  it("after an auth scheme becomes its variable, the spacing kept", () => {
    expect(quoteHeaderWithSecrets("Authorization", "Bearer ab", short)).toBe('"Authorization: Bearer $KEY"');
    expect(quoteHeaderWithSecrets("Authorization", " Bearer  ab ", short)).toBe('"Authorization: Bearer  $KEY"');
  });

  it("with a placeholder that is no shell variable is written as the placeholder", () => {
    expect(quoteHeaderWithSecrets("X-Key", "ab", [{ value: "ab", placeholder: "<key>" }])).toBe("'X-Key: <key>'");
  });

  it("elsewhere in the value, or on a second line, is left as it is", () => {
    expect(quoteHeaderWithSecrets("Authorization", "Bearer abc", short)).toBe("'Authorization: Bearer abc'");
    expect(quoteHeaderWithSecrets("Authorization", "Bearer ab\nx", short)).toBe("$'Authorization: Bearer ab\\nx'");
  });

  it("of the length searched for is found in the text, spacing and all", () => {
    expect(quoteHeaderWithSecrets("X-Key", " abcd ", [{ value: "abcd", placeholder: "$KEY" }])).toBe('"X-Key:  $KEY "');
  });
});

/**
 * Redaction, unit by unit: the runner's (secrets → $CMS_* placeholders, in every exchange) and the
 * reports' last line of defence (→ [REDACTED], in every output format). Each test builds its own
 * secrets array: the redactors cache their compiled patterns per array.
 */
import { describe, expect, it } from "vitest";
import { redactJsonValue } from "../../../runner/http/redactJsonValue.js";
import { containsSecret, MIN_SECRET_LENGTH, redactSecrets, secretPatterns } from "../../../runner/http/redactSecrets.js";
import { redactReport } from "../../../reports/redactReport.js";
import { REDACTED, redactSecrets as redactForReports, MIN_SECRET_LENGTH as REPORT_MIN_SECRET_LENGTH } from "../../../reports/redactSecrets.js";
import type { RunReport } from "../../../runner/report/model.js";
import { fakeExchange } from "../engine/engineDoubles.js";

const TOKEN = "tok-3f9a1c2b7e-SECRET";
const token = () => [{ value: TOKEN, placeholder: "$CMS_TOKEN" }];

describe("the runner's redactSecrets", () => {
  it("replaces every occurrence by its placeholder", () => {
    expect(redactSecrets(`a ${TOKEN} b ${TOKEN}`, token())).toBe("a $CMS_TOKEN b $CMS_TOKEN");
  });

  it("finds the secret whatever its case", () => {
    expect(redactSecrets(`x-${TOKEN.toLowerCase()}-${TOKEN.toUpperCase()}`, token())).toBe("x-$CMS_TOKEN-$CMS_TOKEN");
  });

  it("finds its JSON-escaped and URL-encoded forms", () => {
    const odd = () => [{ value: 'ab"c/d e', placeholder: "$X" }];
    expect(redactSecrets('{"k":"ab\\"c/d e"}', odd())).toBe('{"k":"$X"}');
    expect(redactSecrets("?q=ab%22c%2Fd%20e", odd())).toBe("?q=$X");
  });

  it("finds the bare token of a secret given as 'Bearer <token>', in any case of the scheme", () => {
    expect(redactSecrets(`Authorization: Bearer ${TOKEN}; echo ${TOKEN}`, [{ value: `Bearer ${TOKEN}`, placeholder: "$A" }])).toBe("Authorization: $A; echo $A");
    expect(redactSecrets(`echo ${TOKEN}`, [{ value: `bearer   ${TOKEN}`, placeholder: "$A" }])).toBe("echo $A");
  });

  it(`ignores secrets shorter than ${MIN_SECRET_LENGTH} characters once trimmed, and empty ones`, () => {
    expect(MIN_SECRET_LENGTH).toBe(4);
    const short = () => [{ value: "abc", placeholder: "$A" }, { value: "", placeholder: "$E" }, { value: " ab ", placeholder: "$B" }];
    expect(redactSecrets("abc banana  ab  ", short())).toBe("abc banana  ab  ");
    expect(redactSecrets("abcd", [{ value: "abcd", placeholder: "$D" }])).toBe("$D");
    expect(containsSecret("abc", short())).toBe(false);
  });

  it("replaces a longer secret before a shorter one it contains, whatever their order", () => {
    expect(redactSecrets("xxabcdxx abcd", [{ value: "abcd", placeholder: "$SHORT" }, { value: "xxabcdxx", placeholder: "$LONG" }])).toBe("$LONG $SHORT");
    expect(redactSecrets("xxabcdxx abcd", [{ value: "xxabcdxx", placeholder: "$LONG" }, { value: "abcd", placeholder: "$SHORT" }])).toBe("$LONG $SHORT");
  });

  it("keeps $ patterns of a placeholder literal", () => {
    expect(redactSecrets("k=abcd", [{ value: "abcd", placeholder: "$&$1$$" }])).toBe("k=$&$1$$");
  });

  it("treats the characters of a secret literally, not as a pattern", () => {
    const dotted = () => [{ value: "a.b*c+d", placeholder: "$P" }];
    expect(redactSecrets("aXbbbcd a.b*c+d", dotted())).toBe("aXbbbcd $P");
  });

  it("leaves a text without secrets, an empty text and any text without secrets configured as they were", () => {
    expect(redactSecrets("nothing here", token())).toBe("nothing here");
    expect(redactSecrets("", token())).toBe("");
    expect(redactSecrets(TOKEN, [])).toBe(TOKEN);
  });

  it("redacts a text cut at the size cap in the middle of a secret, from its fourth character on", () => {
    expect(redactSecrets(`{"echo":"${TOKEN.slice(0, 10)}`, token(), { textWasCut: true })).toBe('{"echo":"$CMS_TOKEN');
    expect(redactSecrets(`{"echo":"${TOKEN.slice(0, 10).toUpperCase()}`, token(), { textWasCut: true })).toBe('{"echo":"$CMS_TOKEN');
    expect(redactSecrets(`x ${TOKEN.slice(0, 4)}`, token(), { textWasCut: true })).toBe("x $CMS_TOKEN");
    expect(redactSecrets(`x ${TOKEN.slice(0, 3)}`, token(), { textWasCut: true })).toBe(`x ${TOKEN.slice(0, 3)}`);
    expect(redactSecrets(`{"echo":"${TOKEN.slice(0, 10)}`, token())).toBe(`{"echo":"${TOKEN.slice(0, 10)}`);
    expect(redactSecrets(`${TOKEN.slice(0, 10)} middle`, token(), { textWasCut: true })).toBe(`${TOKEN.slice(0, 10)} middle`);
  });

  it("redacts whole secrets and a cut tail in the same text", () => {
    expect(redactSecrets(`${TOKEN} then ${TOKEN.slice(0, 8)}`, token(), { textWasCut: true })).toBe("$CMS_TOKEN then $CMS_TOKEN");
  });
});

describe("containsSecret and secretPatterns", () => {
  it("says whether a text holds any form of any secret, case ignored", () => {
    expect(containsSecret(`..${TOKEN.toUpperCase()}..`, token())).toBe(true);
    expect(containsSecret(encodeURIComponent('ab"cd'), [{ value: 'ab"cd', placeholder: "$Q" }])).toBe(true);
    expect(containsSecret("clean", token())).toBe(false);
    expect(containsSecret("", token())).toBe(false);
    expect(containsSecret(TOKEN, [])).toBe(false);
  });

  it("gives each form with a global, case-insensitive pattern, longest first", () => {
    const patterns = secretPatterns([{ value: "ab cd", placeholder: "$S" }]);
    expect(patterns.map((pattern) => pattern.value)).toEqual(["ab%20cd", "ab cd"]);
    expect(patterns.every((pattern) => pattern.placeholder === "$S" && pattern.pattern.flags.includes("g") && pattern.pattern.flags.includes("i"))).toBe(true);
    expect("xAB CDx".replace(patterns[1]!.pattern, "_")).toBe("x_x");
  });

  it("prepares a secrets array once and gives the same answers every time", () => {
    const secrets = token();
    expect(secretPatterns(secrets)).toEqual(secretPatterns(secrets));
    expect(redactSecrets(TOKEN, secrets)).toBe("$CMS_TOKEN");
    expect(redactSecrets(TOKEN, secrets)).toBe("$CMS_TOKEN");
  });
});

describe("redactJsonValue", () => {
  it("redacts strings and keys at any depth and keeps everything else", () => {
    const value = { [TOKEN]: [TOKEN, 1, null, true, { nested: `x ${TOKEN}` }], n: 2 };
    expect(redactJsonValue(value, token())).toEqual({ $CMS_TOKEN: ["$CMS_TOKEN", 1, null, true, { nested: "x $CMS_TOKEN" }], n: 2 });
  });

  it("returns the value itself when there are no secrets", () => {
    const value = { a: TOKEN };
    expect(redactJsonValue(value, [])).toBe(value);
  });

  it("keeps a __proto__ key as a plain own key", () => {
    const value = JSON.parse(`{"__proto__": {"polluted": "${TOKEN}"}}`) as unknown;
    const redacted = redactJsonValue(value, token()) as Record<string, unknown>;
    expect(Object.getOwnPropertyNames(redacted)).toEqual(["__proto__"]);
    expect(Object.getOwnPropertyDescriptor(redacted, "__proto__")?.value).toEqual({ polluted: "$CMS_TOKEN" });
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    const copy = { ...redacted };
    expect(Object.keys(copy)).toEqual(["__proto__"]);
  });

  it("gives writable, enumerable, configurable properties", () => {
    const redacted = redactJsonValue({ a: "b" }, token()) as Record<string, unknown>;
    expect(Object.getOwnPropertyDescriptor(redacted, "a")).toEqual({ value: "b", writable: true, enumerable: true, configurable: true });
  });
});

describe("the reports' redactSecrets", () => {
  it("replaces a secret in every form an output may give it", () => {
    const secret = `a<b>&"c'd/é`;
    const forms = [secret, JSON.stringify(secret).slice(1, -1), "a&lt;b&gt;&amp;&quot;c&#39;d/é", encodeURIComponent(secret)];
    for (const form of forms) expect(redactForReports(`[${form}]`, [secret]), form).toBe(`[${REDACTED}]`);
  });

  it("replaces every occurrence, longest form first, and ignores secrets under four characters", () => {
    expect(REPORT_MIN_SECRET_LENGTH).toBe(4);
    expect(redactForReports("abcd abcdef", ["abcd", "abcdef"])).toBe(`${REDACTED} ${REDACTED}`);
    expect(redactForReports("abc abcd", ["abc"])).toBe("abc abcd");
    expect(redactForReports("nothing", ["secret-1"])).toBe("nothing");
    expect(REDACTED).toBe("[REDACTED]");
  });
});

describe("redactReport", () => {
  const report = (headers: Record<string, string>, body = "") =>
    ({
      results: [{ message: `got ${TOKEN}`, evidence: [{ label: "l", exchange: { ...fakeExchange({ status: 200, text: body }), request: { method: "POST", url: `http://t/?k=${TOKEN}`, headers } } }] }],
      meta: { [TOKEN]: "key" },
    }) as unknown as RunReport;

  it("redacts every string, keys included, and returns a copy", () => {
    const original = report({ "x-echo": TOKEN }, `{"echo":"${TOKEN}"}`);
    const frozen = structuredClone(original);
    const redacted = redactReport(original, [TOKEN]) as unknown as { results: { message: string; evidence: { exchange: { request: { url: string; headers: Record<string, string> }; response: { bodyText: string } } }[] }[]; meta: Record<string, string> };
    expect(redacted.results[0]?.message).toBe(`got ${REDACTED}`);
    expect(redacted.results[0]?.evidence[0]?.exchange.request.url).toBe(`http://t/?k=${REDACTED}`);
    expect(redacted.results[0]?.evidence[0]?.exchange.request.headers).toEqual({ "x-echo": REDACTED });
    expect(redacted.results[0]?.evidence[0]?.exchange.response.bodyText).toBe(`{"echo":"${REDACTED}"}`);
    expect(redacted.meta).toEqual({ [REDACTED]: "key" });
    expect(original).toEqual(frozen);
  });

  it("masks credential headers it does not know the secret of, keeping the scheme and placeholders", () => {
    const headersOf = (headers: Record<string, string>) =>
      (redactReport(report(headers), []) as unknown as { results: { evidence: { exchange: { request: { headers: Record<string, string> } } }[] }[] }).results[0]?.evidence[0]?.exchange.request.headers;
    expect(headersOf({ Authorization: "Bearer abc.def", client_id: "c-1", "X-Api-Key": "k", Cookie: "s=1", "content-type": "application/json" })).toEqual({
      Authorization: `Bearer ${REDACTED}`,
      client_id: REDACTED,
      "X-Api-Key": REDACTED,
      Cookie: REDACTED,
      "content-type": "application/json",
    });
    expect(headersOf({ authorization: "Bearer $CMS_TOKEN", "proxy-authorization": "", "set-cookie": REDACTED, "client-id": "$CMS_CLIENT_ID" })).toEqual({
      authorization: "Bearer $CMS_TOKEN",
      "proxy-authorization": "",
      "set-cookie": REDACTED,
      "client-id": "$CMS_CLIENT_ID",
    });
    expect(headersOf({ "x-client-id": "Basic dXNlcjpwYXNz", "api-key": "k", client_secret: "s", "x-tenant": "acme" })).toEqual({ "x-client-id": `Basic ${REDACTED}`, "api-key": REDACTED, client_secret: REDACTED, "x-tenant": "acme" });
  });

  it("masks header values only inside headers", () => {
    const redacted = redactReport({ results: [], meta: { authorization: "Bearer visible-in-meta" } } as unknown as RunReport, []) as unknown as { meta: Record<string, string> };
    expect(redacted.meta.authorization).toBe("Bearer visible-in-meta");
  });
});

/**
 * Redaction, unit by unit: the product's one module (secrets → $CMS_* placeholders, or [REDACTED]
 * for bare values) and the report's walk that applies it when writing. Each test builds its own
 * secrets array: the redactors cache their compiled patterns per array.
 */
import { describe, expect, it } from "vitest";
import { mapJsonStrings } from "../../../../runner/http/mapJsonStrings.js";
import {
  containsSecret,
  createRedactor,
  looksLikeCredential,
  MIN_SECRET_LENGTH,
  REDACTED,
  redactSecrets,
  secretPatterns,
} from "../../../../runner/http/redactSecrets.js";
import { redactReport } from "../../../../reports/redactReport.js";
import type { RunReport } from "../../../../runner/model/RunReport.js";
import { fakeExchange } from "../engine/engineDoubles.js";
import { redactExchange } from "../../../../runner/http/redactExchange.js";

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

  it("finds a secret whose first characters an escape before it would swallow ('%0' + 'client…' reads as '%0c')", () => {
    const clientId = () => [{ value: "client-7d1e4b9a-SECRET", placeholder: "$CMS_CLIENT_ID" }];
    // Found by the curl property of curl.test.ts (fast-check seed -227174773): the URL "%0client-…" kept the secret.
    expect(redactSecrets("%0client-7d1e4b9a-SECRET", clientId())).toBe("%0$CMS_CLIENT_ID");
    expect(redactSecrets("/x%2Ftok-3f9a1c2b7e-SECRET%41", token())).toBe("/x%2F$CMS_TOKEN%41");
    expect(redactSecrets("%4" + TOKEN.toUpperCase(), token())).toBe("%4$CMS_TOKEN");
  });

  it("finds the bare token of a secret given as 'Bearer <token>', in any case of the scheme", () => {
    expect(
      redactSecrets(`Authorization: Bearer ${TOKEN}; echo ${TOKEN}`, [{ value: `Bearer ${TOKEN}`, placeholder: "$A" }]),
    ).toBe("Authorization: $A; echo $A");
    expect(redactSecrets(`echo ${TOKEN}`, [{ value: `bearer   ${TOKEN}`, placeholder: "$A" }])).toBe("echo $A");
  });

  it(`ignores secrets shorter than ${MIN_SECRET_LENGTH} characters once trimmed, and empty ones`, () => {
    expect(MIN_SECRET_LENGTH).toBe(4);
    const short = () => [
      { value: "abc", placeholder: "$A" },
      { value: "", placeholder: "$E" },
      { value: " ab ", placeholder: "$B" },
    ];
    expect(redactSecrets("abc banana  ab  ", short())).toBe("abc banana  ab  ");
    expect(redactSecrets("abcd", [{ value: "abcd", placeholder: "$D" }])).toBe("$D");
    expect(containsSecret("abc", short())).toBe(false);
  });

  it("replaces a longer secret before a shorter one it contains, whatever their order", () => {
    expect(
      redactSecrets("xxabcdxx abcd", [
        { value: "abcd", placeholder: "$SHORT" },
        { value: "xxabcdxx", placeholder: "$LONG" },
      ]),
    ).toBe("$LONG $SHORT");
    expect(
      redactSecrets("xxabcdxx abcd", [
        { value: "xxabcdxx", placeholder: "$LONG" },
        { value: "abcd", placeholder: "$SHORT" },
      ]),
    ).toBe("$LONG $SHORT");
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
    expect(redactSecrets(`{"echo":"${TOKEN.slice(0, 10).toUpperCase()}`, token(), { textWasCut: true })).toBe(
      '{"echo":"$CMS_TOKEN',
    );
    expect(redactSecrets(`x ${TOKEN.slice(0, 4)}`, token(), { textWasCut: true })).toBe("x $CMS_TOKEN");
    expect(redactSecrets(`x ${TOKEN.slice(0, 3)}`, token(), { textWasCut: true })).toBe(`x ${TOKEN.slice(0, 3)}`);
    expect(redactSecrets(`{"echo":"${TOKEN.slice(0, 10)}`, token())).toBe(`{"echo":"${TOKEN.slice(0, 10)}`);
    expect(redactSecrets(`${TOKEN.slice(0, 10)} middle`, token(), { textWasCut: true })).toBe(
      `${TOKEN.slice(0, 10)} middle`,
    );
  });

  it("redacts whole secrets and a cut tail in the same text", () => {
    expect(redactSecrets(`${TOKEN} then ${TOKEN.slice(0, 8)}`, token(), { textWasCut: true })).toBe(
      "$CMS_TOKEN then $CMS_TOKEN",
    );
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
    expect(
      patterns.every(
        (pattern) =>
          pattern.placeholder === "$S" && pattern.pattern.flags.includes("g") && pattern.pattern.flags.includes("i"),
      ),
    ).toBe(true);
    expect("xAB CDx".replace(patterns[1]!.pattern, "_")).toBe("x_x");
  });

  it("prepares a secrets array once and gives the same answers every time", () => {
    const secrets = token();
    expect(secretPatterns(secrets)).toEqual(secretPatterns(secrets));
    expect(redactSecrets(TOKEN, secrets)).toBe("$CMS_TOKEN");
    expect(redactSecrets(TOKEN, secrets)).toBe("$CMS_TOKEN");
  });
});

describe("mapJsonStrings (the report's walk over JSON values)", () => {
  const upper = (text: string) => text.toUpperCase();

  it("maps strings at any depth, keys only when asked, and keeps everything else", () => {
    const value = { [TOKEN]: [TOKEN, 1, null, true, { nested: `x ${TOKEN}` }], n: 2 };
    expect(mapJsonStrings(value, upper)).toEqual({
      [TOKEN]: [TOKEN.toUpperCase(), 1, null, true, { nested: `X ${TOKEN.toUpperCase()}` }],
      n: 2,
    });
    expect(Object.keys(mapJsonStrings(value, upper, true) as object)).toEqual([TOKEN.toUpperCase(), "N"]);
  });

  it("keeps a __proto__ key as a plain own key", () => {
    const value = JSON.parse(`{"__proto__": {"polluted": "${TOKEN}"}}`) as unknown;
    const mapped = mapJsonStrings(value, upper) as Record<string, unknown>;
    expect(Object.getOwnPropertyNames(mapped)).toEqual(["__proto__"]);
    expect(Object.getOwnPropertyDescriptor(mapped, "__proto__")?.value).toEqual({ polluted: TOKEN.toUpperCase() });
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });

  it("gives writable, enumerable, configurable properties, in the original order", () => {
    const mapped = mapJsonStrings({ b: "1", a: "2" }, upper) as Record<string, unknown>;
    expect(Object.keys(mapped)).toEqual(["b", "a"]);
    expect(Object.getOwnPropertyDescriptor(mapped, "a")).toEqual({
      value: "2",
      writable: true,
      enumerable: true,
      configurable: true,
    });
  });
});

describe("the redactor's rules for what it is given", () => {
  it("bare secret values show as [REDACTED]; values are trimmed; empty ones ignored", () => {
    const redactor = createRedactor([`  ${TOKEN}  `, "   "]);
    expect(REDACTED).toBe("[REDACTED]");
    expect(redactor.secrets).toEqual([{ value: TOKEN, placeholder: REDACTED }]);
    expect(redactor.text(`echo ${TOKEN}`)).toBe(`echo ${REDACTED}`);
  });

  it("a secret of 1 to 3 characters goes only where it stands whole: a header value, after an auth scheme, a JSON string", () => {
    const redactor = createRedactor([{ value: " ab ", placeholder: "$CMS_CLIENT_ID" }]);
    expect(redactor.headerValue("ab")).toBe("$CMS_CLIENT_ID");
    expect(redactor.headerValue(" ab ")).toBe("$CMS_CLIENT_ID");
    expect(redactor.headerValue("Bearer ab")).toBe("Bearer $CMS_CLIENT_ID");
    expect(redactor.headerValue("abc")).toBe("abc");
    expect(redactor.body('{"client_id":"ab","tabs":"ab ab","x":["ab"]}')).toBe(
      '{"client_id":"$CMS_CLIENT_ID","tabs":"ab ab","x":["$CMS_CLIENT_ID"]}',
    );
    expect(redactor.body('{"say":"\\"ab\\""}')).toBe('{"say":"\\"ab\\""}'); // quotes inside a string are no JSON string
    expect(redactor.text("a cab and a tab")).toBe("a cab and a tab");
  });

  it("a body that spells a secret with \\u escapes is written with the secret replaced, and stays the same JSON", () => {
    const redactor = createRedactor(token());
    const spelled = `{"t":"\\u${TOKEN.charCodeAt(0).toString(16).padStart(4, "0")}${TOKEN.slice(1)}","q":"\\"\\\\"}`;
    expect(spelled).not.toContain(TOKEN);
    expect(JSON.parse(redactor.body(spelled))).toEqual({ t: "$CMS_TOKEN", q: '"\\' });
    expect(redactor.body('{"plain":"\\u0041"}')).toBe('{"plain":"\\u0041"}'); // untouched without a secret in it
  });

  it("decodes only escapes that cannot change the JSON: quotes, backslashes, controls, DEL and surrogates stay escaped", () => {
    const redactor = createRedactor(token());
    const first = `\\u${TOKEN.charCodeAt(0).toString(16).padStart(4, "0")}`;
    // Escaped quote, backslash, control characters, DEL and a surrogate pair stay; é is decoded like the token's first letter.
    const kept = ["\\u0022", "\\u005c", "\\u001f", "\\u0000", "\\u007f", "\\ud83d\\ude00", "\\u00e9"];
    const body = `{"t":"${first}${TOKEN.slice(1)}","k":"${kept.join("")}"}`;
    const written = redactor.body(body);
    expect(written).toBe(`{"t":"$CMS_TOKEN","k":"\\u0022\\u005c\\u001f\\u0000\\u007f\\ud83d\\ude00é"}`);
    expect(JSON.parse(written)).toEqual({ t: "$CMS_TOKEN", k: '"\\\u001f\u0000\u007f\ud83d\ude00é' });
  });

  it("reads an escaped slash as a slash, so a secret holding one is found however it is written", () => {
    const redactor = createRedactor([{ value: "abc/def-123", placeholder: "$CMS_TOKEN" }]);
    expect(redactor.body('{"t":"abc\\/def-123"}')).toBe('{"t":"$CMS_TOKEN"}');
  });

  it("a secret of exactly 4 characters is redacted anywhere; one of 3 only where it stands whole", () => {
    const four = createRedactor([{ value: "abcd", placeholder: "$CMS_CLIENT_ID" }]);
    expect(four.text("x abcd y")).toBe("x $CMS_CLIENT_ID y");
    expect(four.body('{"s":"see abcd here"}')).toBe('{"s":"see $CMS_CLIENT_ID here"}');
    const three = createRedactor([{ value: "abc", placeholder: "$CMS_CLIENT_ID" }]);
    expect(three.text("x abc y")).toBe("x abc y");
  });

  it("finds the token of a secret given as 'Bearer <token>' however many spaces stand between", () => {
    const redactor = createRedactor([{ value: "Bearer   tok-12345", placeholder: "$CMS_TOKEN" }]);
    expect(redactor.text("token tok-12345 sent")).toBe("token $CMS_TOKEN sent");
  });

  it("sentences the suite wrote keep secrets its own wording holds, and lose every other", () => {
    const redactor = createRedactor(
      [
        { value: "wrong", placeholder: "$CMS_CLIENT_ID" },
        { value: TOKEN, placeholder: "$CMS_TOKEN" },
      ],
      { inSuiteWording: (secret) => "errors.wrong-type-400".includes(secret) },
    );
    expect(redactor.suiteText(`see errors.wrong-type-400; echoed ${TOKEN}`)).toBe(
      "see errors.wrong-type-400; echoed $CMS_TOKEN",
    );
    expect(redactor.text("the wrong one")).toBe("the $CMS_CLIENT_ID one");
  });
});

describe("redactReport", () => {
  const report = (headers: Record<string, string>, body = "") =>
    ({
      results: [
        {
          message: `got ${TOKEN}`,
          evidence: [
            {
              label: "l",
              exchange: {
                ...fakeExchange({ status: 200, text: body }),
                request: { method: "POST", url: `http://t/?k=${TOKEN}`, headers },
              },
            },
          ],
        },
      ],
      meta: { target: { baseUrl: `http://t/${TOKEN}` }, note: `key ${TOKEN}` },
    }) as unknown as RunReport;

  it("redacts every string of the exchanges and the suite's sentences, and returns a copy", () => {
    const original = report({ "x-echo": TOKEN }, `{"echo":"${TOKEN}"}`);
    const frozen = structuredClone(original);
    const redacted = redactReport(original, [TOKEN]) as unknown as {
      results: {
        message: string;
        evidence: {
          exchange: { request: { url: string; headers: Record<string, string> }; response: { bodyText: string } };
        }[];
      }[];
      meta: { target: { baseUrl: string }; note: string };
    };
    expect(redacted.results[0]?.message).toBe(`got ${REDACTED}`);
    expect(redacted.results[0]?.evidence[0]?.exchange.request.url).toBe(`http://t/?k=${REDACTED}`);
    expect(redacted.results[0]?.evidence[0]?.exchange.request.headers).toEqual({ "x-echo": REDACTED });
    expect(redacted.results[0]?.evidence[0]?.exchange.response.bodyText).toBe(`{"echo":"${REDACTED}"}`);
    expect(redacted.meta).toEqual({ target: { baseUrl: `http://t/${REDACTED}` }, note: `key ${REDACTED}` });
    expect(original).toEqual(frozen);
  });

  it("masks credential headers it does not know the secret of, keeping the scheme and placeholders", () => {
    const headersOf = (headers: Record<string, string>) =>
      (
        redactReport(report(headers), []) as unknown as {
          results: { evidence: { exchange: { request: { headers: Record<string, string> } } }[] }[];
        }
      ).results[0]?.evidence[0]?.exchange.request.headers;
    expect(
      headersOf({
        Authorization: "Bearer abc.def",
        client_id: "c-1",
        "X-Api-Key": "k",
        Cookie: "s=1",
        "content-type": "application/json",
      }),
    ).toEqual({
      Authorization: `Bearer ${REDACTED}`,
      client_id: REDACTED,
      "X-Api-Key": REDACTED,
      Cookie: REDACTED,
      "content-type": "application/json",
    });
    expect(
      headersOf({
        authorization: "Bearer $CMS_TOKEN",
        "proxy-authorization": "",
        "set-cookie": REDACTED,
        "client-id": "$CMS_CLIENT_ID",
      }),
    ).toEqual({
      authorization: "Bearer $CMS_TOKEN",
      "proxy-authorization": "",
      "set-cookie": REDACTED,
      "client-id": "$CMS_CLIENT_ID",
    });
    expect(
      headersOf({ "x-client-id": "Basic dXNlcjpwYXNz", "api-key": "k", client_secret: "s", "x-tenant": "acme" }),
    ).toEqual({ "x-client-id": `Basic ${REDACTED}`, "api-key": REDACTED, client_secret: REDACTED, "x-tenant": "acme" });
  });

  it("copies a result's fields beside its property failure, and one whose property is present but undefined", () => {
    const property = { seed: 1, path: "0:1", numRuns: 5, counterexample: { a: 1 } };
    const failed = redactReport(
      {
        results: [{ checkId: "c", message: "m", evidence: [], property }],
        meta: { target: { baseUrl: "http://t" } },
      } as unknown as RunReport,
      [],
    );
    expect(failed.results[0]).toEqual({ checkId: "c", message: "m", evidence: [], property });
    const result = { checkId: "c", message: "m", evidence: [], property: undefined };
    const redacted = redactReport(
      { results: [result], meta: { target: { baseUrl: "http://t" } } } as unknown as RunReport,
      [],
    );
    expect(redacted.results[0]).toEqual({ checkId: "c", message: "m", evidence: [], property: undefined });
  });

  it("masks header values only inside headers", () => {
    const redacted = redactReport(
      {
        results: [],
        meta: { target: { baseUrl: "http://t" }, authorization: "Bearer visible-in-meta" },
      } as unknown as RunReport,
      [],
    ) as unknown as { meta: Record<string, string> };
    expect(redacted.meta.authorization).toBe("Bearer visible-in-meta");
  });
});

describe("redaction edges the mutation run found unguarded", () => {
  it("writes each secret's own placeholder, whatever the case of the secret", () => {
    const redactor = createRedactor([{ value: "MiXeD-Secret-42", placeholder: "$CMS_CLIENT_ID" }]);
    expect(redactor.text("id MiXeD-Secret-42 and mixed-secret-42")).toBe("id $CMS_CLIENT_ID and $CMS_CLIENT_ID");
  });

  it("keeps a short secret out of the patterns even where its escaped or encoded form is long enough", () => {
    const secrets = ["a b"];
    expect(secretPatterns(secrets)).toEqual([]);
    expect(createRedactor(secrets).text("q=a%20b")).toBe("q=a%20b");
    expect(createRedactor(['a"b']).body('{"s":"x a\\"b y"}')).toBe('{"s":"x a\\"b y"}');
  });

  it("finds the bare token only of a secret that starts with the Bearer scheme", () => {
    const redactor = createRedactor(["mybearer tok-12345"]);
    expect(redactor.text("tok-12345 alone, mybearer tok-12345")).toBe(`tok-12345 alone, ${REDACTED}`);
  });

  it("finds a short secret after an auth scheme whatever the spaces between", () => {
    expect(createRedactor([{ value: "ab", placeholder: "$CMS_CLIENT_ID" }]).headerValue("Bearer   ab")).toBe(
      "Bearer $CMS_CLIENT_ID",
    );
  });

  it("keeps the short token of a long 'Bearer <token>' secret out of the patterns", () => {
    const redactor = createRedactor(["Bearer abc"]);
    expect(redactor.text("xabcx, Bearer abc")).toBe(`xabcx, ${REDACTED}`);
  });

  it("decodes an escaped space and characters past the surrogates; lone surrogates stay escaped", () => {
    const redactor = createRedactor([{ value: "open sesame", placeholder: "$CMS_TOKEN" }]);
    expect(redactor.body('{"s":"open\\u0020sesame"}')).toBe('{"s":"$CMS_TOKEN"}');
    expect(redactor.body('{"s":"open\\u0020sesame \\ud800 \\udfff \\ue000"}')).toBe(
      '{"s":"$CMS_TOKEN \\ud800 \\udfff \ue000"}',
    );
  });

  it("redacts the longest start of a secret a cut text ends with, whichever secret was given first", () => {
    const redactor = createRedactor([
      { value: "xyz12q", placeholder: "$B" },
      { value: "wxyz1234", placeholder: "$A" },
    ]);
    expect(redactor.text("id wxyz12", { textWasCut: true })).toBe("id $A");
  });

  it("clears every secret from the suite's sentences when no wording is said to hold one", () => {
    expect(createRedactor(token()).suiteText(`echoed ${TOKEN}`)).toBe("echoed $CMS_TOKEN");
  });

  it("follows a wording that changes: the secret it holds now is kept, the one it held before is cleared", () => {
    const wording = new Set(["alpha-secret"]);
    const redactor = createRedactor(["alpha-secret", "bravo-secret"], {
      inSuiteWording: (secret) => wording.has(secret),
    });
    expect(redactor.suiteText("alpha-secret bravo-secret")).toBe(`alpha-secret ${REDACTED}`);
    wording.clear();
    wording.add("bravo-secret");
    expect(redactor.suiteText("alpha-secret bravo-secret")).toBe(`${REDACTED} bravo-secret`);
  });

  it("says whether a text holds a secret, and never for an empty text", () => {
    const secrets = token();
    expect(containsSecret("", secrets)).toBe(false);
    expect(containsSecret(`x${TOKEN.toLowerCase()}x`, secrets)).toBe(true);
    expect(containsSecret(TOKEN, [])).toBe(false);
  });
});

describe("redactReport's rules per field", () => {
  const exchangeWith = (overrides: Partial<ReturnType<typeof fakeExchange>>) => ({
    ...fakeExchange({ status: 200, text: "" }),
    ...overrides,
  });
  const reportOf = (result: Record<string, unknown>) =>
    ({ results: [result], meta: { target: { baseUrl: "http://t" } } }) as unknown as RunReport;
  type Written = { results: Record<string, unknown>[] };

  it("leaves the suite's own names alone, even where they spell a secret", () => {
    const result = {
      checkId: "errors.wrong-type-400",
      title: "t",
      family: "errors",
      operation: "getWidget",
      specRefs: ["§zz-9"],
      registerRefs: ["qq-register"],
      message: "see errors.wrong-type-400, §zz-9 and qq-register",
      evidence: [],
    };
    const written = redactReport(reportOf(result), ["wrong", "§zz-9", "qq-register"]) as unknown as Written;
    expect(written.results[0]).toMatchObject({
      checkId: "errors.wrong-type-400",
      specRefs: ["§zz-9"],
      registerRefs: ["qq-register"],
      message: `see errors.wrong-type-400, ${REDACTED} and ${REDACTED}`,
    });
  });

  it("clears a property failure's path and counterexample, strings and keys", () => {
    const result = {
      checkId: "c",
      evidence: [],
      message: "m",
      property: { seed: 1, numRuns: 3, path: `0:${TOKEN}`, counterexample: { [TOKEN]: [`x ${TOKEN}`], n: 1 } },
    };
    const written = redactReport(reportOf(result), [TOKEN]) as unknown as Written;
    expect(written.results[0]?.property).toEqual({
      seed: 1,
      numRuns: 3,
      path: `0:${REDACTED}`,
      counterexample: { [REDACTED]: [`x ${REDACTED}`], n: 1 },
    });
  });

  it("clears the schema issues of evidence: body paths and params by the target's rule, messages by the suite's", () => {
    const issue = {
      instancePath: `/${TOKEN}`,
      schemaPath: "#/x",
      keyword: "enum",
      params: { allowedValues: [TOKEN] },
      message: `must be ${TOKEN}`,
    };
    const result = {
      checkId: "c",
      message: "m",
      evidence: [{ label: `sent ${TOKEN}`, exchange: exchangeWith({}), schemaIssues: [issue] }],
    };
    const written = redactReport(reportOf(result), [TOKEN]) as unknown as {
      results: { evidence: { label: string; schemaIssues: unknown[] }[] }[];
    };
    expect(written.results[0]?.evidence[0]?.label).toBe(`sent ${REDACTED}`);
    expect(written.results[0]?.evidence[0]?.schemaIssues).toEqual([
      {
        instancePath: `/${REDACTED}`,
        schemaPath: "#/x",
        keyword: "enum",
        params: { allowedValues: [REDACTED] },
        message: `must be ${REDACTED}`,
      },
    ]);
  });

  it("redacts the start of a secret a truncated body ends with, and nothing of a body that was not cut", () => {
    const cut = exchangeWith({
      response: { status: 200, headers: {}, bodyText: `{"t":"${TOKEN.slice(0, 8)}`, truncated: true, bodyBytes: 99 },
    });
    const whole = exchangeWith({
      response: { status: 200, headers: {}, bodyText: `{"t":"${TOKEN.slice(0, 8)}`, truncated: false, bodyBytes: 14 },
    });
    const written = redactReport(
      reportOf({
        checkId: "c",
        message: "m",
        evidence: [
          { label: "a", exchange: cut },
          { label: "b", exchange: whole },
        ],
      }),
      [TOKEN],
    ) as unknown as {
      results: { evidence: { exchange: { response: { bodyText: string } } }[] }[];
    };
    expect(written.results[0]?.evidence.map((item) => item.exchange.response.bodyText)).toEqual([
      `{"t":"${REDACTED}`,
      `{"t":"${TOKEN.slice(0, 8)}`,
    ]);
  });

  it("masks a credential header that does not start with a scheme whole, and writes headers as plain properties", () => {
    const exchange = exchangeWith({
      request: {
        method: "POST",
        url: "http://t",
        headers: { authorization: "x1 Bearer tok-1", "x-api-key": "Bearer" },
      },
    });
    const written = redactReport(
      reportOf({ checkId: "c", message: "m", evidence: [{ label: "a", exchange }] }),
      [],
    ) as unknown as { results: { evidence: { exchange: { request: { headers: Record<string, string> } } }[] }[] };
    const headers = written.results[0]?.evidence[0]?.exchange.request.headers ?? {};
    expect(headers).toEqual({ authorization: REDACTED, "x-api-key": REDACTED });
    expect(Object.getOwnPropertyDescriptor(headers, "authorization")).toEqual({
      value: REDACTED,
      enumerable: true,
      writable: true,
      configurable: true,
    });
  });
});

describe("edges the mutation run named", () => {
  it("gives a secret of exactly MIN_SECRET_LENGTH characters a pattern of its own", () => {
    expect(secretPatterns([{ value: "a".repeat(MIN_SECRET_LENGTH), placeholder: "$S" }]).length).toBeGreaterThan(0);
  });

  it("leaves a body's escapes as written when decoding them shows no long secret", () => {
    const redactor = createRedactor([{ value: "open-sesame-token", placeholder: "$CMS_TOKEN" }]);
    expect(redactor.body('{"plain":"\\u0041\\u0042"}')).toBe('{"plain":"\\u0041\\u0042"}');
  });

  it("masks an unknown credential in a credential header, keeping its scheme", () => {
    const exchange = fakeExchange(
      { status: 200, json: {} },
      { headers: { Authorization: "Bearer some-token-nobody-configured", "X-Api-Key": "k-123456" } },
    );
    const written = redactExchange(exchange, createRedactor([]));
    expect(written.request.headers).toEqual({ Authorization: "Bearer [REDACTED]", "X-Api-Key": "[REDACTED]" });
    const empty = fakeExchange({ status: 401, json: {} }, { headers: { Authorization: "Bearer " } });
    expect(redactExchange(empty, createRedactor([])).request.headers).toEqual({ Authorization: "Bearer " });
  });
});

describe("encoded and disguised forms of a secret (issue 24.3)", () => {
  const secret = "tok-3f9a1c2b7e-SECRET";
  const redactor = () => createRedactor([{ value: secret, placeholder: "$CMS_TOKEN" }]);
  const base64 = (text: string) => Buffer.from(text, "utf8").toString("base64");
  const base64url = (text: string) => Buffer.from(text, "utf8").toString("base64url");
  const hex = (text: string) => Buffer.from(text, "utf8").toString("hex");

  it("finds the base64 and base64url of the secret, alone or inside the encoding of a longer text, at each alignment", () => {
    for (const before of ["", "B", "Be", "Bearer "]) {
      for (const encode of [base64, base64url]) {
        const encoded = encode(`${before}${secret}`);
        const written = redactor().text(`echo ${encoded} end`);
        expect(written, encoded).toContain("$CMS_TOKEN");
        // What is left of the encoded text decodes to no more than a character of the secret at each edge.
        expect(written.replace(/^echo |\$CMS_TOKEN| end$/g, "").length).toBeLessThanOrEqual(before.length + 6);
      }
    }
    expect(redactor().text(`x ${base64(secret)} y`)).toBe("x $CMS_TOKEN y");
  });

  it("matches base64 as written: the same letters in another case are another text", () => {
    const swapped = [...base64(secret)]
      .map((c) => (c === c.toUpperCase() ? c.toLowerCase() : c.toUpperCase()))
      .join("");
    expect(redactor().text(swapped)).toBe(swapped);
  });

  it("finds hex of the secret's bytes in either case, and inside the hex of a longer text", () => {
    expect(redactor().text(hex(secret))).toBe("$CMS_TOKEN");
    expect(redactor().text(hex(secret).toUpperCase())).toBe("$CMS_TOKEN");
    expect(redactor().text(hex(`Bearer ${secret}`))).toBe(`${hex("Bearer ")}$CMS_TOKEN`);
  });

  it("finds the secret spelled with HTML character references, decimal or hex, whole or in part", () => {
    const decimal = [...secret].map((c) => `&#${c.charCodeAt(0)};`).join("");
    const mixed = [...secret].map((c, i) => (i % 2 === 0 ? `&#x${c.charCodeAt(0).toString(16)};` : c)).join("");
    expect(redactor().text(`<p>${decimal}</p>`)).toBe("<p>$CMS_TOKEN</p>");
    expect(redactor().text(`<p>${mixed}</p>`)).toBe("<p>$CMS_TOKEN</p>");
    expect(redactor().text("&#116;&#111; stays &amp; as written")).toBe("&#116;&#111; stays &amp; as written");
  });

  it("finds the secret split by invisible characters (zero-width space, joiner, soft hyphen, bidi controls)", () => {
    for (const invisible of ["\u200b", "\u200d", "\u00ad", "\u2060", "\ufeff", "\u202e"]) {
      expect(redactor().text(`[${[...secret].join(invisible)}]`), JSON.stringify(invisible)).toBe("[$CMS_TOKEN]");
    }
  });

  it("finds the secret percent-encoded character by character, and JSON-escaped in any text", () => {
    const percent = [...secret].map((c) => `%${c.charCodeAt(0).toString(16).padStart(2, "0")}`).join("");
    expect(redactor().text(`?q=${percent}&r=1`)).toBe("?q=$CMS_TOKEN&r=1");
    const escaped = [...secret].map((c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, "0")}`).join("");
    expect(redactor().text(`"${escaped}"`)).toBe('"$CMS_TOKEN"');
    // An escaped backslash leaves \u0074 as text: the rest is a long fragment of the secret (issue 50.7), the escape is kept.
    expect(redactor().text(`\\\\u0074${secret.slice(1)}`)).toBe("\\\\u0074$CMS_TOKEN");
  });

  it("folds case as Unicode does: KELVIN SIGN is a k, LONG S an s, and ß upper-cased to SS is found", () => {
    const secrets = () => [
      { value: "kelvin-token-42", placeholder: "$K" },
      { value: "strasse-or-straße", placeholder: "$S" },
    ];
    expect(createRedactor(secrets()).text("a \u212Aelvin-token-42 b")).toBe("a $K b");
    expect(createRedactor(secrets()).text("a kelvin-token-42 b".toUpperCase())).toBe("A $K B");
    expect(createRedactor(secrets()).text("x \u017Ftra\u017F\u017Fe-or-straße y")).toBe("x $S y");
    expect(createRedactor(secrets()).text("x STRASSE-OR-STRASSE y")).toBe("x $S y");
    // A cut echo in another case keeps every character before it.
    expect(createRedactor(secrets()).text("İ x \u212Aelvin-to", { textWasCut: true })).toBe("İ x $K");
  });

  it("redacting twice changes nothing: a placeholder the text holds is no secret, whole or cut", () => {
    const secrets = () => [{ value: "TOKEN-abc", placeholder: "$CMS_TOKEN" }];
    expect(createRedactor(secrets()).text("x $CMS_TOKEN", { textWasCut: true })).toBe("x $CMS_TOKEN");
    expect(createRedactor(secrets()).text("x $CMS_TOKE", { textWasCut: true })).toBe("x $CMS_TOKE");
    expect(createRedactor(secrets()).text("x TOKEN-a", { textWasCut: true })).toBe("x $CMS_TOKEN");
    expect(createRedactor([{ value: "CMS_TOKEN", placeholder: "$CMS_TOKEN" }]).text("$CMS_TOKEN CMS_TOKEN")).toBe(
      "$CMS_TOKEN $CMS_TOKEN",
    );
  });

  it("redacts the start of a secret a text was cut in, even where the cut falls inside an escape (%7 of %7a)", () => {
    const percent = () => [{ value: "%7aaaaaaaa", placeholder: "$CMS_TOKEN" }];
    expect(createRedactor(percent()).text("x %7aa", { textWasCut: true })).toBe("x $CMS_TOKEN");
    expect(createRedactor(percent()).text("x %7", { textWasCut: true })).toBe("x %7");
  });

  it("says a text holds a secret when it holds an encoded form of one", () => {
    expect(redactor().contains(`x ${base64(`Bearer ${secret}`)}`)).toBe(true);
    expect(redactor().contains(`x ${[...secret].join("\u200b")}`)).toBe(true);
    expect(redactor().contains("x $CMS_TOKEN")).toBe(false);
  });
});

describe("header values shaped like credentials, whatever the header's name (issue 24.3)", () => {
  const jwt = "eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiJ1c2VyLTEifQ.c2lnbmF0dXJlLW9mLXRoZS10b2tlbg";

  it("masks a JWT and an auth scheme's credential in any header, and leaves auth-params and placeholders", () => {
    const exchange = fakeExchange(
      { status: 401, json: {} },
      {
        headers: {
          "X-JWT-Assertion": jwt,
          "X-Echo": `token was Bearer abcdef0123456789, then ${jwt}`,
          "X-Basic": "Basic dXNlcjpwYXNzd29yZA==",
          "WWW-Authenticate": 'Bearer realm="api", error="invalid_token"',
          "X-Placeholder": "Bearer $CMS_TOKEN",
          "X-Tenant": "acme-tenant-7",
        },
      },
    );
    expect(redactExchange(exchange, createRedactor([])).request.headers).toEqual({
      "X-JWT-Assertion": REDACTED,
      "X-Echo": `token was Bearer ${REDACTED}, then ${REDACTED}`,
      "X-Basic": `Basic ${REDACTED}`,
      "WWW-Authenticate": 'Bearer realm="api", error="invalid_token"',
      "X-Placeholder": "Bearer $CMS_TOKEN",
      "X-Tenant": "acme-tenant-7",
    });
  });

  it("says which values look like credentials", () => {
    expect(looksLikeCredential(jwt)).toBe(true);
    expect(looksLikeCredential("  Bearer abcdef0123456789 ")).toBe(true);
    expect(looksLikeCredential("Bearer short")).toBe(false);
    expect(looksLikeCredential("acme-tenant-7")).toBe(false);
    expect(looksLikeCredential('Bearer realm="api"')).toBe(false);
  });
});

/**
 * Exchanges carry what was sent and what came back as it was (checks judge the target's own
 * data); redactExchange removes every secret before anything is written. And redactSecrets itself.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildExchange } from "../../../../runner/http/buildExchange.js";
import { createHttpClient } from "../../../../runner/http/createHttpClient.js";
import { createRedactor, MIN_SECRET_LENGTH, redactSecrets } from "../../../../runner/http/redactSecrets.js";
import type { HttpClient } from "../../../../runner/http/types.js";
import { startHostileTarget, type HostileTarget } from "../../../../reference/transport/hostileTarget.js";
import {
  CLIENT_ID,
  expectNoSecrets,
  postRequest,
  postRequestCurl,
  SECRETS,
  TOKEN,
  timedSend,
  writtenCopy,
} from "./httpTestKit.js";

let target: HostileTarget;
let client: HttpClient;
beforeAll(async () => {
  target = await startHostileTarget();
  client = createHttpClient({ baseUrl: target.origin, timeoutMs: 2_000, secrets: SECRETS });
});
afterAll(async () => {
  await client.close();
  await target.close();
});

describe("secrets in exchanges", () => {
  it("the target echoes Authorization and client_id: the exchange keeps them for judging, the written copy has none", async () => {
    const exchange = await client.send(postRequest("/echo-credentials/platform/cms/getWidget"));
    // The target really did receive the secrets (the test would prove nothing otherwise).
    expect(target.requests()[0]?.headers["authorization"]).toBe(`Bearer ${TOKEN}`);
    // Judged data is the target's own.
    expect(exchange.json).toMatchObject({ authorization: `Bearer ${TOKEN}`, client_id: CLIENT_ID });
    const copy = writtenCopy(exchange);
    expectNoSecrets(copy);
    expect(copy.request.headers).toMatchObject({ Authorization: "Bearer $CMS_TOKEN", client_id: "$CMS_CLIENT_ID" });
    expect(copy.response?.headers["x-echo-authorization"]).toBe("Bearer $CMS_TOKEN");
    expect(copy.response?.headers["x-echo-client-id"]).toBe("$CMS_CLIENT_ID");
    expect(copy.response?.bodyText).toBe(
      '{"authorization":"Bearer $CMS_TOKEN","client_id":"$CMS_CLIENT_ID","message":"token was Bearer $CMS_TOKEN"}',
    );
    expect("json" in copy).toBe(false);
    expect(exchange.curl).toBe(postRequestCurl(`${target.origin}/echo-credentials/platform/cms/getWidget`, "2"));
    expectNoSecrets(exchange.curl);
  });

  it("secrets in the request body are redacted in the written copy", async () => {
    const { exchange } = await timedSend(
      client,
      postRequest("/ok/x", { body: { json: { note: `my token is ${TOKEN}` } } }),
    );
    expect(exchange.request.body).toBe(`{"note":"my token is ${TOKEN}"}`);
    expectNoSecrets(writtenCopy(exchange));
    expect(writtenCopy(exchange).request.body).toBe('{"note":"my token is $CMS_TOKEN"}');
  });

  it("a response body that spells the token with a \\u escape: the written body text is still redacted", () => {
    // Arrange: the token's first character escaped, so no plain text search of the body finds the token
    const text = `{"echo":"\\u${TOKEN.charCodeAt(0).toString(16).padStart(4, "0")}${TOKEN.slice(1)}","plain":"nothing here"}`;
    expect(text).not.toContain(TOKEN);
    const attempt = {
      response: {
        status: 200,
        headers: { "content-type": "application/json" },
        body: Buffer.from(text),
        bytesReceived: text.length,
        truncated: false,
      },
      startedAt: new Date(0).toISOString(),
      durationMs: 1,
    };
    // Act
    const exchange = buildExchange({ method: "POST", url: "http://target.invalid/x", headers: {} }, attempt, {
      redactor: createRedactor(SECRETS),
      timeoutMs: 1_000,
      maxResponseBytes: 1_000_000,
      retriesAfter429: 0,
    });
    const copy = writtenCopy(exchange);
    // Assert: judged as sent, written without the token (and still the same JSON apart from it)
    expect(exchange.json).toEqual({ echo: TOKEN, plain: "nothing here" });
    expect(JSON.parse(copy.response?.bodyText ?? "")).toEqual({ echo: "$CMS_TOKEN", plain: "nothing here" });
    expectNoSecrets(copy);
  });

  it("a secret in a failure message is redacted in the written copy", async () => {
    const exchange = await client.send({ path: "/ok/x", headers: { [`x-${TOKEN}`]: "a\nb" } });
    expect(exchange.failure?.kind).toBe("other");
    expectNoSecrets(writtenCopy(exchange));
  });
});

describe("redactSecrets", () => {
  const secrets = [{ value: TOKEN, placeholder: "$CMS_TOKEN" }];

  it("replaces every occurrence, URL-encoded and JSON-escaped forms too", () => {
    const odd = [{ value: 'ab"c/d e', placeholder: "$X" }];
    expect(redactSecrets(`a ${TOKEN} b ${TOKEN}`, secrets)).toBe("a $CMS_TOKEN b $CMS_TOKEN");
    expect(redactSecrets('{"k":"ab\\"c/d e"}', odd)).toBe('{"k":"$X"}');
    expect(redactSecrets("?q=ab%22c%2Fd%20e", odd)).toBe("?q=$X");
  });

  it("a secret configured as 'Bearer <token>' also redacts the bare token", () => {
    const bearer = [{ value: `Bearer ${TOKEN}`, placeholder: "$CMS_AUTH" }];
    expect(redactSecrets(`Authorization: Bearer ${TOKEN}; echo ${TOKEN}`, bearer)).toBe(
      "Authorization: $CMS_AUTH; echo $CMS_AUTH",
    );
  });

  it(`ignores values shorter than ${MIN_SECRET_LENGTH} characters (and empty ones) safely`, () => {
    const short = [
      { value: "a", placeholder: "$A" },
      { value: "", placeholder: "$E" },
      { value: " ab ", placeholder: "$B" },
    ];
    expect(redactSecrets("a banana ab", short)).toBe("a banana ab");
    expect(redactSecrets("abcd", [{ value: "abcd", placeholder: "$D" }])).toBe("$D");
  });

  it("a longer secret wins over a shorter one it contains", () => {
    const nested = [
      { value: "abcd", placeholder: "$SHORT" },
      { value: "xxabcdxx", placeholder: "$LONG" },
    ];
    expect(redactSecrets("xxabcdxx abcd", nested)).toBe("$LONG $SHORT");
  });

  it("a body cut at the cap in the middle of a token does not leak its start", () => {
    const cut = `{"echo":"${TOKEN.slice(0, 10)}`;
    expect(redactSecrets(cut, secrets, { textWasCut: true })).toBe('{"echo":"$CMS_TOKEN');
    expect(redactSecrets(cut, secrets)).toBe(cut);
  });

  it("does nothing without secrets", () => {
    expect(redactSecrets(`x ${CLIENT_ID}`, [])).toBe(`x ${CLIENT_ID}`);
  });
});

describe("redactSecrets ignores case", () => {
  it("a client id echoed as a (lower-cased) header name is redacted", () => {
    expect(redactSecrets(`x-echo-${CLIENT_ID.toLowerCase()}`, SECRETS)).toBe("x-echo-$CMS_CLIENT_ID");
    expect(redactSecrets(TOKEN.toUpperCase(), SECRETS)).toBe("$CMS_TOKEN");
  });
  it("placeholders with $ patterns stay literal", () => {
    expect(redactSecrets("k=abcd", [{ value: "abcd", placeholder: "$&$1" }])).toBe("k=$&$1");
  });
});

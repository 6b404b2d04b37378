/** isJson/json follow the body alone (not its content type); hostile strings are kept exactly as text. */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildExchange, MAX_JSON_DEPTH } from "../../../../runner/http/buildExchange.js";
import { jsonEqual } from "../../../../contract/jsonValue.js";
import { isLargeJson, sampleJsonArrays } from "../../../../contract/sampleLargeJson.js";
import { exchangeRedactor } from "../../../../runner/http/exchangeRedactor.js";
import { jsonNestingDepth, nestsDeeperThan } from "../../../../runner/http/jsonNestingDepth.js";
import { mapJsonStrings } from "../../../../runner/http/mapJsonStrings.js";
import { redactExchange } from "../../../../runner/http/redactExchange.js";
import { createHttpClient } from "../../../../runner/http/createHttpClient.js";
import { createRedactor } from "../../../../runner/http/redactSecrets.js";
import type { HttpClient } from "../../../../runner/http/types.js";
import {
  HOSTILE_STRINGS,
  startHostileTarget,
  type HostileTarget,
} from "../../../../reference/transport/hostileTarget.js";
import { postRequest, SECRETS } from "./httpTestKit.js";

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

describe("JSON parsing", () => {
  it("HTML labelled application/json: not JSON, the text kept", async () => {
    const exchange = await client.send(postRequest("/non-json/x"));
    expect(exchange.response?.status).toBe(200);
    expect(exchange.response?.headers["content-type"]).toBe("application/json");
    expect(exchange.response?.bodyText).toBe("<html><body>Service Unavailable</body></html>");
    expect(exchange.isJson).toBe(false);
    expect("json" in exchange).toBe(false);
    expect(exchange.failure).toBeUndefined(); // no timeout, no retry: the answer as it came
  });

  it("HTML/JS and control characters in every string: parsed, kept byte for byte, serialisable", async () => {
    const exchange = await client.send(postRequest("/hostile-strings/x"));
    expect(exchange.isJson).toBe(true);
    const body = exchange.json as Record<string, unknown>;
    expect(body["id"]).toBe(HOSTILE_STRINGS[0]);
    expect(body["name"]).toBe(HOSTILE_STRINGS[1]);
    expect(body["title"]).toBe("\u0000\u001b[31m");
    expect(body[HOSTILE_STRINGS[0]]).toBe(HOSTILE_STRINGS[1]);
    // The text as sent: the JSON serialisation of what was parsed from it.
    expect(exchange.response?.bodyText).toBe(JSON.stringify(body));
    // Escaping is the reporters' job; the evidence must survive a JSON round trip intact.
    expect(JSON.parse(JSON.stringify(exchange))).toEqual(exchange);
  });

  it("a JSON null body is JSON (json null, isJson true); parsing ignores the content type", () => {
    const attempt = {
      response: {
        status: 200,
        headers: { "content-type": "text/plain" },
        body: Buffer.from("null"),
        bytesReceived: 4,
        truncated: false,
      },
      startedAt: new Date().toISOString(),
      durationMs: 1,
    };
    const sent = { method: "POST", url: "http://127.0.0.1:1/x", headers: {} };
    const exchange = buildExchange(sent, attempt, {
      redactor: createRedactor(SECRETS),
      timeoutMs: 1000,
      maxResponseBytes: 100,
      retriesAfter429: 0,
    });
    expect(exchange.isJson).toBe(true);
    expect("json" in exchange && exchange.json === null).toBe(true);
  });

  it("the request body is recorded as sent: JSON serialised, raw text as is", async () => {
    const json = await client.send(postRequest("/ok/json", { body: { json: { a: [1, "é"] } } }));
    expect(json.request.body).toBe('{"a":[1,"é"]}');
    const raw = await client.send(postRequest("/ok/raw", { body: { raw: "{not json" } }));
    expect(raw.request.body).toBe("{not json");
    expect(target.requests().find((request) => request.path === "/ok/raw")?.body).toBe("{not json");
    const none = await client.send({ path: "/ok/none", headers: {} });
    expect(none.request.body).toBeUndefined();
    expect(none.request.method).toBe("POST");
  });
});

describe("JSON nested 100,000 levels deep", () => {
  const LEVELS = 100_000;
  const deepText = `{"a":${"[".repeat(LEVELS)}"${SECRETS[0].value}"${"]".repeat(LEVELS)}}`;
  const deepValue = (): unknown => JSON.parse(deepText) as unknown;

  it("is measured by a scan that stops past the limit", () => {
    expect(jsonNestingDepth(deepText, MAX_JSON_DEPTH)).toBe(MAX_JSON_DEPTH + 1);
    expect(jsonNestingDepth('{"a":[1,{"b":"[[[[{{"}]}', 10)).toBe(3); // brackets in strings do not count
  });

  it("is judged too deep exactly past the limit, whether the openings are few or many", () => {
    expect(nestsDeeperThan(deepText, MAX_JSON_DEPTH)).toBe(true);
    // As many openings as the limit cannot nest past it; one more, nested, does.
    expect(nestsDeeperThan("[[[[]]]]", 4)).toBe(false);
    expect(nestsDeeperThan("[[[[[]]]]]", 4)).toBe(true);
    expect(nestsDeeperThan('{"a":[[[1]]]}', 4)).toBe(false);
    expect(nestsDeeperThan('{"a":[[[[1]]]]}', 4)).toBe(true);
    // Many openings side by side, or inside strings, are shallow: the scan decides.
    expect(nestsDeeperThan(`[${"[],".repeat(50)}{}]`, 4)).toBe(false);
    expect(nestsDeeperThan(`["${"[{".repeat(50)}"]`, 4)).toBe(false);
    expect(nestsDeeperThan(`[${"[],".repeat(50)}[[[[[]]]]]]`, 4)).toBe(true);
  });

  it("is not parsed past MAX_JSON_DEPTH: a too-deep failure saying so, the text kept and redacted when written", () => {
    const attempt = {
      response: {
        status: 200,
        headers: {},
        body: Buffer.from(deepText),
        bytesReceived: deepText.length,
        truncated: false,
      },
      startedAt: new Date(0).toISOString(),
      durationMs: 1,
    };
    const exchange = buildExchange({ method: "POST", url: "http://127.0.0.1:1/x", headers: {} }, attempt, {
      redactor: createRedactor(SECRETS),
      timeoutMs: 1000,
      maxResponseBytes: 10_000_000,
      retriesAfter429: 0,
    });
    expect(exchange.failure).toEqual({
      kind: "too-deep",
      message: `the body nests JSON more than ${MAX_JSON_DEPTH} levels deep; the suite does not judge it.`,
    });
    expect(exchange.isJson).toBe(false);
    const written = redactExchange(exchange, exchangeRedactor(exchange));
    expect(written.response?.bodyText).toContain('"$CMS_TOKEN"');
    expect(written.response?.bodyText).not.toContain(SECRETS[0].value);
  });

  it("walks without recursion: equality, string mapping, sampling and size", () => {
    expect(jsonEqual(deepValue(), deepValue())).toBe(true);
    const mapped = mapJsonStrings(deepValue(), (text) => text.toUpperCase(), true);
    expect(
      jsonEqual(
        mapped,
        JSON.parse(deepText.replace(SECRETS[0].value, SECRETS[0].value.toUpperCase()).replace('"a"', '"A"')),
      ),
    ).toBe(true);
    expect(jsonEqual(sampleJsonArrays(deepValue(), 5), deepValue())).toBe(true);
    expect(isLargeJson(deepValue(), 1_000)).toBe(true);
  });
});

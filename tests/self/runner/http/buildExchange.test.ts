/** buildExchange: the Exchange recorded for one attempt, judged (redirect, too-large) and parsed, key by key. */
import { describe, expect, it } from "vitest";
import { buildExchange, type SentRequest } from "../../../../runner/http/buildExchange.js";
import { createRedactor } from "../../../../runner/http/redactSecrets.js";
import type { AttemptResult } from "../../../../runner/http/sendOnce.js";
import type { Exchange } from "../../../../runner/model/Exchange.js";

const CONTEXT = { redactor: createRedactor([]), timeoutMs: 1_000, maxResponseBytes: 100, retriesAfter429: 2 };
const SENT: SentRequest = { method: "GET", url: "http://127.0.0.1:1/items", headers: { accept: "application/json" } };
const STARTED_AT = "2024-01-01T00:00:00.000Z";

function answered(
  status: number,
  headers: Record<string, string>,
  body: Buffer,
  more: Partial<AttemptResult> = {},
): AttemptResult {
  return {
    response: { status, headers, body, bytesReceived: body.length, truncated: false },
    startedAt: STARTED_AT,
    durationMs: 12.5,
    ...more,
  };
}

/** The exchange's own keys and values, the curl command left out (a getter, built on demand). */
function withoutCurl(exchange: Exchange): Omit<Exchange, "curl"> {
  const { curl: _curl, ...rest } = exchange;
  return rest;
}

describe("buildExchange", () => {
  it("records a JSON answer whole: no failure, no body, no timeToHeadersMs keys when there are none", () => {
    const exchange = buildExchange(
      SENT,
      answered(200, { "content-type": "application/json" }, Buffer.from('{"a":1}')),
      CONTEXT,
    );
    expect(withoutCurl(exchange)).toStrictEqual({
      request: { method: "GET", url: "http://127.0.0.1:1/items", headers: { accept: "application/json" } },
      response: {
        status: 200,
        headers: { "content-type": "application/json" },
        bodyText: '{"a":1}',
        truncated: false,
        bodyBytes: 7,
      },
      json: { a: 1 },
      isJson: true,
      startedAt: STARTED_AT,
      durationMs: 12.5,
      retriesAfter429: 2,
    });
  });

  it("records the request body, decodedFrom, the text note and timeToHeadersMs when there are some", () => {
    const attempt: AttemptResult = {
      response: {
        status: 201,
        headers: { "content-type": "application/json; charset=iso-8859-1" },
        body: Buffer.from('"é"', "latin1"),
        bytesReceived: 40,
        truncated: false,
        decodedFrom: "gzip",
      },
      startedAt: STARTED_AT,
      durationMs: 3,
      timeToHeadersMs: 1.5,
    };
    const exchange = buildExchange({ ...SENT, method: "POST", body: '{"b":2}' }, attempt, CONTEXT);
    expect(withoutCurl(exchange)).toStrictEqual({
      request: {
        method: "POST",
        url: "http://127.0.0.1:1/items",
        headers: { accept: "application/json" },
        body: '{"b":2}',
      },
      response: {
        status: 201,
        headers: { "content-type": "application/json; charset=iso-8859-1" },
        bodyText: '"é"',
        truncated: false,
        bodyBytes: 40,
        decodedFrom: "gzip",
        textNote:
          "the body is in charset iso-8859-1 (its Content-Type says so), decoded as such; JSON exchanged between systems is UTF-8 (RFC 8259 §8.1).",
        // Where its bytes stop being UTF-8, for schema.response-body to judge (RFC 8259 §8.1).
        invalidUtf8: { offset: 1, bytes: "e9 22" },
      },
      json: "é",
      isJson: true,
      startedAt: STARTED_AT,
      durationMs: 3,
      timeToHeadersMs: 1.5,
      retriesAfter429: 2,
    });
  });

  it("records a transport failure without a response: no response and no json keys", () => {
    const failure = { kind: "timeout", message: "no answer within 1000 ms." } as const;
    const exchange = buildExchange(SENT, { failure, startedAt: STARTED_AT, durationMs: 1_000 }, CONTEXT);
    expect(withoutCurl(exchange)).toStrictEqual({
      request: { method: "GET", url: "http://127.0.0.1:1/items", headers: { accept: "application/json" } },
      isJson: false,
      failure,
      startedAt: STARTED_AT,
      durationMs: 1_000,
      retriesAfter429: 2,
    });
  });

  it("does not parse a whole-looking body whose attempt failed (a reset after the last byte)", () => {
    const failure = {
      kind: "connection-reset",
      message: "the target reset the connection mid-body after 7 bytes.",
    } as const;
    const exchange = buildExchange(
      SENT,
      answered(200, { "content-type": "application/json" }, Buffer.from('{"a":1}'), { failure }),
      CONTEXT,
    );
    expect(exchange.isJson).toBe(false);
    expect("json" in exchange).toBe(false);
    expect(exchange.response?.bodyText).toBe('{"a":1}');
    expect(exchange.failure).toEqual(failure);
  });

  it("judges 300 to 399 but 304 as a redirect not followed, naming the Location when there is one", () => {
    const judged = (status: number, headers: Record<string, string> = {}) =>
      buildExchange(SENT, answered(status, headers, Buffer.alloc(0)), CONTEXT).failure;
    expect(judged(300)).toEqual({ kind: "redirect", message: "redirect (300) not followed." });
    expect(judged(302, { location: "/elsewhere" })).toEqual({
      kind: "redirect",
      message: "redirect (302) to /elsewhere not followed.",
    });
    expect(judged(399)).toEqual({ kind: "redirect", message: "redirect (399) not followed." });
    expect(judged(304)).toBeUndefined();
    expect(judged(299)).toBeUndefined();
    expect(judged(400)).toBeUndefined();
  });

  it("judges a body cut at the cap as too large and keeps its text unparsed", () => {
    const attempt: AttemptResult = {
      response: {
        status: 200,
        headers: {},
        body: Buffer.from("[1,2"),
        bytesReceived: 101,
        truncated: true,
      },
      startedAt: STARTED_AT,
      durationMs: 4,
    };
    const exchange = buildExchange(SENT, attempt, CONTEXT);
    expect(exchange.failure).toEqual({ kind: "too-large", message: "response larger than 100 bytes." });
    expect(exchange.response?.bodyText).toBe("[1,2");
    expect(exchange.isJson).toBe(false);
  });
});

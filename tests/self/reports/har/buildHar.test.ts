/**
 * buildHar on a small log whose every field is known (issue 25.4: equality where the whole value is known): the
 * creator and comment, entries sorted by start, content types and their defaults, the query string, status
 * text, redirect target, a request that got no answer (status 0), the notes of a cut body, and the timings.
 */
import { describe, expect, it } from "vitest";
import { buildHar } from "../../../../reports/har/buildHar.js";
import type { ExchangeLogSnapshot, LoggedExchange } from "../../../../runner/model/ExchangeLogSnapshot.js";

const RUN = { creatorVersion: "9.9.9", seed: 77, baseUrl: "http://cms.test" };

const answered: LoggedExchange = {
  request: {
    method: "POST",
    url: "http://cms.test/platform/cms/listLandingPages?a=1&b=%C3%A9",
    headers: { "Content-Type": "text/plain", authorization: "Bearer $CMS_TOKEN" },
    body: '{"é":1}',
  },
  response: {
    status: 302,
    headers: { "Content-Type": "application/json", Location: "http://cms.test/next" },
    bodyText: "{}",
    truncated: false,
    bodyBytes: 2,
  },
  startedAt: "2025-01-15T10:00:02.000Z",
  durationMs: 12.25,
  timeToHeadersMs: 5,
  bodyCharsCut: 0,
};

const unanswered: LoggedExchange = {
  request: { method: "POST", url: "not a url", headers: {} },
  failure: { kind: "timeout", message: "no answer within 10 ms" },
  startedAt: "2025-01-15T10:00:03.000Z",
  durationMs: -3,
  bodyCharsCut: 0,
};

const cut: LoggedExchange = {
  request: { method: "POST", url: "http://cms.test/platform/cms/getWidget", headers: {}, body: "{}" },
  response: { status: 599, headers: {}, bodyText: "xx", truncated: true, bodyBytes: 9000 },
  startedAt: "2025-01-15T10:00:01.000Z",
  durationMs: 8,
  timeToHeadersMs: 20,
  bodyCharsCut: 40,
};

const log = (entries: readonly LoggedExchange[], seen = entries.length, dropped = 0): ExchangeLogSnapshot => ({
  entries,
  seen,
  dropped,
  limit: 5,
  maxBodyChars: 64,
});

describe("buildHar", () => {
  it("turns each exchange into its HAR entry, in the order they started", () => {
    expect(buildHar(log([answered, unanswered, cut]), RUN)).toEqual({
      log: {
        version: "1.2",
        creator: { name: "cms-conformance", version: "9.9.9" },
        comment:
          "cms-conformance run against http://cms.test, seed 77: all 3 exchanges. Credentials appear as $CMS_* placeholders; bodies longer than 64 characters are cut.",
        entries: [
          {
            startedDateTime: "2025-01-15T10:00:01.000Z",
            time: 8,
            request: {
              method: "POST",
              url: "http://cms.test/platform/cms/getWidget",
              httpVersion: "HTTP/1.1",
              cookies: [],
              headers: [],
              queryString: [],
              postData: { mimeType: "application/json", text: "{}" },
              headersSize: -1,
              bodySize: 2,
            },
            response: {
              status: 599,
              statusText: "",
              httpVersion: "HTTP/1.1",
              cookies: [],
              headers: [],
              content: { size: 9000, mimeType: "x-unknown", text: "xx" },
              redirectURL: "",
              headersSize: -1,
              bodySize: 9000,
            },
            cache: {},
            // Headers "after" the whole exchange: the wait is bounded by the total.
            timings: { blocked: -1, dns: -1, connect: -1, ssl: -1, send: 0, wait: 8, receive: 0 },
            comment:
              "the body was cut at the suite's size cap; 9000 bytes arrived; 40 characters of body text left out of this log",
          },
          {
            startedDateTime: "2025-01-15T10:00:02.000Z",
            time: 12.25,
            request: {
              method: "POST",
              url: "http://cms.test/platform/cms/listLandingPages?a=1&b=%C3%A9",
              httpVersion: "HTTP/1.1",
              cookies: [],
              headers: [
                { name: "Content-Type", value: "text/plain" },
                { name: "authorization", value: "Bearer $CMS_TOKEN" },
              ],
              queryString: [
                { name: "a", value: "1" },
                { name: "b", value: "é" },
              ],
              postData: { mimeType: "text/plain", text: '{"é":1}' },
              headersSize: -1,
              bodySize: 8,
            },
            response: {
              status: 302,
              statusText: "Found",
              httpVersion: "HTTP/1.1",
              cookies: [],
              headers: [
                { name: "Content-Type", value: "application/json" },
                { name: "Location", value: "http://cms.test/next" },
              ],
              content: { size: 2, mimeType: "application/json", text: "{}" },
              redirectURL: "http://cms.test/next",
              headersSize: -1,
              bodySize: 2,
            },
            cache: {},
            timings: { blocked: -1, dns: -1, connect: -1, ssl: -1, send: 0, wait: 5, receive: 7.3 },
          },
          {
            startedDateTime: "2025-01-15T10:00:03.000Z",
            time: 0,
            request: {
              method: "POST",
              url: "not a url",
              httpVersion: "HTTP/1.1",
              cookies: [],
              headers: [],
              queryString: [],
              headersSize: -1,
              bodySize: 0,
            },
            response: {
              status: 0,
              statusText: "",
              httpVersion: "",
              cookies: [],
              headers: [],
              content: { size: 0, mimeType: "x-unknown" },
              redirectURL: "",
              headersSize: -1,
              bodySize: -1,
            },
            cache: {},
            timings: { blocked: -1, dns: -1, connect: -1, ssl: -1, send: 0, wait: 0, receive: 0 },
            comment: "timeout: no answer within 10 ms",
          },
        ],
      },
    });
  });

  it("takes the whole time as the wait when the time to headers is not known", () => {
    const { timeToHeadersMs: _unknown, ...withoutHeadersTime } = answered;
    expect(buildHar(log([withoutHeadersTime]), RUN).log.entries[0]?.timings).toEqual({
      blocked: -1,
      dns: -1,
      connect: -1,
      ssl: -1,
      send: 0,
      wait: 12.25,
      receive: 0,
    });
  });

  it("says which exchanges were kept when the log dropped the first ones", () => {
    expect(buildHar(log([answered, cut], 9, 7), RUN).log.comment).toBe(
      "cms-conformance run against http://cms.test, seed 77: the last 2 of 9 exchanges (the log keeps at most 5, and bodies within a memory bound; the first 7 were dropped). Credentials appear as $CMS_* placeholders; bodies longer than 64 characters are cut.",
    );
  });
});

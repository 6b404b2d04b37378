/**
 * --format har: every exchange of the run in exchanges.har, valid HAR 1.2 (schemas/meta/har.schema.json),
 * secrets redacted, timings split, the bound stated when the log was cut; and a real consumer
 * (Playwright's routeFromHAR in Chromium) answers a browser's request from it.
 */
import { mkdtempSync, readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { Har } from "har-format";
import { chromium } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { runBin } from "./runBin.js";
import { buildHar } from "../../../reports/har/buildHar.js";
import { validateHar } from "../../../reports/har/validateHar.js";
import { startReferenceServer, type RunningReferenceServer } from "../../../reference/startReferenceServer.js";
import { ExchangeLog } from "../../../runner/engine/ExchangeLog.js";
import { createHttpClient } from "../../../runner/http/createHttpClient.js";
import type { Exchange } from "../../../runner/model/Exchange.js";
import { findChromium } from "../reports/findChromium.js";
import { startHostileTarget, unusedBaseUrl } from "../../../reference/transport/hostileTarget.js";

const API_KEY = "har-api-key-5d1e9b";
const RUN = { creatorVersion: "test", seed: 1, baseUrl: "http://127.0.0.1:9" };

/** An exchange as the HTTP client records it, with `body` as the response text. */
function exchange(index: number, body = "{}"): Exchange {
  return {
    request: {
      method: "POST",
      url: `http://127.0.0.1:9/platform/cms/getWidget?i=${index}`,
      headers: { "Content-Type": "application/json" },
      body: `{"i":${index}}`,
    },
    response: {
      status: 200,
      headers: { "content-type": "application/json" },
      bodyText: body,
      truncated: false,
      bodyBytes: body.length,
    },
    isJson: true,
    startedAt: new Date(Date.UTC(2030, 0, 1, 0, 0, index)).toISOString(),
    durationMs: 12.5,
    timeToHeadersMs: 10,
    curl: "",
    retriesAfter429: 0,
  };
}

describe("cms-conformance run --format har", () => {
  let server: RunningReferenceServer;
  let har: Har;
  let harText: string;
  let report: { meta: { requestCount: number; seed: number } };

  beforeAll(async () => {
    server = await startReferenceServer({ seed: 6 });
    const out = mkdtempSync(join(tmpdir(), "cms-har-"));
    const env = {
      CMS_CLIENT_ID: server.credentials.clientId,
      CMS_TOKEN: server.credentials.token,
      CMS_RESTRICTED_TOKEN: server.credentials.restrictedToken,
    };
    const result = await runBin(
      [
        "run",
        "--base-url",
        server.baseUrl,
        "--checks",
        "auth.*,pagination.default-first-10",
        "--seed",
        "8",
        "--out",
        out,
        "--format",
        "json,har",
        "--header",
        `X-Api-Key: ${API_KEY}`,
      ],
      env,
    );
    expect(result.stderr).toBe("");
    expect(result.stdout).toMatch(/har +\S+exchanges\.har/);
    harText = readFileSync(join(out, "exchanges.har"), "utf8");
    har = JSON.parse(harText) as Har;
    report = JSON.parse(readFileSync(join(out, "report.json"), "utf8")) as typeof report;
  }, 120_000);
  afterAll(() => server.close());

  it("is valid HAR 1.2", () => {
    expect(validateHar(har)).toEqual([]);
    expect(har.log.version).toBe("1.2");
    expect(har.log.creator.name).toBe("cms-conformance");
  });

  it("holds every exchange the run made, in the order they started", () => {
    expect(har.log.entries).toHaveLength(report.meta.requestCount);
    expect(har.log.comment).toContain(`seed 8: all ${report.meta.requestCount} exchanges`);
    const started = har.log.entries.map((entry) => entry.startedDateTime);
    expect(started).toEqual([...started].sort());
    // auth.* sends requests without a token and without client_id: those are in the log too, with their 401s.
    expect(
      har.log.entries.some(
        (entry) =>
          entry.response.status === 401 && !entry.request.headers.some((header) => header.name === "Authorization"),
      ),
    ).toBe(true);
  });

  it("redacts every secret and splits each exchange's time into wait and receive", () => {
    for (const secret of [
      API_KEY,
      server.credentials.token,
      server.credentials.clientId,
      server.credentials.restrictedToken,
    ])
      expect(harText).not.toContain(secret);
    const first = har.log.entries[0];
    expect(first?.request.headers).toEqual(
      expect.arrayContaining([
        { name: "X-Api-Key", value: "$CMS_HEADER_X_API_KEY" },
        { name: "client_id", value: "$CMS_CLIENT_ID" },
      ]),
    );
    for (const entry of har.log.entries) {
      expect(entry.timings.wait).toBeGreaterThan(0);
      expect((entry.timings.send ?? 0) + entry.timings.wait + entry.timings.receive).toBeCloseTo(entry.time, 0);
      expect(entry.response.content.text?.length).toBeGreaterThan(0);
    }
  });
});

describe("the exchange log behind the HAR", () => {
  it("keeps the last N exchanges and says in the HAR that the first ones were dropped", () => {
    const log = new ExchangeLog(3);
    for (let index = 0; index < 5; index += 1) log.add(exchange(index));
    const snapshot = log.snapshot();
    expect(snapshot.entries.map((entry) => entry.request.body)).toEqual(['{"i":2}', '{"i":3}', '{"i":4}']);
    expect([snapshot.seen, snapshot.dropped]).toEqual([5, 2]);
    const built = buildHar(snapshot, RUN);
    expect(validateHar(built)).toEqual([]);
    expect(built.log.comment).toBe(
      "cms-conformance run against http://127.0.0.1:9, seed 1: the last 3 of 5 exchanges (the log keeps at most 3, " +
        "and bodies within a memory bound; the first 2 were dropped). " +
        "Credentials appear as $CMS_* placeholders; bodies longer than 65536 characters are cut.",
    );
  });

  it("cuts long bodies and drops the oldest exchanges when the bodies outgrow the memory bound", () => {
    const log = new ExchangeLog(100, 10, 25);
    for (let index = 0; index < 4; index += 1) log.add(exchange(index, "x".repeat(50)));
    const snapshot = log.snapshot();
    expect(
      snapshot.entries.every((entry) => entry.response?.bodyText === "x".repeat(10) && entry.bodyCharsCut === 40),
    ).toBe(true);
    expect(snapshot.entries.length).toBeLessThan(4); // each keeps 7 + 10 characters: only one fits in 25
    expect(snapshot.dropped).toBe(4 - snapshot.entries.length);
    expect(buildHar(snapshot, RUN).log.entries[0]?.comment).toBe("40 characters of body text left out of this log");
  });

  it("refuses a limit that is not a whole number of at least 1, naming what it got", () => {
    for (const limit of [0, -1, 1.5, Number.NaN])
      expect(() => new ExchangeLog(limit)).toThrow(`limit must be a whole number ≥ 1, received ${String(limit)}`);
    expect(() => new ExchangeLog(1)).not.toThrow();
  });

  it("cuts request and response bodies alike at maxBodyChars, and keeps each entry's timings and failure as they were", () => {
    const log = new ExchangeLog(10, 4, 1_000);
    log.add({ ...exchange(1, "abcd"), failure: { kind: "timeout", message: "slow" } });
    const { request: _request, ...withoutRequestBody } = exchange(2);
    log.add({ ...withoutRequestBody, request: { method: "POST", url: "http://127.0.0.1:9/x", headers: {} } });
    const { timeToHeadersMs: _time, ...noTiming } = exchange(3);
    log.add(noTiming);
    const [first, second, third] = log.snapshot().entries;
    expect(first).toMatchObject({
      response: { bodyText: "abcd" },
      bodyCharsCut: 3,
      request: { body: '{"i"' },
      failure: { kind: "timeout", message: "slow" },
      timeToHeadersMs: 10,
      durationMs: 12.5,
    });
    expect(second?.request).not.toHaveProperty("body");
    expect(second).not.toHaveProperty("failure");
    expect(third).not.toHaveProperty("timeToHeadersMs");
  });

  it("holds bodies up to maxTotalChars exactly, drops the oldest only beyond it, and counts what it frees", () => {
    // Each entry holds 7 characters of request body ({"i":N}) and 3 of response body.
    const log = new ExchangeLog(100, 64, 20);
    log.add(exchange(1, "abc"));
    log.add(exchange(2, "abc"));
    expect(log.snapshot().entries).toHaveLength(2); // 20 characters: at the bound, not over it
    log.add(exchange(3, "abc"));
    expect(log.snapshot()).toMatchObject({ seen: 3, dropped: 1 });
    expect(log.snapshot().entries.map((entry) => entry.request.body)).toEqual(['{"i":2}', '{"i":3}']);
    log.add(exchange(4, "abc"));
    expect(log.snapshot().entries.map((entry) => entry.request.body)).toEqual(['{"i":3}', '{"i":4}']);
  });

  it("keeps the newest exchange even when it alone is over the bound", () => {
    const log = new ExchangeLog(100, 1_000, 5);
    log.add(exchange(1, "x".repeat(50)));
    expect(log.snapshot().entries).toHaveLength(1);
  });

  it("records the 429 answers the client waited out, and requests that got no answer (status 0), validly", async () => {
    const target = await startHostileTarget({ rateLimitedTimes: 1, retryAfter: "0" });
    const log = new ExchangeLog();
    const client = createHttpClient({
      baseUrl: target.baseUrlFor("rate-limited"),
      secrets: [],
      onExchange: (recorded) => log.add(recorded),
    });
    const refused = createHttpClient({
      baseUrl: await unusedBaseUrl(),
      secrets: [],
      onExchange: (recorded) => log.add(recorded),
    });
    try {
      await client.send({ path: "/platform/cms/getWidget", headers: {}, body: { json: {} } });
      await refused.send({ path: "/platform/cms/getWidget", headers: {}, body: { json: {} } });
    } finally {
      await Promise.all([client.close(), refused.close(), target.close()]);
    }
    const built = buildHar(log.snapshot(), RUN);
    expect(validateHar(built)).toEqual([]);
    expect(built.log.entries.map((entry) => entry.response.status)).toEqual([429, 200, 0]);
    expect(built.log.entries[2]?.comment).toMatch(/^connection-refused: /);
  });

  it("is refused by the HAR schema when a required field is missing (the validator can fail)", () => {
    const log = new ExchangeLog();
    log.add(exchange(1));
    const built = buildHar(log.snapshot(), RUN);
    const [entry] = built.log.entries;
    const { wait: _wait, ...timings } = entry!.timings;
    const missing = (instancePath: string, field: string) => ({
      instancePath,
      schemaPath: "#/required",
      keyword: "required",
      params: { missingProperty: field },
      message: `must have required property '${field}'`,
    });
    expect(validateHar({ log: { ...built.log, creator: { name: "x" } } })).toEqual([
      missing("/log/creator", "version"),
    ]);
    expect(validateHar({ log: { ...built.log, entries: [{ ...entry, timings }] } })).toEqual([
      missing("/log/entries/0/timings", "wait"),
    ]);
    expect(validateHar({ log: { ...built.log, entries: [{ ...entry, startedDateTime: "yesterday" }] } })).not.toEqual(
      [],
    );
  });
});

const executablePath = findChromium();

describe.skipIf(!executablePath)("the HAR in a browser (Playwright's routeFromHAR, headless Chromium)", () => {
  it("answers the browser's request with the response recorded in the HAR, with no server running", async () => {
    // Arrange: record one exchange against the reference, then stop it.
    const server = await startReferenceServer({ seed: 2 });
    const log = new ExchangeLog();
    const client = createHttpClient({
      baseUrl: server.baseUrl,
      secrets: [],
      onExchange: (recorded) => log.add(recorded),
    });
    const body = JSON.stringify({ pagination: { pageNumber: 0, pageSize: 2 } });
    const live = await client.send({
      path: "/platform/cms/listFactoryDefaultWidgets",
      headers: {
        "Content-Type": "application/json",
        client_id: server.credentials.clientId,
        Authorization: `Bearer ${server.credentials.token}`,
      },
      body: { raw: body },
    });
    await client.close();
    await server.close();
    const file = join(mkdtempSync(join(tmpdir(), "cms-har-browser-")), "exchanges.har");
    const { writeFile } = await import("node:fs/promises");
    await writeFile(file, JSON.stringify(buildHar(log.snapshot(), { ...RUN, baseUrl: server.baseUrl })));
    const browser = await chromium.launch({
      executablePath,
      headless: true,
      args: ["--no-sandbox", "--disable-gpu", "--no-first-run"],
    });
    try {
      const page = await browser.newPage();
      await page.routeFromHAR(file, { notFound: "fallback" });
      await page.route(`${server.baseUrl}/`, (route) =>
        route.fulfill({ status: 200, contentType: "text/html", body: "<!doctype html><title>origin</title>" }),
      );
      await page.goto(`${server.baseUrl}/`);
      // Act: the page posts the same request; only the HAR can answer it.
      const answered = await page.evaluate(async (sent) => {
        const response = await fetch("/platform/cms/listFactoryDefaultWidgets", {
          method: "POST",
          headers: { "Content-Type": "application/json" },
          body: sent,
        });
        return { status: response.status, text: await response.text() };
      }, body);
      // Assert
      expect(answered.status).toBe(200);
      expect(answered.text).toBe(live.response?.bodyText);
    } finally {
      await browser.close();
    }
  });
});

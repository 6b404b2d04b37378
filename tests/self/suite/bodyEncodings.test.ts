/**
 * Bodies in another charset, with a byte order mark, or with bytes that are no UTF-8 (issue 23.8):
 * the reference behind a proxy that re-encodes every answer. A body whose Content-Type declares its
 * charset is decoded as such, and one with a byte order mark is parsed without it: the reference
 * passes clean. A body that is not UTF-8 and declares no charset decodes with U+FFFD in place of its
 * letters: no search probe is built from them, so no search check fails a correct search. Each
 * oddity is named once per operation in the report's notes.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { referenceRunConfig } from "../../../reference/referenceRunConfig.js";
import { startReferenceServer, type RunningReferenceServer } from "../../../reference/startReferenceServer.js";
import type { RunReport } from "../../../runner/model/RunReport.js";
import { validateRunReport } from "../../../reports/validateRunReport.js";
import { startReferenceProxy, type ReferenceProxyOptions } from "../../../reference/transport/referenceProxy.js";
import { runInProcess } from "./runInProcess.js";

let server: RunningReferenceServer;
beforeAll(async () => {
  server = await startReferenceServer({ seed: 7 });
});
afterAll(() => server.close());

/** JSON text as Latin-1 bytes: every character beyond Latin-1's printable range is a \u escape, so nothing is lost. */
function latin1Json(payload: Buffer): Buffer {
  const text = payload.toString("utf8").replace(/[^\x00-\x7f\xa0-\xff]/g, (char) => {
    return `\\u${char.charCodeAt(0).toString(16).padStart(4, "0")}`;
  });
  return Buffer.from(text, "latin1");
}

async function runBehind(rewriteBody: ReferenceProxyOptions["rewriteBody"]): Promise<RunReport> {
  const proxy = await startReferenceProxy(server.baseUrl, { rewriteBody });
  try {
    return await runInProcess(referenceRunConfig(server, proxy.baseUrl), { maxExamples: 5 });
  } finally {
    await proxy.close();
  }
}

const judged = (report: RunReport, outcome: "failed" | "error") =>
  report.results
    .filter((result) => result.outcome === outcome)
    .map((result) => `${result.checkId} [${result.operation}]: ${result.message.slice(0, 200)}`);

describe("answers whose text is not plain UTF-8", () => {
  it("Latin-1 bodies that say charset=iso-8859-1: decoded as declared and named, only schema.response-body fails them (RFC 8259 §8.1)", async () => {
    // The reference's data holds Portuguese letters (ç, ã, é …), which become single Latin-1 bytes here.
    let latinBytes = 0;
    const report = await runBehind((payload, headers) => {
      headers["content-type"] = "application/json; charset=iso-8859-1";
      const body = latin1Json(payload);
      latinBytes += body.filter((byte) => byte >= 0xa0).length;
      return body;
    });
    expect(latinBytes, "the re-encoded bodies hold letters beyond ASCII").toBeGreaterThan(0);
    // Decoded as declared, every other check judges the same values; the bytes themselves are not UTF-8 (issue 49.1).
    const failed = judged(report, "failed");
    expect(failed.length).toBeGreaterThan(0);
    for (const line of failed) expect(line).toMatch(/^schema\.response-body \[.*is not UTF-8.*RFC 8259 §8\.1/);
    expect(judged(report, "error")).toEqual([]);
    const named = report.meta.notes.filter((note) => note.includes("charset iso-8859-1"));
    expect(named.length).toBeGreaterThan(0);
    expect(named.length).toBeLessThanOrEqual(5);
    expect(validateRunReport(report)).toEqual([]);
  });

  it("bodies that start with a UTF-8 byte order mark: parsed without it, the reference passes, named", async () => {
    const report = await runBehind((payload) => Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), payload]));
    expect({ failed: judged(report, "failed"), errors: judged(report, "error") }).toEqual({ failed: [], errors: [] });
    expect(report.meta.notes.join("\n")).toMatch(/byte order mark/);
  });

  it("Latin-1 bodies that name no charset: no search is built from U+FFFD, so no search check fails, and it is named", async () => {
    const report = await runBehind((payload) => latin1Json(payload));
    expect(
      judged(report, "failed")
        .filter((line) => line.startsWith("search."))
        .join("\n"),
    ).toBe("");
    expect(report.meta.notes.join("\n")).toMatch(/not valid UTF-8 and its Content-Type names no charset/);
  });
});

/**
 * "No interface here" (issue 41.5): when every operation answers a valid request with what no implementation
 * of §4 gives (404, 405 or 501 without a §7 body, an HTML page, an empty 200), the run stops after its first
 * probes with exit 2 and one sentence with a hint, not a list of failures. A target whose reads answer 404
 * with the §7 body for an id it lacks, while its listings answer, is not refused; nor is one whose every answer
 * is the right JSON labelled text/html (issue 50.6): that is an interface breaking §4's content type, judged and failed.
 */
import { mkdtempSync, readFileSync } from "node:fs";
import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { startReferenceServer } from "../../../reference/startReferenceServer.js";
import type { CheckExecutor } from "../../../runner/execute/CheckExecutor.js";
import type { RunReport } from "../../../runner/model/RunReport.js";
import { runCli, runWith } from "./cliInProcess.js";

const ENV = { CMS_CLIENT_ID: "client-0a0a0a0a0a", CMS_TOKEN: "token-SECRET-0b0b0b0b" };

let server: Server | undefined;
afterEach(() => new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve())));

async function target(answer: (request: IncomingMessage, response: ServerResponse) => void): Promise<string> {
  server = createServer((request, response) => {
    request.resume();
    request.on("end", () => answer(request, response));
  });
  await new Promise<void>((resolve) => server?.listen(0, "127.0.0.1", resolve));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

/** An executor that judges nothing: the run got past its preflight. */
const judgesNothing: CheckExecutor = async () => ({ results: [], runErrors: [] });

const run = (baseUrl: string) =>
  runWith(["--base-url", baseUrl, "--out", mkdtempSync(join(tmpdir(), "cms-nowhere-"))], ENV, {
    executor: judgesNothing,
  });

const html = (status: number) => (_: IncomingMessage, response: ServerResponse) =>
  response.writeHead(status, { "content-type": "text/html" }).end("<!doctype html><title>Index</title>");

describe("a base URL that serves no interface", () => {
  it.each([
    ["405 everywhere", (_: IncomingMessage, r: ServerResponse) => r.writeHead(405, { allow: "GET" }).end(), "405"],
    ["501 everywhere", (_: IncomingMessage, r: ServerResponse) => r.writeHead(501).end("Not Implemented"), "501"],
    ["a static file server's HTML", html(200), "an HTML page (200)"],
    ["an empty 200", (_: IncomingMessage, r: ServerResponse) => r.writeHead(200).end(), "an empty 200"],
    [
      "HTML 404 for listings, 405 for reads",
      (request: IncomingMessage, response: ServerResponse) =>
        /get(Widget|Analytic)$/.test(request.url ?? "") ? response.writeHead(405).end() : html(404)(request, response),
      "an HTML page (404), 405",
    ],
  ] as const)("%s: exit 2 and one sentence with a hint", async (_what, answer, words) => {
    const baseUrl = await target(answer);
    const result = await run(baseUrl);
    expect(result.code).toBe(2);
    expect(result.stdout).toBe("");
    expect(result.stderr).toBe(
      `cms-conformance run: no interface answers under ${baseUrl}: every operation answered a valid request with what no implementation of §4 gives (${words}); check the base URL's path prefix (e.g. https://host/prefix), or give --operation-path where the deployment serves an operation elsewhere\n`,
    );
  });

  it("a target whose reads answer 404 with the §7 body while its listings answer is judged, not refused", async () => {
    const baseUrl = await target((request, response) => {
      const read = /get(Widget|Analytic)$/.test(request.url ?? "");
      response
        .writeHead(read ? 404 : 200, { "content-type": "application/json" })
        .end(read ? JSON.stringify({ message: "not found", reason: "OBJECT_NOT_FOUND" }) : "{}");
    });
    const result = await run(baseUrl);
    expect(result.stderr).not.toMatch(/no interface answers/);
  });

  it("a target answering the right JSON under Content-Type text/html everywhere is judged and fails §4, not refused", async () => {
    const server = await startReferenceServer({ seed: 4 });
    try {
      const out = mkdtempSync(join(tmpdir(), "cms-html-json-"));
      const result = await runCli(
        [
          "run",
          "--base-url",
          server.faultBaseUrl("html-content-type-everywhere"),
          "--checks",
          "http.json-content-type",
        ].concat(["--seed", "3", "--out", out]),
        { NO_COLOR: "1", CMS_CLIENT_ID: server.credentials.clientId, CMS_TOKEN: server.credentials.token },
      );
      expect(result.stderr).not.toMatch(/no interface answers/);
      expect(result.code).toBe(1);
      const report = JSON.parse(readFileSync(join(out, "report.json"), "utf8")) as RunReport;
      const outcomes = report.results.map((verdict) => `${verdict.checkId} ${verdict.operation} ${verdict.outcome}`);
      expect(outcomes).toHaveLength(5);
      for (const outcome of outcomes) expect(outcome).toMatch(/^http\.json-content-type \w+ failed$/);
      expect(report.results[0]?.message).toMatch(/answered as "text\/html"/);
    } finally {
      await server.close();
    }
  }, 60_000);
});

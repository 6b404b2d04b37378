/**
 * A cancelled run leaves the truth behind (issues 23.4, 41.3): SIGINT and SIGTERM write every report, the HAR included, with
 * the verdicts still open as errors saying the run was interrupted, and exit 130 / 143; a run never
 * leaves an earlier run's reports in --out looking current.
 */
import { spawn } from "node:child_process";
import { existsSync, mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startReferenceServer, type RunningReferenceServer } from "../../../reference/startReferenceServer.js";
import type { RunReport } from "../../../runner/model/RunReport.js";
import { renderJsonReport } from "../../../reports/writeJsonReport.js";
import { makeResult, makeRunReport } from "../reports/runReportFixture.js";
import { runBin } from "./runBin.js";

const BIN = new URL("../../../bin/cms-conformance.mjs", import.meta.url).pathname;

/** A proxy that answers as the reference does, each answer 50 ms late, counting requests. */
async function slowProxy(
  target: string,
): Promise<{ baseUrl: string; requests: () => number; close: () => Promise<void> }> {
  let requests = 0;
  const server: Server = createServer((request, response) => {
    requests += 1;
    const chunks: Buffer[] = [];
    request.on("data", (chunk: Buffer) => chunks.push(chunk));
    request.on("end", () => {
      setTimeout(() => {
        fetch(`${target}${request.url}`, {
          method: request.method ?? "POST",
          headers: Object.entries(request.headers).filter(
            (entry): entry is [string, string] =>
              typeof entry[1] === "string" && entry[0] !== "host" && entry[0] !== "content-length",
          ),
          body: Buffer.concat(chunks),
        })
          .then(async (answer) => {
            response.writeHead(answer.status, {
              "content-type": answer.headers.get("content-type") ?? "application/json",
            });
            response.end(Buffer.from(await answer.arrayBuffer()));
          })
          .catch(() => response.destroy());
      }, 50);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return {
    baseUrl: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    requests: () => requests,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

describe("a run stopped by a signal", () => {
  let reference: RunningReferenceServer;
  beforeAll(async () => {
    reference = await startReferenceServer({ seed: 4 });
  });
  afterAll(() => reference.close());

  it.each([
    ["SIGINT", 130],
    ["SIGTERM", 143],
  ] as const)("writes every report on %s, the open verdicts as errors, and exits %i", async (signal, code) => {
    const proxy = await slowProxy(reference.baseUrl);
    const out = mkdtempSync(join(tmpdir(), "cms-interrupted-"));
    try {
      const formats = ["--format", "json,junit,html,har"];
      const child = spawn(process.execPath, [BIN, "run", "--base-url", proxy.baseUrl, ...formats, "--out", out], {
        env: {
          ...process.env,
          NO_COLOR: "1",
          CMS_CLIENT_ID: reference.credentials.clientId,
          CMS_TOKEN: reference.credentials.token,
        },
        stdio: ["ignore", "pipe", "pipe"],
      });
      let stderr = "";
      child.stderr.on("data", (chunk: Buffer) => (stderr += chunk.toString()));
      child.stdout.resume();
      const exited = new Promise<number | null>((resolve) => child.on("exit", (exitCode) => resolve(exitCode)));
      // Past the preflight and into the checks, then interrupted.
      const started = Date.now();
      while (proxy.requests() < 60 && Date.now() - started < 60_000)
        await new Promise((resolve) => setTimeout(resolve, 50));
      child.kill(signal);
      expect(await exited).toBe(code);
      expect(stderr, stderr).toContain(`${signal}: stopping the run`);
      const report = JSON.parse(readFileSync(join(out, "report.json"), "utf8")) as RunReport;
      expect(report.verdict).toBe("fail");
      expect(report.meta.gateFailures.some((line) => line.includes(`interrupted at`) && line.includes(signal))).toBe(
        true,
      );
      const interrupted = report.results.filter(
        (result) => result.outcome === "error" && result.message.includes("the run was interrupted at"),
      );
      expect(interrupted.length).toBeGreaterThan(0);
      expect(report.results.length).toBe(report.meta.selection.selectedVerdicts);
      expect(existsSync(join(out, "junit.xml"))).toBe(true);
      expect(existsSync(join(out, "index.html"))).toBe(true);
      // The HAR holds the exchanges of what was judged before the signal (issue 41.3).
      const har = JSON.parse(readFileSync(join(out, "exchanges.har"), "utf8")) as { log: { entries: unknown[] } };
      expect(har.log.entries.length).toBeGreaterThan(0);
    } finally {
      await proxy.close();
    }
  });
});

describe("reports of an earlier run", () => {
  it("are removed before a run starts, so a refused run leaves none looking current", async () => {
    const out = mkdtempSync(join(tmpdir(), "cms-stale-"));
    // An earlier run's, each with the suite's marker (a user's file of the name would stay: staleReports.test.ts).
    writeFileSync(join(out, "report.json"), renderJsonReport(makeRunReport([makeResult()])));
    writeFileSync(join(out, "junit.xml"), '<testsuites name="cms-conformance" tests="1"></testsuites>');
    writeFileSync(join(out, "notes.txt"), "mine");
    const result = await runBin(["run", "--base-url", "http://127.0.0.1:9", "--out", out], {
      CMS_CLIENT_ID: "client-5e5e5e5e5e",
      CMS_TOKEN: "token-5f5f5f5f5f5f",
    });
    expect(result.code).toBe(2);
    expect(existsSync(join(out, "report.json"))).toBe(false);
    expect(existsSync(join(out, "junit.xml"))).toBe(false);
    expect(readFileSync(join(out, "notes.txt"), "utf8")).toBe("mine");
  });
});

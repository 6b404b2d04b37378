/**
 * The suite's own trouble is never the target's failure (issue 41.2): a proxy's 407 and response headers over
 * the client's limit, at the start or mid-run, and a client key that is not the certificate's, each end the run
 * with exit 2 and one sentence; no verdict of the target fails because of them, and the verdicts judged before
 * keep their outcome in the report. (A token command failing on refresh: tests/self/cli/tokenCommand.test.ts.)
 */
import { mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { configFileOf } from "../../../cli/configFileKeys.js";
import { executeInProcess } from "../../../checks/executeInProcess.js";
import { referenceRunConfig } from "../../../reference/referenceRunConfig.js";
import { startReferenceServer, type RunningReferenceServer } from "../../../reference/startReferenceServer.js";
import type { RunReport } from "../../../runner/model/RunReport.js";
import { suiteTroubleOf } from "../../../runner/http/suiteTrouble.js";
import { runWith } from "../cli/cliInProcess.js";
import { startTroubleAfterProxy, type Trouble } from "../support/troubleAfterProxy.js";

let server: RunningReferenceServer;
beforeAll(async () => {
  server = await startReferenceServer({ seed: 11 });
});
afterAll(() => server.close());

const PROXY_407 =
  "a proxy on the way to the target asked for credentials (407 Proxy Authentication Required), so the request never reached the target; check the user and password in HTTPS_PROXY / HTTP_PROXY";
const HUGE_HEADERS =
  "the target's response headers exceed the 16 KiB the suite's HTTP client reads, so its answers cannot be judged (HTTP sets no such limit: this is the suite's limit, not a failure of the target)";

/** Runs the suite against the reference behind a proxy that turns to `trouble` after `after` requests. */
async function runBehind(trouble: Trouble, after: number) {
  const proxy = await startTroubleAfterProxy(server.baseUrl, trouble, after);
  try {
    const folder = mkdtempSync(join(tmpdir(), "cms-suite-trouble-"));
    const config = join(folder, "config.json");
    writeFileSync(config, JSON.stringify(configFileOf({ ...referenceRunConfig(server, proxy.baseUrl) })));
    const out = join(folder, "out");
    const result = await runWith(
      ["--config", config, "--max-examples", "3", "--seed", "3", "--concurrency", "1", "--out", out],
      {},
      { executor: executeInProcess },
    );
    const report = (() => {
      try {
        return JSON.parse(readFileSync(join(out, "report.json"), "utf8")) as RunReport;
      } catch {
        return undefined;
      }
    })();
    return { ...result, report };
  } finally {
    await proxy.close();
  }
}

describe("mid-run, the suite's own trouble ends the run with exit 2, and fails no verdict of the target", () => {
  it.each([
    ["proxy-407", PROXY_407],
    ["huge-headers", HUGE_HEADERS],
  ] as const)("%s", async (trouble, sentence) => {
    const { code, stderr, report } = await runBehind(trouble, 200);
    expect(code).toBe(2);
    expect(stderr).toBe(`cms-conformance run: ${sentence}\n`);
    expect(report?.meta.suiteTrouble).toBe(sentence);
    expect(report?.results.filter((result) => result.outcome === "failed")).toEqual([]);
    expect(report?.summary.passed, "verdicts judged before the trouble keep their outcome").toBeGreaterThan(0);
    expect(report?.verdict).toBe("fail");
  });
});

describe("at the start, the same trouble is refused before any check with the same sentence", () => {
  it.each([
    ["proxy-407", PROXY_407],
    ["huge-headers", HUGE_HEADERS],
  ] as const)("%s", async (trouble, sentence) => {
    const { code, stderr, stdout } = await runBehind(trouble, 0);
    expect(code).toBe(2);
    expect(stderr).toBe(`cms-conformance run: ${sentence}\n`);
    expect(stdout).toBe("");
  });
});

describe("suiteTroubleOf", () => {
  it("names a tunnel's 407 and headers over the limit; leaves the target's own transport failures to the target", () => {
    expect(
      suiteTroubleOf({
        kind: "proxy",
        message:
          "the proxy refused to connect to https://cms.example.invalid (407); check the user and password in HTTPS_PROXY / HTTP_PROXY.",
      }),
    ).toBe(PROXY_407);
    expect(suiteTroubleOf({ kind: "protocol", message: "the response headers exceed 16 KiB." })).toBe(HUGE_HEADERS);
    expect(
      suiteTroubleOf({ kind: "proxy", message: "the proxy refused to connect to https://x (502); check …" }),
    ).toBeUndefined();
    expect(
      suiteTroubleOf({ kind: "connection-reset", message: "the target reset the connection before answering." }),
    ).toBeUndefined();
  });
});

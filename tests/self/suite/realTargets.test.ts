/**
 * What real deployments do to a run, end to end against the reference server behind a proxy:
 * the target dies mid-run (errors, never failures, reports written, the run stops early and says
 * so); it sheds load, has a bad node behind its gateway, or rate-limits one operation for ever (availability,
 * not conformance: retried, and never a failure; issue 48.4); it gzips
 * unasked and sends 100 Continue (judged as the answers they are: the reference still passes);
 * and client ids that occur in the target's data or in the suite's own words (redaction happens
 * when writing, never when judging).
 */
import { mkdtempSync, readFileSync, readdirSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { RUN_DEFAULTS } from "../../../runner/model/RunSettings.js";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { mergeCommand } from "../../../cli/commands/merge.js";
import { runCommand } from "../../../cli/commands/run.js";
import { validateRunReport } from "../../../reports/validateRunReport.js";
import { referenceRunConfig } from "../../../reference/referenceRunConfig.js";
import { startReferenceServer, type RunningReferenceServer } from "../../../reference/startReferenceServer.js";
import { executeInProcess } from "../../../checks/executeInProcess.js";
import type { RunReport } from "../../../runner/model/RunReport.js";
import { startReferenceProxy, type ReferenceProxyOptions } from "../../../reference/transport/referenceProxy.js";
import { runInProcess } from "./runInProcess.js";

/**
 * Whole runs: the test timeout only catches a hang. Beside four busy processes on a machine already at a load of 40
 * on 2 cores, some took longer than the default 60 s; nothing here is judged by how long a run takes (issue 45.4).
 */
const WHOLE_RUN_TIMEOUT_MS = 180_000;

let server: RunningReferenceServer;
beforeAll(async () => {
  server = await startReferenceServer({ seed: 7 });
});
afterAll(() => server.close());

const unexpected = (report: RunReport) =>
  report.results
    .filter((result) => result.outcome === "failed" || result.outcome === "error")
    .map((result) => `${result.outcome} ${result.checkId} [${result.operation}]: ${result.message.slice(0, 240)}`);

/** The reference behind a proxy, reached with the client id `clientId` (the proxy hands the reference its own). */
async function behindProxy(options: ReferenceProxyOptions & { clientId?: string } = {}) {
  const { clientId, ...proxyOptions } = options;
  const proxy = await startReferenceProxy(server.baseUrl, {
    ...proxyOptions,
    // (Node trims header values: " ab " arrives as "ab")
    requestHeaders: (headers) =>
      clientId !== undefined && headers["client_id"] === clientId.trim()
        ? { ...headers, client_id: server.credentials.clientId }
        : headers,
  });
  const config = { ...referenceRunConfig(server, proxy.baseUrl), ...(clientId !== undefined ? { clientId } : {}) };
  return { proxy, config };
}

/** Runs the CLI in this process; returns exit code, console text, report files and the report. */
async function cliRun(args: string[], env: Record<string, string>) {
  const outDir = mkdtempSync(join(tmpdir(), "cms-real-"));
  let stdout = "";
  let stderr = "";
  const io = {
    stdout: { write: (text: string) => (stdout += text) },
    stderr: { write: (text: string) => (stderr += text) },
    readStdin: async () => "",
  };
  const code = await runCommand(
    [...args, "--out", outDir],
    io,
    { NO_COLOR: "1", ...env },
    { executor: executeInProcess },
  );
  const files = Object.fromEntries(readdirSync(outDir).map((name) => [name, readFileSync(join(outDir, name), "utf8")]));
  const report = files["report.json"] === undefined ? undefined : (JSON.parse(files["report.json"]) as RunReport);
  return { code, stdout, stderr, files, report, outDir };
}

function targetArgs(config: ReturnType<typeof referenceRunConfig>): { args: string[]; env: Record<string, string> } {
  return {
    args: [
      "--base-url",
      config.baseUrl ?? "",
      ...(config.analyticIds ?? []).slice(0, 3).flatMap((id) => ["--analytic-id", id]),
      ...(config.roles ?? []).flatMap((role) => ["--role", role]),
      "--domain-name",
      config.domainName ?? "",
      "--service-name",
      config.serviceName ?? "",
      "--seed",
      "5",
      "--max-examples",
      "5",
      "--timeout",
      "2000",
    ],
    env: {
      CMS_CLIENT_ID: config.clientId ?? "",
      CMS_TOKEN: config.token ?? "",
      CMS_RESTRICTED_TOKEN: config.restrictedToken ?? "",
    },
  };
}

describe("a target killed mid-run", { timeout: WHOLE_RUN_TIMEOUT_MS }, () => {
  it("ends in errors, never failures: exit 2 in one sentence, every report written, the run stopped early and says why", async () => {
    const { proxy, config } = await behindProxy({ dieAfter: 400 });
    const { args, env } = targetArgs(config);
    const { code, stdout, stderr, files, report, outDir } = await cliRun([...args, "--shard", "1/1"], env);
    await proxy.close();
    console.info(
      `killed after 400 requests: exit ${code}, ${report?.summary.errors} errors, ${report?.summary.failed} failures (${report?.results.filter((result) => result.outcome === "failed" && result.level === "MUST").length} MUST), ${report?.summary.passed} passed, ${report?.meta.requestCount} requests sent, ${proxy.requests()} reached the proxy`,
    );
    expect(proxy.dead()).toBe(true);
    // The target died: nobody is at fault yet (issue 48.5), and the sentence names how many and the first cause.
    expect(code).toBe(2);
    expect(stderr).toMatch(
      new RegExp(
        `^cms-conformance run: no verdict failed, but the run could not judge everything: ${report?.summary.errors} verdicts could not be judged \\(errors\\); the first, `,
      ),
    );
    expect(Object.keys(files).sort()).toEqual(["index.html", "junit.xml", "report.json"]);
    expect(
      report?.results
        .filter((result) => result.outcome === "failed")
        .map((result) => `${result.checkId} [${result.operation}]: ${result.message.slice(0, 200)}`),
    ).toEqual([]);
    expect(report?.summary.errors).toBeGreaterThan(0);
    expect(report?.meta.notes.join("\n")).toMatch(
      /The run stopped early: the target stopped answering at .+ after 5 consecutive transport failures/,
    );
    expect(stdout).toMatch(/stopped answering at/);
    // Its report validates against its own schema (transport failure kinds "stopped", "connection-reset"…),
    // so that merge combines the shards of a CI run that met infrastructure trouble.
    expect(validateRunReport(report)).toEqual([]);
    const merged = mkdtempSync(join(tmpdir(), "cms-merged-"));
    let mergeErr = "";
    const mergeCode = await mergeCommand(["--out", merged, outDir], {
      stdout: { write: () => undefined },
      stderr: { write: (text: string) => (mergeErr += text) },
      readStdin: async () => "",
    });
    expect({ mergeCode, mergeErr }).toEqual({
      mergeCode: 2,
      mergeErr: expect.stringMatching(
        /^cms-conformance merge: no verdict failed, but the run could not judge everything: /,
      ),
    });
    // The breaker spares the dead target: after 5 consecutive transport failures nothing more is sent but the
    // requests in flight beside them (up to --max-concurrency, each reset one sent again once on a new connection);
    // the checks' remaining requests are "stopped", never sent one by one.
    expect(report?.meta.requestCount).toBeLessThanOrEqual(400 + 5 + 2 * RUN_DEFAULTS.maxConcurrency);
  });
});

describe("odd but legal answers", { timeout: WHOLE_RUN_TIMEOUT_MS }, () => {
  it("every body gzipped unasked and a 100 Continue before every answer: the reference still passes", async () => {
    const { proxy, config } = await behindProxy({ gzip: true, interim100: true });
    const report = await runInProcess(config, { maxExamples: 5 });
    await proxy.close();
    expect(unexpected(report)).toEqual([]);
    expect(report.verdict).toBe("pass");
    // The exchanges it shows carry decodedFrom: "gzip", which the report schema holds.
    expect(validateRunReport(JSON.parse(JSON.stringify(report)))).toEqual([]);
  });
});

describe("client ids the target's data or the suite's words contain", { timeout: WHOLE_RUN_TIMEOUT_MS }, () => {
  it('a client id "platform", which the reference\'s own data holds ("platform.cms…"), gives no false failure', async () => {
    const { proxy, config } = await behindProxy({ clientId: "platform" });
    const report = await runInProcess(config, { maxExamples: 5 });
    await proxy.close();
    expect(unexpected(report)).toEqual([]);
  });

  it('a client id "wrong" leaves the suite\'s check names intact in every output', async () => {
    const { proxy, config } = await behindProxy({ clientId: "wrong" });
    const { args, env } = targetArgs(config);
    const { stdout, files, report } = await cliRun(
      [...args, "--checks", "errors.wrong-type-400,auth.missing-client-id-refused"],
      env,
    );
    await proxy.close();
    expect(report?.results.map((result) => result.checkId)).toContain("errors.wrong-type-400");
    for (const [name, text] of Object.entries(files)) expect(text, name).toContain("errors.wrong-type-400");
    for (const [name, text] of [["console", stdout], ...Object.entries(files)] as const) {
      expect(text, name).not.toContain("errors.$CMS_CLIENT_ID");
      expect(text, name).not.toContain("[REDACTED]-type");
    }
    // …while the header that carried it is still redacted.
    const headers = report?.results
      .flatMap((result) => result.evidence.map((item) => item.exchange.request.headers["client_id"]))
      .filter(Boolean);
    expect(new Set(headers)).toEqual(new Set(["$CMS_CLIENT_ID"]));
  });

  it("a client id of 1 to 3 characters never appears as a whole header value or a whole JSON string in any output", async () => {
    for (const configured of ["q", "ab", " x7z "]) {
      const clientId = configured.trim();
      const { proxy, config } = await behindProxy({ clientId: configured }); // surrounding spaces too
      const { args, env } = targetArgs(config);
      const { stdout, files, report } = await cliRun(
        [...args, "--checks", "auth.*,http.valid-request-ok", "--operation", "getWidget"],
        { ...env, CMS_CLIENT_ID: configured },
      );
      await proxy.close();
      expect(report?.summary.passed).toBeGreaterThan(0); // the run did send it, and got answers
      // As a header value (console, curl, HTML table, JSON report) or as a whole JSON string inside a recorded body (escaped in report.json and junit, HTML-escaped in index.html).
      const whole = new RegExp(
        `client_id: *${clientId} *(\\n|$|"|')|"client_id": *" *${clientId} *"|<td> *${clientId} *</td>|\\\\" *${clientId} *\\\\"|&quot; *${clientId} *&quot;`,
        "m",
      );
      for (const [name, text] of [["console", stdout], ...Object.entries(files)] as const) {
        const found = whole.exec(text);
        expect(
          found && text.slice(Math.max(0, found.index - 80), found.index + 40),
          `${clientId} in ${name}`,
        ).toBeNull();
      }
    }
  });
});

/** Each verdict as check × operation → outcome, sorted: what two runs must agree on. */
const verdicts = (report: RunReport | undefined): string[] =>
  (report?.results ?? []).map((result) => `${result.checkId} × ${result.operation} → ${result.outcome}`).sort();

describe("availability is not conformance (issue 48.4)", { timeout: WHOLE_RUN_TIMEOUT_MS }, () => {
  it("a server shedding load (503 + Retry-After above 12 requests in flight): exit 0, the verdicts of the run without shedding", async () => {
    const plain = await behindProxy({ holdMs: 20 });
    const { args, env } = targetArgs(plain.config);
    const without = await cliRun(args, env);
    await plain.proxy.close();
    const shedding = await behindProxy({ holdMs: 20, shedAbove: 12 });
    const withShedding = await cliRun(targetArgs(shedding.config).args, env);
    await shedding.proxy.close();
    console.info(
      `shedding: ${shedding.proxy.shed()} answers of 503 out of ${shedding.proxy.requests()} requests; exit ${withShedding.code}`,
    );
    expect(without.code).toBe(0);
    expect(shedding.proxy.shed()).toBeGreaterThan(0);
    expect(unexpected(withShedding.report as RunReport)).toEqual([]);
    expect(withShedding.code).toBe(0);
    expect(verdicts(withShedding.report)).toEqual(verdicts(without.report));
    expect(withShedding.report?.meta.notes.join("\n")).toMatch(
      /The target was not available for a while: it answered 503 \d+ times?; each such answer was waited out/,
    );
  });

  it.each([502, 504] as const)(
    "a load balancer with one bad node in four answering %s: each is sent again, and the reference passes",
    async (badNodeStatus) => {
      const { proxy, config } = await behindProxy({ badNodeEvery: 4, badNodeStatus });
      const report = await runInProcess(config, { maxExamples: 5 });
      await proxy.close();
      expect(unexpected(report)).toEqual([]);
      expect(report.meta.notes.join("\n")).toMatch(new RegExp(`it answered ${badNodeStatus} \\d+ times?`));
    },
  );

  it("a 429 storm on getWidget alone (its quota spent for an hour): its verdicts are errors naming the cause, the other operations are judged, the run goes on", async () => {
    const { proxy, config } = await behindProxy({ storm: { path: "/getWidget", status: 429, retryAfter: "3600" } });
    const report = await runInProcess(config, { maxExamples: 5 });
    await proxy.close();
    const errored = report.results.filter((result) => result.outcome === "error");
    expect(errored.length).toBeGreaterThan(0);
    expect([...new Set(errored.map((result) => result.operation))]).toEqual(["getWidget"]);
    expect(errored.map((result) => result.message).join("\n")).toMatch(/429 \(rate limited\)/);
    expect(
      report.results.filter(
        (result) => result.operation !== "getWidget" && !["passed", "skipped"].includes(result.outcome),
      ),
    ).toEqual([]);
    expect(
      report.results.filter((result) => result.operation !== "getWidget" && result.outcome === "passed").length,
    ).toBeGreaterThan(20);
    expect(report.meta.notes.join("\n")).not.toMatch(/The run stopped early/);
  });
});

describe("one operation whose every answer is cut off (issue 23.2)", { timeout: WHOLE_RUN_TIMEOUT_MS }, () => {
  it("leaves the other operations judged: only getWidget's verdicts are errors, and the run does not stop", async () => {
    const { proxy, config } = await behindProxy({ resetPath: "/getWidget" });
    const report = await runInProcess(config, { maxExamples: 5 });
    await proxy.close();
    const errored = report.results.filter((result) => result.outcome === "error");
    expect(errored.length).toBeGreaterThan(0);
    expect([...new Set(errored.map((result) => result.operation))]).toEqual(["getWidget"]);
    expect(
      report.results.filter(
        (result) => result.operation !== "getWidget" && !["passed", "skipped"].includes(result.outcome),
      ),
    ).toEqual([]);
    expect(report.meta.notes.join("\n")).not.toMatch(/The run stopped early/);
  });
});

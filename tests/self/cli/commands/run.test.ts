/** `cms-conformance run` and `list-checks` through the installed bin: exit codes, reports, secrets. */
import { execFile } from "node:child_process";
import { mkdtempSync, readFileSync, readdirSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { promisify } from "node:util";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startReferenceServer, type RunningReferenceServer } from "../../../../reference/startReferenceServer.js";
import { validateRunReport } from "../../../../reports/validateRunReport.js";
import { unusedBaseUrl } from "../../../../reference/transport/hostileTarget.js";
import { runCli } from "../cliInProcess.js";
import { compiledEntry } from "../../../../bin/compiledBuild.mjs";
import {
  FIRST_REQUEST_FILE_VARIABLE,
  type FirstRequestMark,
} from "../../../../runner/execute/vitest/firstRequestProbe.js";

const BIN = new URL("../../../../bin/cms-conformance.mjs", import.meta.url).pathname;
const run = promisify(execFile);

/** Runs the bin; resolves with code, stdout and stderr whatever the exit code. */
async function cli(args: string[], env: NodeJS.ProcessEnv = {}) {
  try {
    const { stdout, stderr } = await run(process.execPath, [BIN, ...args], {
      env: { ...process.env, NO_COLOR: "1", ...env },
      maxBuffer: 32 * 1024 * 1024,
    });
    return { code: 0, stdout, stderr };
  } catch (error) {
    const failed = error as { code: number; stdout: string; stderr: string };
    return { code: failed.code, stdout: failed.stdout, stderr: failed.stderr };
  }
}

describe("cms-conformance run", () => {
  let server: RunningReferenceServer;
  beforeAll(async () => {
    server = await startReferenceServer({ seed: 11 });
  });
  afterAll(() => server.close());

  const targetEnv = () => ({
    CMS_CLIENT_ID: server.credentials.clientId,
    CMS_TOKEN: server.credentials.token,
    CMS_RESTRICTED_TOKEN: server.credentials.restrictedToken,
  });
  const fixtureArgs = () => [
    ...server.fixtures.analyticIds.slice(0, 5).flatMap((id) => ["--analytic-id", id]),
    ...server.fixtures.roles.flatMap((role) => ["--role", role]),
    "--domain-name",
    server.fixtures.domainName,
    "--service-name",
    server.fixtures.serviceName,
  ];

  it("exits 0 against a conforming target, writes the three reports, and leaks no secret", async () => {
    const out = mkdtempSync(join(tmpdir(), "cms-run-"));
    const result = await cli(
      ["run", "--base-url", server.baseUrl, ...fixtureArgs(), "--max-examples", "5", "--seed", "9", "--out", out],
      targetEnv(),
    );
    expect(result.stderr).toBe("");
    expect(result.code).toBe(0);
    expect(readdirSync(out).sort()).toEqual(["index.html", "junit.xml", "report.json"]);
    const report: unknown = JSON.parse(readFileSync(join(out, "report.json"), "utf8"));
    expect(validateRunReport(report)).toEqual([]);
    expect((report as { meta: { requestCount: number; seed: number } }).meta.requestCount).toBeGreaterThan(100);
    expect((report as { meta: { seed: number } }).meta.seed).toBe(9);
    const outputs = [result.stdout, ...readdirSync(out).map((name) => readFileSync(join(out, name), "utf8"))];
    for (const secret of Object.values(server.credentials))
      for (const text of outputs) expect(text.includes(secret)).toBe(false);
    expect(result.stdout).toMatch(/PASS/);
    expect(result.stdout).not.toMatch(/verdicts selected/);
  });

  it("has the worker load the compiled checks when the bin runs compiled (dist/ current, as npm test builds it)", async () => {
    expect(
      compiledEntry(new URL("../../../../", import.meta.url).pathname),
      "dist/ is stale: npm run build",
    ).toBeDefined();
    const out = mkdtempSync(join(tmpdir(), "cms-run-"));
    try {
      const file = join(out, "first.json");
      const result = await cli(
        [
          "run",
          "--base-url",
          server.baseUrl,
          ...fixtureArgs(),
          "--max-examples",
          "1",
          "--checks",
          "schema.response-body",
        ].concat(["--out", join(out, "reports")]),
        { ...targetEnv(), [FIRST_REQUEST_FILE_VARIABLE]: file },
      );
      expect(result.code, result.stderr).toBe(0);
      expect((JSON.parse(readFileSync(file, "utf8")) as FirstRequestMark).checksCompiled).toBe(true);
    } finally {
      rmSync(out, { recursive: true, force: true });
    }
  });

  it("carries the sampling of --max-pages from the vitest worker into report.json and the console", async () => {
    const out = mkdtempSync(join(tmpdir(), "cms-run-"));
    const args = [
      "run",
      "--base-url",
      server.baseUrl,
      ...fixtureArgs(),
      "--checks",
      "pagination.walk-covers-all",
      "--operation",
      "listFactoryDefaultWidgets",
      "--max-pages",
      "2",
      "--seed",
      "3",
      "--out",
      out,
      "--format",
      "json",
    ];
    const result = await cli(args, targetEnv());
    expect(result.code).toBe(0);
    const report = JSON.parse(readFileSync(join(out, "report.json"), "utf8")) as {
      meta: { sampling: string[]; gateFailures: string[] };
    };
    expect(validateRunReport(report)).toEqual([]);
    expect(report.meta.sampling).toEqual([
      expect.stringMatching(/^listFactoryDefaultWidgets: \d+ listing walks? stopped at --max-pages 2 \(pageSize 7;/),
    ]);
    expect(report.meta.gateFailures).toEqual([]);
    expect(result.stdout).toContain("Sampling (listing walks stopped at a page bound)");
  });

  it("exits 1 against a faulty target and names the failing check", async () => {
    const out = mkdtempSync(join(tmpdir(), "cms-run-"));
    const result = await cli(
      [
        "run",
        "--base-url",
        server.faultBaseUrl("pagination-default-20"),
        ...fixtureArgs(),
        "--checks",
        "pagination.*",
        "--out",
        out,
        "--seed",
        "1",
      ],
      targetEnv(),
    );
    expect(result.code).toBe(1);
    expect(result.stdout).toContain("pagination.default-first-10");
  });

  it("exits 2 with one sentence when nothing listens at the base URL", async () => {
    const result = await cli(["run", "--base-url", await unusedBaseUrl()], targetEnv());
    expect(result.code).toBe(2);
    expect(result.stderr.trim().split("\n")).toHaveLength(1);
    expect(result.stderr).toMatch(/cannot be reached/);
  });

  it.each([
    [["run", "--profile", "lenient"], /--profile takes default or strict, not "lenient"/],
    [["run", "--checks", "no.such-check", "--base-url", "http://127.0.0.1:9"], /unknown check id "no.such-check"/],
    [["run", "--max-examples", "many"], /--max-examples takes a whole number/],
    [["run", "--base-url", "ftp://example.com"], /--base-url takes an http:\/\/ or https:\/\/ URL/],
    [["run", "--config", "/nonexistent/cms.json"], /cannot read the config file/],
  ])("exits 2 on %j", async (args, message) => {
    // In process: what the bin adds to main (its exit code) the other tests of this file show; a process each costs 1 s of CPU.
    const result = await runCli(args, { ...process.env, NO_COLOR: "1", ...targetEnv() });
    expect(result.code).toBe(2);
    expect(result.stderr).toMatch(message);
  });

  it("explains every option in --help, with its default", async () => {
    const result = await cli(["run", "--help"]);
    expect(result.code).toBe(0);
    for (const option of [
      "--base-url",
      "--client-id",
      "--token",
      "--restricted-token",
      "--analytic-id",
      "--role",
      "--domain-name",
      "--service-name",
      "--profile",
      "--checks",
      "--exclude-checks",
      "--max-examples",
      "--seed",
      "--timeout",
      "--concurrency",
      "--rate-limit",
      "--out",
      "--config",
      "--waivers",
    ]) {
      expect(result.stdout).toContain(option);
    }
    expect(result.stdout).toMatch(/--timeout DURATION [^-]*Default: 10s\./);
  });
});

describe("cms-conformance list-checks", () => {
  it("prints every check with its level and sections", async () => {
    const result = await cli(["list-checks"]);
    expect(result.code).toBe(0);
    expect(result.stdout).toMatch(/pagination\.default-first-10 +MUST +§4\.1, §4\.2, §8/);
    expect(result.stdout).toMatch(/\d+ checks, \d+ check × operation verdicts/);
  });
});

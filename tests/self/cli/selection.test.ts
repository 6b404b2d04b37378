/**
 * No silent pass (issue 13.8): a selection that matches no verdict is a usage error, a partial
 * run says so in the console verdict and in report.json, and a waived failure shows as waived
 * on the console, never as a failure (issue 13.10).
 */
import { mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startReferenceServer, type RunningReferenceServer } from "../../../reference/startReferenceServer.js";
import { executeInProcess } from "../../../checks/executeInProcess.js";
import type { RunReport } from "../../../runner/model/RunReport.js";
import { CHECK_CATALOGUE } from "../../../checks/checkCatalogue.js";
import { runCli, runWith } from "./cliInProcess.js";

const TOTAL_VERDICTS = CHECK_CATALOGUE.select([], []).length;

function targetOf(server: RunningReferenceServer) {
  const { clientId, token, restrictedToken } = server.credentials;
  const { analyticIds, roles, domainName, serviceName } = server.fixtures;
  return {
    CMS_BASE_URL: server.baseUrl,
    CMS_CLIENT_ID: clientId,
    CMS_TOKEN: token,
    CMS_RESTRICTED_TOKEN: restrictedToken,
    CMS_ANALYTIC_IDS: analyticIds.join(","),
    CMS_ROLES: roles.join(","),
    CMS_DOMAIN_NAME: domainName,
    CMS_SERVICE_NAME: serviceName,
  };
}

describe("a selection", () => {
  let server: RunningReferenceServer;
  beforeAll(async () => {
    server = await startReferenceServer({ seed: 6 });
  });
  afterAll(() => server.close());

  it.each([
    [
      ["--checks", "analytics.*", "--operation", "getWidget"],
      /the selection --checks analytics\.\* --operation getWidget matches no verdict/,
    ],
    [["--exclude-checks", "*"], /the selection --exclude-checks \* matches no verdict/],
    [["-c", "nosuchfamily.*"], /the selection --checks nosuchfamily\.\* matches no verdict/],
  ])("%j is a usage error, not a pass of nothing", async (args, message) => {
    const result = await runCli(
      ["run", ...args, "--out", mkdtempSync(join(tmpdir(), "cms-selection-"))],
      targetOf(server),
    );
    expect(result.code).toBe(2);
    expect(result.stderr).toMatch(message);
    expect(result.stdout).toBe("");
  });

  it("refuses --max-examples 0, which would pass every property without a request", async () => {
    const result = await runCli(["run", "--max-examples", "0"], targetOf(server));
    expect(result.code).toBe(2);
    expect(result.stderr).toMatch(/--max-examples takes a whole number from 1 to 10000, not "0"/);
  });

  it("that is partial says so in the console verdict and records itself in report.json", async () => {
    const out = mkdtempSync(join(tmpdir(), "cms-selection-"));
    const result = await runWith(
      ["--checks", "pagination.default-first-10", "--seed", "4", "--out", out, "--format", "json"],
      targetOf(server),
      { executor: executeInProcess },
    );
    expect(result.stderr).toBe("");
    expect(result.code).toBe(0);
    expect(result.stdout).toMatch(new RegExp(`PASS +— 2 of ${TOTAL_VERDICTS} verdicts selected: 2 passed`));
    const report = JSON.parse(readFileSync(join(out, "report.json"), "utf8")) as RunReport;
    expect(report.meta.selection).toEqual({
      selectedVerdicts: 2,
      totalVerdicts: TOTAL_VERDICTS,
      checks: ["pagination.default-first-10"],
      excludeChecks: [],
      operations: [],
    });
  });
});

describe("a waived failure on the console", () => {
  let faulty: RunningReferenceServer;
  beforeAll(async () => {
    faulty = await startReferenceServer({ seed: 2, fault: "pie-two-series" });
  });
  afterAll(() => faulty.close());

  it("prints as waived, with its reason, and never as ✗ FAIL", async () => {
    const dir = mkdtempSync(join(tmpdir(), "cms-waived-"));
    const waivers = join(dir, "waivers.json");
    writeFileSync(
      waivers,
      JSON.stringify({
        waivers: [
          {
            checkId: "analytics.pie-single-series",
            operation: "getAnalytic",
            reason: "VEND-12 agreed",
            expires: "2026-12-31",
          },
        ],
      }),
    );
    const args = [
      "--checks",
      "analytics.pie-single-series",
      "--waivers",
      waivers,
      "--seed",
      "1",
      "--out",
      join(dir, "out"),
      "--format",
      "json",
    ];
    const result = await runWith(args, targetOf(faulty), { executor: executeInProcess, today: "2026-11-22" });
    expect(result.code).toBe(0);
    expect(result.stdout).toMatch(
      /~ WAIVED getAnalytic analytics\.pie-single-series — Waived until 2026-12-31: VEND-12 agreed/,
    );
    expect(result.stdout).not.toMatch(/✗ FAIL/);
  });
});

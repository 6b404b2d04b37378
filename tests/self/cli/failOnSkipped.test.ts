/**
 * Skips are visible (issue 23.7): the console lists every skipped verdict with its reason, which
 * says what to give, and --fail-on-skipped makes a skip fail the gate (one gate failure per skip in
 * every report; exit 2 with one sentence when no verdict failed: the target is not at fault, issue 48.5). The reference is run without the restricted user's token, so the
 * permission checks that need it are skipped.
 */
import { mkdtempSync, readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startReferenceServer, type RunningReferenceServer } from "../../../reference/startReferenceServer.js";
import type { RunReport } from "../../../runner/model/RunReport.js";
import { runCli } from "./cliInProcess.js";

let server: RunningReferenceServer;
beforeAll(async () => {
  server = await startReferenceServer({ seed: 4 });
});
afterAll(() => server.close());

async function runWithoutRestrictedToken(extra: readonly string[]) {
  const out = mkdtempSync(join(tmpdir(), "cms-skips-"));
  const result = await runCli(
    ["run", "--base-url", server.baseUrl, "--checks", "permissions.*", "--seed", "3", "--out", out, ...extra],
    { NO_COLOR: "1", CMS_CLIENT_ID: server.credentials.clientId, CMS_TOKEN: server.credentials.token },
  );
  const report = JSON.parse(readFileSync(join(out, "report.json"), "utf8")) as RunReport;
  return { ...result, report };
}

describe("skipped verdicts", () => {
  it("are each listed on the console with the reason, which names what to give; the run still passes", async () => {
    const { code, stdout, report } = await runWithoutRestrictedToken([]);
    const skipped = report.results.filter((result) => result.outcome === "skipped");
    expect(skipped.length).toBeGreaterThan(0);
    expect(code).toBe(0);
    expect(stdout).toContain(
      `Skipped: ${skipped.length} verdict(s) not judged (--fail-on-skipped makes them fail the gate)`,
    );
    for (const result of skipped) {
      const line = stdout.split("\n").find((text) => text.includes(`${result.operation} ${result.checkId} — `));
      expect(line, `${result.checkId} on ${result.operation}`).toMatch(/--restricted-token or CMS_RESTRICTED_TOKEN/);
    }
    expect(report.meta.gateFailures).toEqual([]);
  });

  it("fail the gate with --fail-on-skipped: one gate failure per skip, exit 2 in one sentence since nothing failed", async () => {
    const { code, stdout, stderr, report } = await runWithoutRestrictedToken(["--fail-on-skipped"]);
    const skipped = report.results.filter((result) => result.outcome === "skipped");
    expect(report.summary.failed).toBe(0);
    expect(code).toBe(2);
    const first = skipped[0] as (typeof skipped)[number];
    expect(
      stderr.startsWith(
        `cms-conformance run: no verdict failed, but the run could not judge everything: ${skipped.length} gate ` +
          `failures besides the verdicts; the first: skipped (--fail-on-skipped): ${first.checkId} on ${first.operation}: ` +
          `${(first.skipReason ?? "").slice(0, 40)}`,
      ),
      stderr,
    ).toBe(true);
    expect(stderr).toMatch(/ \(exit 2: not a failure of the target; the report lists each\)\n$/);
    expect(report.verdict).toBe("fail");
    expect(report.meta.gateFailures).toEqual(
      skipped.map(
        (result) =>
          `skipped (--fail-on-skipped): ${result.checkId} on ${result.operation}: ${result.skipReason ?? result.message}`,
      ),
    );
    expect(stdout).toContain("(they fail the gate: --fail-on-skipped)");
  });
});

describe("unverified permission verdicts (issues 22.2, 44.4)", () => {
  /** A target whose restricted user sees everything (the fault every-permission-ignored), run without any fact. */
  async function runWithoutFacts(extra: readonly string[]) {
    const out = mkdtempSync(join(tmpdir(), "cms-unverified-"));
    const result = await runCli(
      [
        "run",
        "--base-url",
        server.faultBaseUrl("every-permission-ignored"),
        "--checks",
        "permissions.*",
        "--seed",
        "3",
        "--out",
        out,
        ...extra,
      ],
      {
        NO_COLOR: "1",
        CMS_CLIENT_ID: server.credentials.clientId,
        CMS_TOKEN: server.credentials.token,
        CMS_RESTRICTED_TOKEN: server.credentials.restrictedToken,
      },
    );
    return { ...result, report: JSON.parse(readFileSync(join(out, "report.json"), "utf8")) as RunReport };
  }

  it("are errors, not failures: exit 2 in one sentence naming --restricted-sees-all and the facts (issue 48)", async () => {
    const { code, stderr, report } = await runWithoutFacts([]);
    const unverified = report.results.filter((result) => result.message.startsWith("unverified"));
    expect(unverified.map((result) => `${result.checkId} ${result.operation} ${result.outcome}`).sort()).toEqual([
      "permissions.forbidden-resource-403 getWidget error",
      "permissions.listing-facts listFactoryDefaultWidgets error",
      "permissions.listing-facts listLandingPages error",
    ]);
    for (const result of unverified)
      expect(result.message).toMatch(
        /^unverified, could not judge: .* give --.*, or --restricted-sees-all if it may see everything\./,
      );
    expect(report.summary.failed).toBe(0);
    expect(code).toBe(2);
    const first = report.results.find((result) => result.outcome === "error");
    expect(`${first?.checkId} ${first?.operation}`).toBe("permissions.forbidden-resource-403 getWidget");
    expect(stderr).toMatch(
      /^cms-conformance run: no verdict failed, but the run could not judge everything: 3 verdicts could not be judged \(errors\); the first, permissions\.forbidden-resource-403 on getWidget: unverified, could not judge: .*give --forbidden-widget, or --restricted-sees-all if it may see everything \(exit 2: not a failure of the target; the report lists each\)\n$/,
    );
    // --fail-on-unverified, kept for older configurations, has nothing left to add.
    const old = await runWithoutFacts(["--fail-on-unverified"]);
    expect(old.code).toBe(2);
    expect(old.report.meta.gateFailures).toEqual([]);
  });

  it("pass with --restricted-sees-all, which declares that the restricted user may see everything", async () => {
    const { code, report } = await runWithoutFacts(["--restricted-sees-all"]);
    expect(code).toBe(0);
    const facts = report.results.filter((result) => result.checkId === "permissions.listing-facts");
    expect(facts.map((result) => result.outcome)).toEqual(["passed", "passed"]);
    expect(facts[0]?.message).toMatch(/as --restricted-sees-all declares\.$/);
  });
});

/** --waivers in a real run: a waived failure passes the gate in every report; an expired one fails it. */
import { mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { exitOfGate } from "../../../cli/exitOfGate.js";
import { ConsoleReporter } from "../../../reports/console/ConsoleReporter.js";
import { writeReports } from "../../../reports/writeReports.js";
import { startReferenceServer, type RunningReferenceServer } from "../../../reference/startReferenceServer.js";
import { executeInProcess } from "../../../checks/executeInProcess.js";
import { runConformance } from "../../../runner/runConformance.js";
import { resolveRunSettings } from "../../../runner/settings/resolveRunSettings.js";
import { referenceRunConfig } from "../../../reference/referenceRunConfig.js";
import { CHECK_CATALOGUE } from "../../../checks/checkCatalogue.js";

describe("waivers in a run", () => {
  let server: RunningReferenceServer;
  beforeAll(async () => {
    server = await startReferenceServer({ seed: 2, fault: "pie-two-series" });
  });
  afterAll(() => server.close());

  async function runWith(expires: string, otherWaivers: readonly object[] = []) {
    const dir = mkdtempSync(join(tmpdir(), "cms-waivers-"));
    const file = join(dir, "waivers.json");
    writeFileSync(
      file,
      JSON.stringify({
        waivers: [
          { checkId: "analytics.pie-single-series", operation: "getAnalytic", reason: "VEND-12 agreed", expires },
          ...otherWaivers,
        ],
      }),
    );
    const settings = resolveRunSettings([
      referenceRunConfig(server),
      { seed: 1, checks: ["analytics.pie-single-series"] },
    ]);
    let consoleText = "";
    const console = new ConsoleReporter({ stream: { write: (text: string) => (consoleText += text) }, color: false });
    const report = await runConformance({
      settings,
      catalogue: CHECK_CATALOGUE,
      observer: console,
      executor: executeInProcess,
      waiversFile: file,
      today: "2026-11-22",
    });
    const paths = await writeReports(report, { outDir: join(dir, "out") });
    console.onRunEnd(report, paths);
    let stderr = "";
    const exitCode = exitOfGate(report, "run", { stderr: { write: (text: string) => (stderr += text) } });
    const outcome = { report, exitCode, stderr };
    return {
      outcome,
      consoleText,
      junit: readFileSync(join(dir, "out", "junit.xml"), "utf8"),
      html: readFileSync(join(dir, "out", "index.html"), "utf8"),
    };
  }

  it("turns the matching failure into waived, which passes the gate and shows in every report", async () => {
    const { outcome, junit, html } = await runWith("2026-12-31");
    expect(outcome.exitCode).toBe(0);
    expect(outcome.report.results.map((result) => result.outcome)).toEqual(["waived"]);
    expect(outcome.report.results[0]?.waiver?.reason).toBe("VEND-12 agreed");
    expect(junit).toMatch(/waived/i);
    expect(html).toMatch(/waived/i);
  });

  it("fails the gate when the waiver has expired, leaving the failure a failure", async () => {
    const { outcome, junit, html } = await runWith("2026-11-01");
    expect(outcome.exitCode).toBe(1);
    expect(outcome.report.results.map((result) => result.outcome)).toEqual(["failed"]);
    expect(outcome.report.meta.gateFailures).toEqual([
      "expired waiver: analytics.pie-single-series on getAnalytic (expired 2026-11-01)",
    ]);
    expect(outcome.report.meta.sampling).toEqual([]);
    expect(outcome.report.meta.notes).toEqual([]);
    expect(junit).toContain('classname="cms-conformance.gate"');
    expect(html).toContain("Gate failures");
  });

  it("lists a waiver that excused nothing under meta.notes, which does not fail the gate", async () => {
    const { outcome, html } = await runWith("2026-12-31", [
      { checkId: "http.no-server-error", operation: "getWidget", reason: "VEND-13", expires: "2026-12-31" },
    ]);
    expect(outcome.exitCode).toBe(0);
    expect(outcome.report.meta.notes).toEqual(["unused waiver: http.no-server-error on getWidget"]);
    expect(outcome.report.meta.gateFailures).toEqual([]);
    expect(html).toContain("unused waiver: http.no-server-error on getWidget");
  });
});

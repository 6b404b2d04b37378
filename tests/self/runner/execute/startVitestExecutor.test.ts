/**
 * The CLI's vitest, started before the run is known (issue 28.4): the worker loads the checks and waits;
 * the run comes later, or never (dispose ends it unused).
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { referenceRunConfig } from "../../../../reference/referenceRunConfig.js";
import { startReferenceServer, type RunningReferenceServer } from "../../../../reference/startReferenceServer.js";
import { startVitestExecutor } from "../../../../runner/execute/executeWithVitest.js";
import { planRun } from "../../../../runner/planRun.js";
import { resolveRunSettings } from "../../../../runner/settings/resolveRunSettings.js";
import { CHECK_CATALOGUE } from "../../../../checks/checkCatalogue.js";

let server: RunningReferenceServer;
beforeAll(async () => {
  server = await startReferenceServer({ seed: 3 });
});
afterAll(() => server.close());

describe("startVitestExecutor", () => {
  it("runs what is handed over once the worker has loaded the checks and waits", async () => {
    const started = await startVitestExecutor();
    try {
      // Long enough for the worker to start, load the checks and wait for the run.
      await new Promise((resolve) => setTimeout(resolve, 1_500));
      const settings = resolveRunSettings([referenceRunConfig(server), { seed: 4, maxExamples: 2 }]);
      const planned = planRun(settings, CHECK_CATALOGUE).filter(({ check }) => check.id === "schema.response-body");
      const seen: string[] = [];
      const execution = await started.execute(settings, planned.slice(0, 2), (result) => seen.push(result.checkId));
      expect(execution.runErrors).toEqual([]);
      expect(execution.results.map((result) => `${result.checkId} ${result.operation}`).sort()).toEqual(
        planned
          .slice(0, 2)
          .map(({ check, operation }) => `${check.id} ${operation}`)
          .sort(),
      );
      expect(seen).toEqual(["schema.response-body", "schema.response-body"]);
      expect(process.exitCode).toBeUndefined();
      await expect(started.execute(settings, planned, () => undefined)).rejects.toThrow(/has run already/);
    } finally {
      await started.dispose();
    }
  });

  it("takes vitest's SIGINT and SIGTERM listeners away, and leaves those that were there", async () => {
    // vitest's logger would end the process on the first SIGINT; the CLI stops the run and writes its reports.
    const mine = () => undefined;
    process.on("SIGINT", mine);
    const before = { SIGINT: process.listeners("SIGINT"), SIGTERM: process.listeners("SIGTERM") };
    const started = await startVitestExecutor();
    try {
      expect(process.listeners("SIGINT")).toEqual(before.SIGINT);
      expect(process.listeners("SIGTERM")).toEqual(before.SIGTERM);
      expect(process.listeners("SIGINT")).toContain(mine);
    } finally {
      await started.dispose();
      process.off("SIGINT", mine);
    }
  });

  it("ends unused when the run never comes; it cannot run afterwards", async () => {
    const started = await startVitestExecutor();
    await new Promise((resolve) => setTimeout(resolve, 300));
    // Closing vitest ends the waiting worker: no run, no wait for one (a dispose that waited would never end,
    // and the test would fail at its timeout; how fast it ends is the machine's business, not this test's).
    await started.dispose();
    // vitest's ended run (a file without tests) leaves the process's exit code as it was.
    expect(process.exitCode).toBeUndefined();
    const settings = resolveRunSettings([referenceRunConfig(server), { seed: 4, maxExamples: 1 }]);
    await expect(started.execute(settings, [], () => undefined)).rejects.toThrow(/has run already/);
  });
});

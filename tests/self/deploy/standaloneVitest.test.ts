/**
 * `vitest --project conformance` without the CLI (README): vitest.config.ts's conformance project plans the
 * run from CMS_* variables in its globalSetup and provides it, and the test file runs it without a hand-over.
 */
import { execFile } from "node:child_process";
import { fileURLToPath } from "node:url";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startReferenceServer, type RunningReferenceServer } from "../../../reference/startReferenceServer.js";
import { FAULT_CATALOGUE } from "../../../reference/faults/faultCatalogue.js";

const ROOT = fileURLToPath(new URL("../../../", import.meta.url));
const VITEST = `${ROOT}node_modules/vitest/vitest.mjs`;

/** Runs the conformance project in a child vitest against `baseUrl`; exit code and output. */
function runProject(server: RunningReferenceServer, baseUrl: string): Promise<{ code: number; output: string }> {
  const env = {
    ...process.env,
    NO_COLOR: "1",
    CMS_BASE_URL: baseUrl,
    CMS_CLIENT_ID: server.credentials.clientId,
    CMS_TOKEN: server.credentials.token,
    CMS_RESTRICTED_TOKEN: server.credentials.restrictedToken,
    CMS_ROLES: server.fixtures.roles.join(","),
    CMS_ANALYTIC_IDS: server.fixtures.analyticIds.join(","),
    CMS_SEED: "3",
  };
  return new Promise((resolve) => {
    execFile(
      process.execPath,
      [VITEST, "run", "--project", "conformance"],
      { cwd: ROOT, env, maxBuffer: 32 * 1024 * 1024, timeout: 120_000 },
      (error, stdout, stderr) =>
        resolve({ code: error ? ((error as { code?: number }).code ?? -1) : 0, output: stdout + stderr }),
    );
  });
}

describe("vitest --project conformance, without the CLI", () => {
  let server: RunningReferenceServer;
  beforeAll(async () => {
    server = await startReferenceServer({ seed: 3 });
  });
  afterAll(() => server.close());

  it("plans the run from the environment and passes the reference", async () => {
    const { code, output } = await runProject(server, server.baseUrl);
    expect(output).toMatch(/\b[1-9]\d* passed, 0 failed/);
    expect(code, output).toBe(0);
  }, 120_000);

  it("fails on a faulty target (exit 1)", async () => {
    const { code, output } = await runProject(server, server.faultBaseUrl(FAULT_CATALOGUE[0]!.name));
    // Checks ran and some failed: a project that could not run at all would fail too, with nothing passed.
    expect(output).toMatch(/\b[1-9]\d* passed, [1-9]\d* failed/);
    expect(code, output).toBe(1);
  }, 120_000);
});

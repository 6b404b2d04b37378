/**
 * Reproduce what the user typed (issue 41.4): the Reproduce line and each failure's replay line repeat
 * --config FILE, --token-command and environment references as given, add only the seed and the selection,
 * and stay short; a config is never expanded into flags, and no secret typed as a value is repeated.
 */
import { mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { configFileOf } from "../../../cli/configFileKeys.js";
import { executeInProcess } from "../../../checks/executeInProcess.js";
import { referenceRunConfig } from "../../../reference/referenceRunConfig.js";
import { startReferenceServer, type RunningReferenceServer } from "../../../reference/startReferenceServer.js";
import type { CheckExecutor } from "../../../runner/execute/CheckExecutor.js";
import type { CheckResult, RunReport } from "../../../runner/model/RunReport.js";
import { reproduceTypedCommand } from "../../../runner/report/reproduceTypedCommand.js";
import { runWith } from "./cliInProcess.js";

let server: RunningReferenceServer;
beforeAll(async () => {
  server = await startReferenceServer({ seed: 7 });
});
afterAll(() => server.close());

/** Runs the checks in process, each verdict turned into a failure (so that replay lines are printed). */
const failingEverything: CheckExecutor = async (settings, planned, onResult, signal) => {
  const failed = (result: CheckResult): CheckResult => ({ ...result, outcome: "failed" });
  const execution = await executeInProcess(settings, planned, (result) => onResult(failed(result)), signal);
  return { ...execution, results: execution.results.map(failed) };
};

describe("a run from --config FILE with --token-command", () => {
  it("reproduces as typed: --config FILE and the token command kept, the seed added, nothing expanded", async () => {
    const folder = mkdtempSync(join(tmpdir(), "cms-reproduce-"));
    const { token: _token, ...config } = referenceRunConfig(server);
    const file = join(folder, "cms.json");
    writeFileSync(file, JSON.stringify(configFileOf({ ...config })));
    const out = join(folder, "out");
    const result = await runWith(
      [
        ...["--config", file, "--token-command", `echo ${server.credentials.token}`],
        ...["--max-examples", "1", "--operation", "getRoleFilters", "--seed", "12", "--out", out],
      ],
      {},
      { executor: failingEverything },
    );
    expect(result.code).toBe(1);
    const expected = `cms-conformance run --config ${file} --token-command="$CMS_TOKEN_COMMAND" --max-examples 1 --operation getRoleFilters --seed 12`;
    const report = JSON.parse(readFileSync(join(out, "report.json"), "utf8")) as RunReport;
    expect(report.meta.commandLine).toBe(expected);
    expect(report.meta.commandLine.length).toBeLessThan(200);
    expect(result.stdout).toContain(`  Reproduce: ${expected}`);
    for (const id of config.analyticIds ?? []) expect(result.stdout).not.toContain(id);
    expect(result.stdout).not.toContain(server.credentials.token);
  });

  it("each failure's replay line is the typed line with the seed and that verdict's selection", async () => {
    const folder = mkdtempSync(join(tmpdir(), "cms-reproduce-"));
    const file = join(folder, "cms.json");
    writeFileSync(file, JSON.stringify(configFileOf({ ...referenceRunConfig(server) })));
    const result = await runWith(
      ["--config", file, "--max-examples", "1", "--max-failures", "1", "--seed", "9", "--out", join(folder, "out")],
      {},
      { executor: failingEverything },
    );
    const replays = result.stdout.split("\n").filter((line) => line.trimStart().startsWith("replay:"));
    expect(replays.length).toBeGreaterThan(0);
    for (const line of replays)
      expect(line.trim()).toMatch(
        new RegExp(
          `^replay: cms-conformance run --config ${file} --max-examples 1 --max-failures 1 --seed 9 --checks [a-z0-9.-]+ --operation [A-Za-z]+$`,
        ),
      );
  });
});

describe("a run whose base URL came from CMS_BASE_URL (issue 50.2)", () => {
  it('gives it as --base-url="$CMS_BASE_URL", so that the pasted line judges that target, not the bundled server', async () => {
    const folder = mkdtempSync(join(tmpdir(), "cms-reproduce-"));
    const { baseUrl, ...config } = referenceRunConfig(server);
    const file = join(folder, "cms.json");
    writeFileSync(file, JSON.stringify(configFileOf(config)));
    const env = { CMS_BASE_URL: baseUrl, CMS_TOKEN: server.credentials.token };
    const args = ["--config", file, "--max-examples", "1", "--operation", "getRoleFilters", "--seed", "12"];
    const result = await runWith([...args, "--out", join(folder, "out")], env, { executor: failingEverything });
    expect(result.code).toBe(1);
    const expected = `cms-conformance run --base-url="$CMS_BASE_URL" --config ${file} --max-examples 1 --operation getRoleFilters --seed 12`;
    const report = JSON.parse(readFileSync(join(folder, "out", "report.json"), "utf8")) as RunReport;
    expect(report.meta.commandLine).toBe(expected);
    expect(result.stdout).toContain(`  Reproduce: ${expected}`);
    // A --base-url typed over the variable is the one the line gives, as typed.
    const typed = await runWith([...args, "--base-url", baseUrl as string, "--out", join(folder, "flag")], env, {
      executor: failingEverything,
    });
    expect(typed.stdout).toContain(
      `  Reproduce: cms-conformance run --config ${file} --max-examples 1 --operation getRoleFilters --base-url ${baseUrl as string} --seed 12`,
    );
  });
});

describe("reproduceTypedCommand", () => {
  it("replaces secrets typed as values with their variables, and leaves out where reports go", () => {
    expect(
      reproduceTypedCommand(
        [
          { name: "base-url", value: "https://cms.example.com" },
          { name: "token", value: "tok-secret" },
          { name: "client-id", value: "cid-secret" },
          { name: "restricted-token-command", value: "vault read --secret s3cr3t" },
          { name: "header", value: "X-Api-Key: k3y" },
          { name: "header", value: "X-Tenant: acme corp" },
          { name: "out", value: "reports" },
          { name: "format", value: "json" },
          { name: "seed", value: "1" },
          { name: "-x" },
        ],
        42,
      ),
    ).toBe(
      `cms-conformance run --base-url https://cms.example.com --token="$CMS_TOKEN" --client-id="$CMS_CLIENT_ID" --restricted-token-command="$CMS_RESTRICTED_TOKEN_COMMAND" --header="X-Api-Key: $CMS_HEADER_X_API_KEY" --header 'X-Tenant: acme corp' -x --seed 42`,
    );
  });
});

/**
 * The CI action as users need it (issue 41.6): action.yml installs only the run-time dependencies, takes a
 * config file and separate inputs for values that may hold spaces, and its Conformance step, run as written
 * (GitHub's bash, its inputs as the environment GitHub gives it), carries those values whole to the CLI.
 */
import { execFile } from "node:child_process";
import { promisify } from "node:util";
import { mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { parse } from "yaml";
import { configFileOf } from "../../../cli/configFileKeys.js";
import { referenceRunConfig } from "../../../reference/referenceRunConfig.js";
import { startReferenceServer, type RunningReferenceServer } from "../../../reference/startReferenceServer.js";
import type { RunReport } from "../../../runner/model/RunReport.js";

const ROOT = fileURLToPath(new URL("../../../", import.meta.url));

type Step = { name?: string; run?: string; env?: Record<string, string> };
const action = parse(readFileSync(join(ROOT, "action.yml"), "utf8")) as {
  inputs: Record<string, { default?: string }>;
  runs: { steps: Step[] };
};
const step = (name: string): Step => action.runs.steps.find((candidate) => candidate.name === name) as Step;

/** The step's env as GitHub gives it: each ${{ inputs.NAME }} replaced by the input's value (or its default). */
function stepEnvironment(inputs: Record<string, string>): Record<string, string> {
  return Object.fromEntries(
    Object.entries(step("Conformance").env ?? {}).map(([name, value]) => [
      name,
      value.replace(
        /\$\{\{\s*inputs\.([a-z-]+)\s*\}\}/g,
        (_, input: string) => inputs[input] ?? action.inputs[input]?.default ?? "",
      ),
    ]),
  );
}

let server: RunningReferenceServer;
beforeAll(async () => {
  server = await startReferenceServer({ seed: 3 });
});
afterAll(() => server.close());

describe("action.yml", () => {
  it("installs the run-time dependencies only (no devDependencies, no prepare build)", () => {
    expect(step("Install cms-conformance").run).toMatch(/^npm ci --omit=dev --ignore-scripts /);
  });

  it("has a config input and inputs of their own for values with spaces", () => {
    for (const input of ["config", "base-url", "token-command", "restricted-token-command", "headers", "waivers"])
      expect(Object.keys(action.inputs)).toContain(input);
  });

  it("its Conformance step, run as written, hands a config file, a token command and headers with spaces to the CLI whole", async () => {
    const folder = mkdtempSync(join(tmpdir(), "cms-action-"));
    const { token: _token, ...config } = referenceRunConfig(server);
    const configFile = join(folder, "cms.json");
    writeFileSync(configFile, JSON.stringify(configFileOf({ ...config })));
    const out = join(folder, "report");
    const env = stepEnvironment({
      config: configFile,
      "token-command": `printf '%s' '${server.credentials.token}'`,
      headers: "X-Tenant: acme corp\nX-Trace: one two",
      args: "--checks http.valid-request-ok --operation listLandingPages --max-examples 1",
      out,
    });
    // GitHub runs a composite step's bash as `bash --noprofile --norc -eo pipefail {0}`.
    const script = join(folder, "step.sh");
    writeFileSync(script, step("Conformance").run ?? "");
    // Asynchronously: the reference server answers from this process.
    await promisify(execFile)("bash", ["--noprofile", "--norc", "-eo", "pipefail", script], {
      env: {
        PATH: process.env.PATH ?? "",
        HOME: process.env.HOME ?? "",
        GITHUB_ACTION_PATH: ROOT,
        NO_COLOR: "1",
        ...env,
      },
      encoding: "utf8",
    });
    const report = JSON.parse(readFileSync(join(out, "report.json"), "utf8")) as RunReport;
    expect(report.verdict).toBe("pass");
    expect(report.meta.commandLine).toBe(
      `cms-conformance run --config ${configFile} --token-command="$CMS_TOKEN_COMMAND" --header 'X-Tenant: acme corp' --header 'X-Trace: one two' --checks http.valid-request-ok --operation listLandingPages --max-examples 1 --seed ${report.meta.seed}`,
    );
  });
});

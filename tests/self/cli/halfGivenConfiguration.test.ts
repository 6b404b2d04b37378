/**
 * Configuration that cannot be half-given (issue 41.1): a base URL given but empty, a mistyped CMS_
 * variable and a config value of the wrong JSON type each exit 2 with one sentence before any request;
 * a run without any base URL says, wherever it names its target, that it judged the bundled reference.
 */
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { metaSchemaValidator } from "../../../contract/metaSchemaValidator.js";
import { executeInProcess } from "../../../checks/executeInProcess.js";
import type { RunReport } from "../../../runner/model/RunReport.js";
import { runWith } from "./cliInProcess.js";

const SECRETS = { CMS_CLIENT_ID: "client-5e5e5e5e5e", CMS_TOKEN: "token-SECRET-7f7f7f7f" };
const dir = mkdtempSync(join(tmpdir(), "cms-half-given-"));

/** A target that counts its requests: a half-given setting must be refused before the first one. */
let target: Server;
let requests = 0;
let baseUrl = "";
beforeAll(async () => {
  target = createServer((request, response) => {
    requests += 1;
    request.resume();
    response.writeHead(500, { "content-type": "application/json" }).end("{}");
  });
  await new Promise<void>((resolve) => target.listen(0, "127.0.0.1", resolve));
  baseUrl = `http://127.0.0.1:${(target.address() as AddressInfo).port}`;
});
afterAll(async () => {
  await new Promise<void>((resolve) => target.close(() => resolve()));
  rmSync(dir, { recursive: true, force: true });
});

/** A run that must be refused: exit 2, one line on stderr, nothing on stdout, no request, no check started. */
async function refused(args: readonly string[], env: NodeJS.ProcessEnv = {}): Promise<string> {
  const before = requests;
  const result = await runWith(
    ["--out", join(dir, "out"), ...args],
    { ...SECRETS, ...env },
    {
      executor: () => Promise.reject(new Error("the run started a check")),
    },
  );
  expect(result.code).toBe(2);
  expect(result.stderr.trimEnd().split("\n")).toHaveLength(1);
  expect(result.stdout).toBe("");
  expect(requests - before, "requests sent before the mistake was refused").toBe(0);
  return result.stderr.trimEnd();
}

function configFile(settings: object): string {
  const path = join(dir, `config-${Math.random().toString(36).slice(2)}.json`);
  writeFileSync(path, JSON.stringify(settings));
  return path;
}

describe("a base URL given but empty exits 2 naming where it was given", () => {
  it('--base-url ""', async () => {
    expect(await refused(["--base-url", ""])).toBe(
      "cms-conformance run: --base-url is given but empty (a CI secret that is missing or unreadable?); give the target's URL, or leave the base URL out of every source to run the bundled reference server",
    );
  });

  it("CMS_BASE_URL= (a missing CI secret), instead of running the bundled reference and passing", async () => {
    expect(await refused([], { CMS_BASE_URL: "" })).toMatch(
      /^cms-conformance run: CMS_BASE_URL is set but empty \(a CI secret that is missing or unreadable\?\); give the target's URL/,
    );
  });

  it("CMS_BASE_URL of spaces", async () => {
    expect(await refused([], { CMS_BASE_URL: "  " })).toMatch(/CMS_BASE_URL is set but empty/);
  });

  it('"base-url": "" in a config file', async () => {
    const file = configFile({ "base-url": "" });
    expect(await refused(["--config", file])).toMatch(
      new RegExp(`^cms-conformance run: "base-url" in the config file ${file} is given but empty`),
    );
  });

  it("a flag giving the URL still wins over an empty variable below it", async () => {
    expect(await refused(["--base-url", baseUrl, "--timeout", "0"], { CMS_BASE_URL: "" })).toMatch(/--timeout takes/);
  });
});

describe("a setting of a target given without a base URL exits 2 naming it, instead of judging the bundled server (issue 50.2)", () => {
  const bundledInstead =
    "so the bundled reference server would be judged in place of your target; give the target's URL (--base-url, " +
    'CMS_BASE_URL or "base-url" in the config file), or leave';

  it("tokens in the environment and a config file of facts, but no base URL", async () => {
    const file = configFile({ "analytic-id": ["analytic://acme/1"], "forbidden-widget": [] });
    expect(await refused(["--config", file])).toBe(
      `cms-conformance run: "analytic-id" in the config file ${file}, "forbidden-widget" in the config file ${file}, CMS_CLIENT_ID and CMS_TOKEN are given but no base URL is, ${bundledInstead} them out to judge the bundled reference server`,
    );
  });

  it.each([
    [["--role", "admin"], {}, "--role"],
    [["--restricted-token-command", "echo x"], {}, "--restricted-token-command"],
    [["--restricted-sees-all"], {}, "--restricted-sees-all"],
    [[], { CMS_RESTRICTED_TOKEN: "restricted-1234" }, "CMS_RESTRICTED_TOKEN"],
    [[], { CMS_ANALYTIC_IDS: "analytic://acme/1" }, "CMS_ANALYTIC_IDS"],
  ])("%j %j names %s", async (args, env, name) => {
    const result = await runWith(["--out", join(dir, "out"), ...args], env, {
      executor: () => Promise.reject(new Error("the run started a check")),
    });
    expect([result.code, result.stdout]).toEqual([2, ""]);
    expect(result.stderr).toBe(
      `cms-conformance run: ${name} is given but no base URL is, ${bundledInstead} it out to judge the bundled reference server\n`,
    );
  });
});

describe("an empty CMS_RESTRICTED_TOKEN exits 2 like every other empty secret (issue 50.5)", () => {
  it.each(["CMS_RESTRICTED_TOKEN", "CMS_TOKEN", "CMS_CLIENT_ID"])("%s=", async (name) => {
    expect(await refused(["--base-url", baseUrl], { [name]: "" })).toBe(
      `cms-conformance run: ${name} is empty once surrounding spaces are trimmed; give the value`,
    );
  });

  it("a flag giving the secret still wins over an empty variable below it", async () => {
    expect(
      await refused(["--base-url", baseUrl, "--restricted-token", "restricted-1234", "--timeout", "0"], {
        CMS_RESTRICTED_TOKEN: "",
      }),
    ).toMatch(/--timeout takes/);
  });
});

describe("a CMS_ variable within two edits of a known one exits 2 naming the known one", () => {
  it.each([
    ["CMS_RESTRICTED_TOKN", "CMS_RESTRICTED_TOKEN"],
    ["CMS_BASE_ULR", "CMS_BASE_URL"],
    ["CMS_TOKENS", "CMS_TOKEN"],
    ["cms_client_id", "CMS_CLIENT_ID"],
    ["CMS_ROLE", "CMS_ROLES"],
  ])("%s", async (typo, known) => {
    expect(await refused(["--base-url", baseUrl], { [typo]: "value" })).toBe(
      `cms-conformance run: the environment variable ${typo} is not one cms-conformance reads; did you mean ${known}? Rename it, or unset it`,
    );
  });

  it("leaves CMS_ variables far from every known one alone (the suite's own, a user's)", async () => {
    expect(
      await refused(["--base-url", baseUrl, "--timeout", "0"], { CMS_MATRIX_MODE: "x", CMS_DEPLOY_ENV: "y" }),
    ).toMatch(/--timeout takes/);
  });
});

describe("a config value of the wrong JSON type is refused, never read by truthiness", () => {
  it('"insecure": "false" exits 2 saying the key takes a JSON boolean', async () => {
    const file = configFile({ insecure: "false" });
    expect(await refused(["--base-url", baseUrl, "--config", file])).toBe(
      `cms-conformance run: "insecure" in the config file ${file} takes true or false (a JSON boolean, not text), not "false"`,
    );
  });

  it.each([[{ insecure: "false" }], [{ insecure: 0 }], [{ "fail-on-skipped": "true" }], [{ "fail-on-unverified": 1 }]])(
    "the config-file schema refuses %j",
    (settings) => {
      const validate = metaSchemaValidator("run-config-file.schema.json");
      expect(validate(settings)).toBe(false);
      expect(validate({ insecure: false })).toBe(true);
    },
  );
});

describe("a run without any base URL says it judged the bundled reference server", () => {
  it("in its first console line, the HTML report's title and heading and the JUnit suite name", async () => {
    const out = join(dir, "bundled");
    const result = await runWith(
      ["--checks", "http.valid-request-ok", "--operation", "listLandingPages", "--max-examples", "1", "--out", out],
      {},
      { executor: executeInProcess },
    );
    expect(result.code).toBe(0);
    const words = "the bundled reference server: no base URL was given, no target of yours is judged";
    expect(result.stdout.split("\n")[0]).toMatch(
      new RegExp(`^cms-conformance http://127\\.0\\.0\\.1:\\d+ \\(${words}\\) · default profile`),
    );
    const html = readFileSync(join(out, "index.html"), "utf8");
    expect(html).toMatch(
      new RegExp(`<title>PASS \\([^)]*\\) · cms-conformance · http://127\\.0\\.0\\.1:\\d+ \\(${words}\\)</title>`),
    );
    expect(html).toMatch(new RegExp(`<h1>cms-conformance · http://127\\.0\\.0\\.1:\\d+ \\(${words}\\)</h1>`));
    expect(readFileSync(join(out, "junit.xml"), "utf8")).toContain(`<testsuites name="cms-conformance (${words})"`);
    expect((JSON.parse(readFileSync(join(out, "report.json"), "utf8")) as RunReport).meta.target.embedded).toBe(true);
  });
});

describe("the bundled reference run skips nothing (issue 44: npm start with no skip)", () => {
  it("judges response times against the bundled reference's bound, and a --max-response-time given wins", async () => {
    const args = ["--checks", "performance.response-time", "--operation", "getWidget", "--format", "json"];
    const bundled = await runWith([...args, "--out", join(dir, "bounds")], {}, { executor: executeInProcess });
    const report = JSON.parse(readFileSync(join(dir, "bounds", "report.json"), "utf8")) as RunReport;
    expect(bundled.code).toBe(0);
    expect(report.results.map((result) => result.outcome)).not.toContain("skipped");
    expect(report.results[0]?.message).toMatch(/10000 ms/);
    await runWith(
      [...args, "--max-response-time", "60s", "--out", join(dir, "given")],
      {},
      { executor: executeInProcess },
    );
    const given = JSON.parse(readFileSync(join(dir, "given", "report.json"), "utf8")) as RunReport;
    expect(given.results[0]?.message).toMatch(/60000 ms/);
  });
});

describe("messages carry no byte order mark (issue 41.7)", () => {
  it("a config file saved with a BOM is read as its JSON: the sentence names the setting, with no BOM in it", async () => {
    const file = join(dir, "bom.json");
    writeFileSync(file, `\uFEFF${JSON.stringify({ timeout: 0 })}`);
    const sentence = await refused(["--base-url", baseUrl, "--config", file]);
    expect(sentence).toBe(
      `cms-conformance run: "timeout" in the config file ${file} takes a whole number from 100 to 600000, not 0`,
    );
    expect(sentence).not.toContain("\uFEFF");
  });
});

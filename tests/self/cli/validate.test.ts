import { execFile } from "node:child_process";
import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { promisify } from "node:util";
import { describe, expect, it } from "vitest";
import { main } from "../../../cli/main.js";
import { BODY_NAMES } from "../../../contract/schemaCatalogue.js";

/** Runs the CLI in-process and captures what it writes. */
async function runCli(argv: string[], stdin = "") {
  let stdout = "";
  let stderr = "";
  const code = await main(argv, {
    stdout: { write: (text: string) => (stdout += text) },
    stderr: { write: (text: string) => (stderr += text) },
    readStdin: async () => stdin,
  });
  return { code, stdout, stderr };
}

const dir = mkdtempSync(join(tmpdir(), "cms-validate-"));
const file = (name: string, text: string) => {
  const path = join(dir, name);
  writeFileSync(path, text);
  return path;
};

describe("cms-conformance validate", () => {
  it("lists every body name with --list", async () => {
    const { code, stdout } = await runCli(["validate", "--list"]);
    expect(code).toBe(0);
    expect(stdout.trim().split("\n")).toEqual([...BODY_NAMES]);
    expect(stdout).toContain("getAnalytic.response");
    expect(stdout).toContain("error.unauthorized");
  });

  it("exits 0 for a valid body", async () => {
    const path = file("ok.json", JSON.stringify({ widgetId: "widget://t/w" }));
    const { code, stdout } = await runCli(["validate", "--body", "getWidget.request", path]);
    expect(code).toBe(0);
    expect(stdout).toContain("valid:");
  });

  it("exits 1 and prints each error with its path for an invalid body", async () => {
    const path = file("bad.json", JSON.stringify({ analytic: { id: "analytic://a", createdDate: "2024-01-01" } }));
    const { code, stdout } = await runCli(["validate", "--body", "getAnalytic.response", path]);
    expect(code).toBe(1);
    expect(stdout).toMatch(/^error +\/analytic\/id must match pattern/m);
    expect(stdout).toMatch(/^error +\/analytic\/createdDate /m);
    expect(stdout).toContain("invalid:");
  });

  it("reads standard input for -", async () => {
    const { code } = await runCli(["validate", "--body", "error.unauthorized", "-"], JSON.stringify({ error: 1 }));
    expect(code).toBe(1);
  });

  it("warns by default, and fails under --profile strict, on a missing SDK-required field", async () => {
    const path = file("partial.json", JSON.stringify({ name: "platform.cms.w" }));
    const lenient = await runCli(["validate", "--body", "getWidget.response", path]);
    expect(lenient.code).toBe(0);
    expect(lenient.stdout).toMatch(/^warning .*'id'.*required-response-fields/m);
    const strict = await runCli(["validate", "--profile", "strict", "--body", "getWidget.response", path]);
    expect(strict.code).toBe(1);
  });

  it.each([
    [["validate", "--body", "nope.response", "x.json"], /unknown body "nope.response"/],
    [["validate", "--body", "getWidget.request", join(dir, "missing.json")], /cannot read .*missing.json \(ENOENT\)/],
    [["validate", "--body", "getWidget.request"], /give exactly one file/],
    [["validate", "x.json"], /--body <name> is required/],
    [["validate", "--frobnicate"], /unknown option --frobnicate; run cms-conformance validate --help/],
    [["validate", "--profile", "lax", "--body", "getWidget.request", "x.json"], /--profile must be default or strict/],
  ])("exits 2 with one clear line for %j", async (argv, message) => {
    const { code, stderr } = await runCli(argv);
    expect(code).toBe(2);
    expect(stderr).toMatch(message);
    expect(stderr.trim().split("\n")).toHaveLength(1);
  });

  it("exits 2 for a file that is not JSON", async () => {
    const { code, stderr } = await runCli(["validate", "--body", "getWidget.request", file("text.json", "hello")]);
    expect(code).toBe(2);
    expect(stderr).toMatch(/text.json is not JSON/);
  });

  it("works through the installed bin", async () => {
    const bin = new URL("../../../bin/cms-conformance.mjs", import.meta.url).pathname;
    const path = file("pie.json", JSON.stringify({ analytic: { chart: { type: "PIE", series: [{}, {}] } } }));
    const run = promisify(execFile);
    const error = await run(process.execPath, [bin, "validate", "--body", "getAnalytic.response", path]).catch(
      (e: unknown) => e,
    );
    expect((error as { code: number }).code).toBe(1);
    expect((error as { stdout: string }).stdout).toContain("/analytic/chart/series must NOT have more than 1 items");
    const listed = await run(process.execPath, [bin, "validate", "--list"]);
    expect(listed.stdout).toContain("listLandingPages.request");
  });
});

import { execFile } from "node:child_process";
import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { promisify } from "node:util";
import { describe, expect, it } from "vitest";
import { main } from "../../../../cli/main.js";
import { BODY_NAMES } from "../../../../contract/schemaCatalogue.js";

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
    expect(stdout).toBe(
      [
        "listFactoryDefaultWidgets.request",
        "listFactoryDefaultWidgets.response",
        "listLandingPages.request",
        "listLandingPages.response",
        "getAnalytic.request",
        "getAnalytic.response",
        "getWidget.request",
        "getWidget.response",
        "getRoleFilters.request",
        "getRoleFilters.response",
        "error.cms",
        "error.cms.badRequest",
        "error.cms.notFound",
        "error.authorization",
        "error.unauthorized",
        "",
      ].join("\n"),
    );
  });

  it("exits 0 for a valid body", async () => {
    const path = file("ok.json", JSON.stringify({ widgetId: "widget://t/w" }));
    const { code, stdout } = await runCli(["validate", "--body", "getWidget.request", path]);
    expect(code).toBe(0);
    expect(stdout).toBe(`valid: ${path} is a valid getWidget.request\n`);
  });

  it("exits 1 and prints each error with its path for an invalid body", async () => {
    const path = file("bad.json", JSON.stringify({ analytic: { id: "analytic://a", createdDate: "2024-01-01" } }));
    const { code, stdout } = await runCli(["validate", "--body", "getAnalytic.response", path]);
    expect(code).toBe(1);
    expect(stdout).toMatch(/^error +\/analytic\/id must match pattern/m);
    expect(stdout).toMatch(/^error +\/analytic\/createdDate /m);
    const dateTime = String.raw`^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$`;
    // Every field of §2.5's table is present: each missing one is an error citing the table.
    const missing = (field: string) =>
      `error   /analytic must have required property '${field}' (§2.5 Analytic) {"missingProperty":"${field}"} (schema #/required)`;
    expect(stdout).toBe(
      [
        ...["name", "title", "chart", "preferredSize", "tags", "properties", "createdBy"].map(missing),
        String.raw`error   /analytic/id must match pattern "^analytic://[^/\s]+/[^/]+$" {"pattern":"^analytic://[^/\\s]+/[^/]+$"} (schema #/properties/id/pattern)`,
        `error   /analytic/createdDate must match pattern "${dateTime}" ${JSON.stringify({ pattern: dateTime })} (schema #/properties/createdDate/pattern)`,
        'error   /analytic/createdDate must match format "date-time" {"format":"date-time"} (schema #/properties/createdDate/format)',
        `invalid: ${path} is not a valid getAnalytic.response (10 error(s))`,
        "",
      ].join("\n"),
    );
  });

  it("reads standard input for -", async () => {
    const { code } = await runCli(["validate", "--body", "error.unauthorized", "-"], JSON.stringify({ error: 1 }));
    expect(code).toBe(1);
  });

  it("warns by default, and fails under --profile strict, on a departure from a register default", async () => {
    const widget = {
      id: "widget://t/w",
      name: "platform.cms.w",
      description: "platform.cms.w.description",
      permission: { resource: "res://t/w", action: "Visualizar" },
      url: "https://example.invalid/w",
      thumbnailURL: "https://example.invalid/w.png",
      tags: [],
      preferredSize: { height: 1, width: 1 },
    };
    const path = file(
      "single.json",
      JSON.stringify({ widgets: widget, listInformation: { totalElements: 1, totalPages: 1 } }),
    );
    const lenient = await runCli(["validate", "--body", "listFactoryDefaultWidgets.response", path]);
    expect(lenient.code).toBe(0);
    // Each warning names the register entry whose default it departs from.
    expect(lenient.stdout).toBe(
      [
        `warning /widgets must be array {"type":"array"} (schema #/x-strict) [register: list-collection-shape]`,
        `valid: ${path} is a valid listFactoryDefaultWidgets.response (1 warning(s) on register defaults)`,
        "",
      ].join("\n"),
    );
    const strict = await runCli([
      "validate",
      "--profile",
      "strict",
      "--body",
      "listFactoryDefaultWidgets.response",
      path,
    ]);
    expect(strict.code).toBe(1);
    const renamed = file(
      "renamed.json",
      JSON.stringify({ ...widget, thumbnailUrl: widget.thumbnailURL, thumbnailURL: undefined }),
    );
    const failed = await runCli(["validate", "--body", "getWidget.response", renamed]);
    expect(failed.code).toBe(1);
    expect(failed.stdout.split("\n")[0]).toBe(
      `error   (root) has no 'thumbnailURL' but has 'thumbnailUrl', which looks like §2.1 Widget's 'thumbnailURL' renamed {"field":"thumbnailUrl","tabledField":"thumbnailURL"} (schema components/Widget.json#/properties/thumbnailURL)`,
    );
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

  it("prints its help with --help and exits 0", async () => {
    const { code, stdout, stderr } = await runCli(["validate", "--help"]);
    expect(code).toBe(0);
    expect(stderr).toBe("");
    expect(stdout.split("\n").slice(0, 3)).toEqual([
      "Usage: cms-conformance validate --body <name> <file|->",
      "       cms-conformance validate --list",
      "",
    ]);
    expect(
      stdout.endsWith("Exit codes: 0 valid, 1 invalid, 2 usage error (unknown body, unreadable file, not JSON).\n"),
    ).toBe(true);
  });

  // Titles without the temporary folder: StrykerJS finds a test by its title, and the folder changes every run.
  it("names an unreadable file and the error code in one sentence", async () => {
    const path = join(dir, "absent.json");
    const { code, stderr } = await runCli(["validate", "--body", "getWidget.request", path]);
    expect(code).toBe(2);
    expect(stderr).toBe(
      `cms-conformance validate: cannot read ${path} (ENOENT); give a readable file, or - for standard input\n`,
    );
  });

  it("names the file, or standard input for -, that is not JSON", async () => {
    const parseError = (() => {
      try {
        return JSON.parse("hello") as never;
      } catch (error) {
        return (error as Error).message;
      }
    })();
    const path = file("words.json", "hello");
    const fromFile = await runCli(["validate", "--body", "getWidget.request", path]);
    const fromStdin = await runCli(["validate", "--body", "getWidget.request", "-"], "hello");
    expect([fromFile.code, fromStdin.code]).toEqual([2, 2]);
    expect(fromFile.stderr).toBe(`cms-conformance validate: ${path} is not JSON: ${parseError}\n`);
    expect(fromStdin.stderr).toBe(`cms-conformance validate: standard input is not JSON: ${parseError}\n`);
  });

  it("calls - standard input in the verdict line", async () => {
    const valid = await runCli(
      ["validate", "--body", "getWidget.request", "-"],
      JSON.stringify({ widgetId: "widget://t/w" }),
    );
    const invalid = await runCli(["validate", "--body", "error.unauthorized", "-"], JSON.stringify({ error: 1 }));
    expect(valid.code).toBe(0);
    expect(valid.stdout).toBe("valid: standard input is a valid getWidget.request\n");
    expect(invalid.code).toBe(1);
    expect(invalid.stdout.split("\n").at(-2)).toBe(
      "invalid: standard input is not a valid error.unauthorized (2 error(s))",
    );
  });

  it("works through the installed bin", async () => {
    const bin = new URL("../../../../bin/cms-conformance.mjs", import.meta.url).pathname;
    const path = file("pie.json", JSON.stringify({ analytic: { chart: { type: "PIE", series: [{}, {}] } } }));
    const run = promisify(execFile);
    const error = await run(process.execPath, [bin, "validate", "--body", "getAnalytic.response", path]).catch(
      (e: unknown) => e,
    );
    expect((error as { code: number }).code).toBe(1);
    const { stdout } = error as { stdout: string };
    expect(stdout).toContain(
      'error   /analytic/chart/series must NOT have more than 1 items {"limit":1} (schema #/allOf/0/then/properties/series/maxItems)\n',
    );
    // The bin prints what the command prints in-process, whole.
    expect(stdout).toBe((await runCli(["validate", "--body", "getAnalytic.response", path])).stdout);
    const listed = await run(process.execPath, [bin, "validate", "--list"]);
    expect(listed.stdout).toBe(`${BODY_NAMES.join("\n")}\n`);
  });
});

/**
 * No stale report (issue 41.3): every exit of `run` that writes no new report removes report.json, junit.xml,
 * index.html and exchanges.har of an earlier run from the report folder, whichever source named it (--out, the
 * config file, the default); SIGINT and SIGTERM write the reports of what was judged, the HAR included.
 */
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { executeInProcess } from "../../../checks/executeInProcess.js";
import type { CheckExecutor } from "../../../runner/execute/CheckExecutor.js";
import type { CheckResult } from "../../../runner/model/RunReport.js";
import { runWith } from "./cliInProcess.js";

const TINY = ["--checks", "http.valid-request-ok", "--operation", "listLandingPages", "--max-examples", "1"];
const TWO = [
  "--checks",
  "http.valid-request-ok",
  "--operation",
  "listLandingPages",
  "--operation",
  "getWidget",
  "--max-examples",
  "1",
  "--concurrency",
  "1",
];
const EARLIER = ["report.json", "junit.xml", "index.html", "exchanges.har"];
const SECRETS = { CMS_CLIENT_ID: "client-5e5e5e5e5e", CMS_TOKEN: "token-5f5f5f5f5f5f" };

const made: string[] = [];
afterEach(() => {
  for (const folder of made.splice(0)) rmSync(folder, { recursive: true, force: true });
});

/** A folder holding an earlier run's passing reports, and a file of the user's. */
function folderWithEarlierReports(): string {
  const folder = mkdtempSync(join(tmpdir(), "cms-stale-"));
  made.push(folder);
  writeFileSync(join(folder, "report.json"), JSON.stringify({ verdict: "pass" }));
  writeFileSync(join(folder, "junit.xml"), "<testsuites/>");
  writeFileSync(join(folder, "index.html"), "<title>PASS</title>");
  writeFileSync(join(folder, "exchanges.har"), "{}");
  writeFileSync(join(folder, "notes.txt"), "mine");
  return folder;
}

function expectNoEarlierReport(folder: string): void {
  for (const name of EARLIER) expect(existsSync(join(folder, name)), `${name} of the earlier run`).toBe(false);
  expect(readFileSync(join(folder, "notes.txt"), "utf8")).toBe("mine");
}

const unreachable: CheckExecutor = () => Promise.reject(new Error("the run started a check"));

describe("a run that writes no new report leaves none of an earlier run", () => {
  it.each([
    ["an unknown flag", ["--tiemout", "5"], {}, /unknown option --tiemout/],
    ["a value out of range", ["--timeout", "0"], {}, /--timeout takes a whole number/],
    ["an empty base URL", ["--base-url", ""], {}, /--base-url is given but empty/],
    ["a mistyped variable", [], { CMS_RESTRICTED_TOKN: "x" }, /did you mean CMS_RESTRICTED_TOKEN\?/],
    ["an unreadable config file", ["--config", "/nonexistent/cms.json"], {}, /cannot read the config file/],
    ["a target that refuses the run", ["--base-url", "http://127.0.0.1:9"], {}, /cannot be reached/],
  ] as const)("%s: exit 2", async (_what, args, env, message) => {
    const out = folderWithEarlierReports();
    const result = await runWith([...args, "--out", out], { ...SECRETS, ...env }, { executor: unreachable });
    expect(result.code).toBe(2);
    expect(result.stderr).toMatch(message);
    expectNoEarlierReport(out);
  });

  it("--out=DIR as one word, and the report folder a config file names", async () => {
    const out = folderWithEarlierReports();
    expect((await runWith(["--timeout", "0", `--out=${out}`], SECRETS, { executor: unreachable })).code).toBe(2);
    expectNoEarlierReport(out);
    const fromConfig = folderWithEarlierReports();
    const config = join(fromConfig, "cms.json");
    writeFileSync(config, JSON.stringify({ out: fromConfig, timeout: 0 }));
    expect((await runWith(["--config", config], SECRETS, { executor: unreachable })).code).toBe(2);
    expectNoEarlierReport(fromConfig);
  });

  it("nothing to re-run: exit 0, and the earlier run's reports in --out are gone", async () => {
    const passing = mkdtempSync(join(tmpdir(), "cms-stale-source-"));
    made.push(passing);
    expect((await runWith([...TINY, "--out", passing], {}, { executor: executeInProcess })).code).toBe(0);
    const out = folderWithEarlierReports();
    const result = await runWith(
      ["--rerun-failed", join(passing, "report.json"), "--out", out],
      {},
      {
        executor: unreachable,
      },
    );
    expect(result.code).toBe(0);
    expect(result.stdout).toMatch(/^Nothing to re-run: no verdict of .* failed or errored\.\n$/);
    expectNoEarlierReport(out);
  });
});

describe("a run stopped by a signal", () => {
  it.each(["SIGINT", "SIGTERM"] as const)(
    "writes the reports of what was judged on %s, the HAR included",
    async (signal) => {
      const before = process.listeners(signal);
      let signalled = false;
      // The signal comes once the first verdict is judged (the listener called directly: vitest's own must not run).
      const signalling: CheckExecutor = (settings, planned, onResult, abort) => {
        const listener = process.listeners(signal).find((candidate) => !before.includes(candidate));
        const heard = (result: CheckResult) => {
          onResult(result);
          if (signalled) return;
          signalled = true;
          (listener as ((signal: NodeJS.Signals) => void) | undefined)?.(signal);
        };
        return executeInProcess(settings, planned, heard, abort);
      };
      const out = folderWithEarlierReports();
      const result = await runWith(
        [...TWO, "--format", "json,junit,html,har", "--out", out],
        {},
        { executor: signalling },
      );
      expect(result.code).toBe(signal === "SIGINT" ? 130 : 143);
      expect(readdirSync(out).sort()).toEqual(["exchanges.har", "index.html", "junit.xml", "notes.txt", "report.json"]);
      const har = JSON.parse(readFileSync(join(out, "exchanges.har"), "utf8")) as { log: { entries: unknown[] } };
      expect(har.log.entries.length).toBeGreaterThan(0);
    },
  );
});

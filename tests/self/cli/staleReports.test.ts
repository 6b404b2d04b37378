/**
 * No stale report (issue 41.3): every exit of `run` that writes no new report removes report.json, junit.xml,
 * index.html and exchanges.har of an earlier run from the report folder, whichever source named it (--out, the
 * config file, the default); SIGINT and SIGTERM write the reports of what was judged, the HAR included.
 */
import { spawnSync } from "node:child_process";
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { executeInProcess } from "../../../checks/executeInProcess.js";
import type { CheckExecutor } from "../../../runner/execute/CheckExecutor.js";
import type { CheckResult } from "../../../runner/model/RunReport.js";
import { renderJsonReport } from "../../../reports/writeJsonReport.js";
import { makeResult, makeRunReport } from "../reports/runReportFixture.js";
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

/** What an earlier run of the suite wrote, each file in its own format with the suite's marker. */
const EARLIER_REPORTS: Readonly<Record<string, string>> = {
  "report.json": renderJsonReport(makeRunReport([makeResult()])),
  "junit.xml": '<?xml version="1.0"?>\n<testsuites name="cms-conformance" tests="1"></testsuites>\n',
  "index.html": '<!doctype html><head><meta name="generator" content="cms-conformance 1.0.0"><title>PASS</title>',
  "exchanges.har": JSON.stringify({ log: { version: "1.2", creator: { name: "cms-conformance", version: "1" } } }),
};

/** Files of the user's at the reports' names: the same formats, not the suite's. */
const USERS_FILES: Readonly<Record<string, string>> = {
  "report.json": JSON.stringify({ verdict: "pass", mine: true }),
  "junit.xml": "<testsuites/>",
  "index.html": "<title>My home page</title>",
  "exchanges.har": JSON.stringify({ log: { creator: { name: "Firefox" } } }),
};

/** A folder holding `files` (an earlier run's passing reports by default), and a file of the user's. */
function folderWithEarlierReports(files: Readonly<Record<string, string>> = EARLIER_REPORTS): string {
  const folder = mkdtempSync(join(tmpdir(), "cms-stale-"));
  made.push(folder);
  for (const [name, text] of Object.entries(files)) writeFileSync(join(folder, name), text);
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

describe("only reports the suite wrote are removed (issue 50.3)", () => {
  it("a user's index.html, report.json, junit.xml and exchanges.har stay after a typo'd option", async () => {
    const out = folderWithEarlierReports(USERS_FILES);
    const result = await runWith(["--tiemout", "5", "--out", out], SECRETS, { executor: unreachable });
    expect(result.code).toBe(2);
    for (const [name, text] of Object.entries(USERS_FILES)) expect(readFileSync(join(out, name), "utf8")).toBe(text);
  });

  it("a run that would write over a user's file exits 2 naming it, and leaves it", async () => {
    const out = folderWithEarlierReports({ "index.html": USERS_FILES["index.html"] as string });
    const result = await runWith([...TINY, "--out", out], {}, { executor: unreachable });
    expect(result).toEqual({
      code: 2,
      stdout: "",
      stderr: `cms-conformance run: ${join(out, "index.html")} is not a report of cms-conformance (a file of yours?), and this run would write over it; move it, or give the run another --out\n`,
    });
    expect(readFileSync(join(out, "index.html"), "utf8")).toBe(USERS_FILES["index.html"]);
  });

  it("a report the suite really wrote is recognised and replaced", async () => {
    const out = folderWithEarlierReports({});
    const every = ["--format", "json,junit,html,har"];
    expect((await runWith([...TINY, ...every, "--out", out], {}, { executor: executeInProcess })).code).toBe(0);
    expect(readdirSync(out).sort()).toEqual(["exchanges.har", "index.html", "junit.xml", "notes.txt", "report.json"]);
    expect((await runWith(["--timeout", "0", "--out", out], SECRETS, { executor: unreachable })).code).toBe(2);
    expect(readdirSync(out)).toEqual(["notes.txt"]);
  });
});

describe("the config file's report folder is honoured, or no folder is touched (issue 50.3)", () => {
  it("a config file that cannot be read (not JSON, a key twice) cleans neither its out nor ./reports/out", async () => {
    const named = folderWithEarlierReports();
    const cwd = process.cwd();
    const here = folderWithEarlierReports({});
    const defaultOut = join(here, "reports", "out");
    mkdirSync(defaultOut, { recursive: true });
    for (const [name, text] of Object.entries(EARLIER_REPORTS)) writeFileSync(join(defaultOut, name), text);
    process.chdir(here);
    try {
      for (const text of [
        `{ "out": ${JSON.stringify(named)}, `,
        `{ "out": ${JSON.stringify(named)}, "seed": 1, "seed": 2 }`,
      ]) {
        const config = join(here, "cms.json");
        writeFileSync(config, text);
        const result = await runWith(["--config", config], SECRETS, { executor: unreachable });
        expect(result.code).toBe(2);
        expect(readdirSync(named).sort()).toEqual([...Object.keys(EARLIER_REPORTS), "notes.txt"].sort());
        expect(readdirSync(defaultOut).sort()).toEqual(Object.keys(EARLIER_REPORTS).sort());
      }
    } finally {
      process.chdir(cwd);
    }
  });
});

describe("--rerun-failed DIR --out DIR (issue 50.3)", () => {
  it("never deletes the report it re-runs, even when the target is down", async () => {
    const failing = mkdtempSync(join(tmpdir(), "cms-rerun-own-"));
    made.push(failing);
    const failed: CheckExecutor = async (settings, planned, onResult, signal) => {
      const fail = (result: CheckResult): CheckResult => ({ ...result, outcome: "failed" });
      const execution = await executeInProcess(settings, planned, (result) => onResult(fail(result)), signal);
      return { ...execution, results: execution.results.map(fail) };
    };
    expect((await runWith([...TINY, "--out", failing], {}, { executor: failed })).code).toBe(1);
    const before = readFileSync(join(failing, "report.json"), "utf8");
    const result = await runWith(
      ["--rerun-failed", failing, "--out", failing, "--base-url", "http://127.0.0.1:9"],
      SECRETS,
      { executor: unreachable },
    );
    expect(result.code).toBe(2);
    expect(result.stderr).toMatch(/cannot be reached/);
    expect(readFileSync(join(failing, "report.json"), "utf8")).toBe(before);
  });
});

describe("one run per report folder (issue 50.3)", () => {
  it("a second run exits 2 naming the first, and removes none of its reports", async () => {
    const out = folderWithEarlierReports();
    // A live process other than this one holds the folder: this process's parent.
    writeFileSync(
      join(out, ".cms-conformance.lock"),
      JSON.stringify({ pid: process.ppid, startedAt: "2026-12-02T01:00:00.000Z" }),
    );
    const result = await runWith([...TINY, "--out", out], {}, { executor: unreachable });
    expect(result).toEqual({
      code: 2,
      stdout: "",
      stderr: `cms-conformance run: the report folder ${out} is in use by another run (pid ${process.ppid}, started 2026-12-02T01:00:00.000Z); wait for it to end, or give this run its own --out\n`,
    });
    expect(readdirSync(out).sort()).toEqual(
      [".cms-conformance.lock", ...Object.keys(EARLIER_REPORTS), "notes.txt"].sort(),
    );
    // Nor does a run refused earlier (a typo) remove the live run's reports.
    expect((await runWith(["--tiemout", "5", "--out", out], SECRETS, { executor: unreachable })).code).toBe(2);
    expect(existsSync(join(out, "report.json"))).toBe(true);
  });

  it("takes over the lock of a process that no longer exists, and releases its own at the end", async () => {
    const out = folderWithEarlierReports({});
    const dead = spawnSync(process.execPath, ["-e", ""]).pid as number;
    writeFileSync(
      join(out, ".cms-conformance.lock"),
      JSON.stringify({ pid: dead, startedAt: "2026-12-01T00:00:00.000Z" }),
    );
    expect((await runWith([...TINY, "--out", out], {}, { executor: executeInProcess })).code).toBe(0);
    expect(readdirSync(out).sort()).toEqual(["index.html", "junit.xml", "notes.txt", "report.json"]);
  });
});

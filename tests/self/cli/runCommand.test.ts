/**
 * `cms-conformance run` in this process (cli/commands/run.ts): tiny selections against the bundled reference server,
 * checks run in process (some through a wrapper that signals, fails or learns a secret on the way), to pin what the
 * command does around the engine: help, signals, re-runs, report formats, the bundled target and its credentials.
 */
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, describe, expect, it, vi } from "vitest";
import { renderRunHelp } from "../../../cli/renderRunHelp.js";
import { startReferenceServer } from "../../../reference/startReferenceServer.js";
import { referenceRunConfig } from "../../../reference/referenceRunConfig.js";
import type { CheckExecutor } from "../../../runner/execute/CheckExecutor.js";
import { announceLearnedSecret } from "../../../runner/http/learnedSecrets.js";
import type { CheckResult, RunReport } from "../../../runner/model/RunReport.js";
import { executeInProcess } from "../../../checks/executeInProcess.js";
import { runWith } from "./cliInProcess.js";

/** One cheap verdict: valid requests to listLandingPages answer 200. */
const TINY = ["--checks", "http.valid-request-ok", "--operation", "listLandingPages", "--max-examples", "1"];

/** Folders made by outFolder, removed after each test. */
const made: string[] = [];
const outFolder = () => {
  const folder = mkdtempSync(join(tmpdir(), "cms-run-command-"));
  made.push(folder);
  return folder;
};
const readReport = (out: string) => JSON.parse(readFileSync(join(out, "report.json"), "utf8")) as RunReport;

/** An executor that must not be reached. */
const unreachable: CheckExecutor = () => Promise.reject(new Error("the run started no check"));

/** Runs the checks in process, each result turned into a failure. */
const failingEverything: CheckExecutor = async (settings, planned, onResult, signal) => {
  const failed = (result: CheckResult): CheckResult => ({ ...result, outcome: "failed" });
  const execution = await executeInProcess(settings, planned, (result) => onResult(failed(result)), signal);
  return { ...execution, results: execution.results.map(failed) };
};

afterEach(() => {
  vi.restoreAllMocks();
  for (const folder of made.splice(0)) rmSync(folder, { recursive: true, force: true });
});

describe("cms-conformance run (in process)", () => {
  it("prints its help for --help and starts no check", async () => {
    const result = await runWith(["--help"], {}, { executor: unreachable });
    expect(result).toEqual({ code: 0, stdout: renderRunHelp(), stderr: "" });
  });

  it("runs the bundled reference server when no target is named, and marks the target embedded", async () => {
    const out = outFolder();
    const result = await runWith([...TINY, "--out", out], {}, { executor: executeInProcess });
    expect(result.stderr).toBe("");
    expect(result.code).toBe(0);
    expect(result.stdout.split("\n")[0]).toMatch(
      /^cms-conformance http:\/\/127\.0\.0\.1:\d+ \(the bundled reference server: no base URL was given, no target of yours is judged\) · default profile · 1 of \d+ verdicts selected$/,
    );
    const report = readReport(out);
    expect(report.meta.target.embedded).toBe(true);
    expect(report.verdict).toBe("pass");
  });

  it("refuses credentials given without a base URL rather than judge the bundled server with its own (issue 50.2)", async () => {
    const result = await runWith(
      [...TINY, "--client-id", "someone-else", "--token", "not-the-servers", "--out", outFolder()],
      {},
      { executor: unreachable },
    );
    expect([result.code, result.stdout]).toEqual([2, ""]);
    expect(result.stderr).toMatch(/^cms-conformance run: --client-id and --token are given but no base URL is, /);
  });

  it("moves the bundled server's operation with --operation-path so the run still reaches it", async () => {
    const out = outFolder();
    const result = await runWith(
      [...TINY, "--operation-path", "listLandingPages=/tenant/landing-pages", "--out", out],
      {},
      { executor: executeInProcess },
    );
    expect(result.stderr).toBe("");
    expect(result.code).toBe(0);
    expect(readReport(out).verdict).toBe("pass");
  });

  it("writes only the formats asked for, the HAR with its exchanges, and removes the reports of an earlier run", async () => {
    const out = outFolder();
    // An earlier run's, each with the suite's marker (a user's file of the name would stay: staleReports.test.ts).
    writeFileSync(join(out, "junit.xml"), '<testsuites name="cms-conformance" tests="1"></testsuites>');
    writeFileSync(
      join(out, "index.html"),
      '<meta name="generator" content="cms-conformance 1.0.0"><title>PASS</title>',
    );
    const result = await runWith([...TINY, "--format", "json,har", "--out", out], {}, { executor: executeInProcess });
    expect(result.code).toBe(0);
    expect(readdirSync(out).sort()).toEqual(["exchanges.har", "report.json"]);
    const har = JSON.parse(readFileSync(join(out, "exchanges.har"), "utf8")) as { log: { entries: unknown[] } };
    expect(har.log.entries.length).toBeGreaterThan(0);
    expect(result.stdout).toContain(`\n  har    ${join(out, "exchanges.har")}\n`);
  });

  it("refuses a folder in the way of the HAR before the run starts", async () => {
    const out = outFolder();
    mkdirSync(join(out, "exchanges.har"));
    const result = await runWith([...TINY, "--format", "json,har", "--out", out], {}, { executor: unreachable });
    expect(result.code).toBe(2);
    expect(result.stderr).toBe(
      `cms-conformance run: ${join(out, "exchanges.har")} is in the way of a report: it exists and is not a file; give a folder you can write to with --out, or move it\n`,
    );
  });

  it("exits 2 naming the folder when the reports cannot be written at the end of the run", async () => {
    const out = outFolder();
    const folderTurnsIntoFile: CheckExecutor = async (...args) => {
      const execution = await executeInProcess(...args);
      rmSync(out, { recursive: true });
      writeFileSync(out, "not a folder any more");
      return execution;
    };
    const result = await runWith([...TINY, "--out", out], {}, { executor: folderTurnsIntoFile });
    expect(result.code).toBe(2);
    expect(result.stderr).toMatch(
      new RegExp(
        `^cms-conformance run: cannot write the reports into ${out} \\([A-Z]+\\); give a folder you can write to with --out\\n$`,
      ),
    );
  });

  it("warns on standard error that --insecure verifies no certificate", async () => {
    const result = await runWith([...TINY, "--insecure", "--out", outFolder()], {}, { executor: executeInProcess });
    expect(result.code).toBe(0);
    expect(result.stderr).toBe("warning: --insecure: TLS certificates are not verified; every report records it.\n");
  });

  it("refuses --wait-for-target 0s: the wait must be longer than nothing", async () => {
    const result = await runWith(["--wait-for-target", "0s"], {}, { executor: unreachable });
    expect(result).toEqual({
      code: 2,
      stdout: "",
      stderr: 'cms-conformance run: --wait-for-target takes a duration such as 30s, 2m or 1500ms, not "0s"\n',
    });
  });

  it("records --shard in the report", async () => {
    const out = outFolder();
    const result = await runWith([...TINY, "--shard", "1/1", "--out", out], {}, { executor: executeInProcess });
    expect(result.code).toBe(0);
    expect(readReport(out).meta.selection.shard).toEqual({ index: 1, count: 1 });
  });

  it("hands the given date to the waivers: a waiver that expires after it excuses a failure", async () => {
    const out = outFolder();
    const waivers = join(outFolder(), "waivers.json");
    writeFileSync(
      waivers,
      JSON.stringify({
        waivers: [
          { checkId: "http.valid-request-ok", operation: "listLandingPages", reason: "VEND-1", expires: "2020-06-30" },
        ],
      }),
    );
    const result = await runWith(
      [...TINY, "--waivers", waivers, "--out", out],
      {},
      {
        executor: failingEverything,
        today: "2020-01-01",
      },
    );
    expect(result.code).toBe(0);
    expect(readReport(out).results.map((verdict) => verdict.outcome)).toEqual(["waived"]);
  });

  it("redacts in the reports a secret learned while the checks ran", async () => {
    const out = outFolder();
    const learned = "learned-token-Xq81Lz4";
    const learning: CheckExecutor = async (settings, planned, onResult, signal) => {
      announceLearnedSecret({ value: learned, placeholder: "$CMS_TOKEN" });
      const execution = await executeInProcess(settings, planned, onResult, signal);
      return {
        ...execution,
        results: execution.results.map((result) => ({ ...result, message: `${result.message} (${learned})` })),
      };
    };
    const result = await runWith([...TINY, "--out", out], {}, { executor: learning });
    expect(result.code).toBe(0);
    const text = readFileSync(join(out, "report.json"), "utf8");
    expect(text).not.toContain(learned);
    expect(readReport(out).results[0]?.message).toMatch(/ \(\$CMS_TOKEN\)$/);
  });
});

describe("run without a base URL, with --token-command", () => {
  it("runs no token command and exits 2: a token command names a target of the user's (issue 50.2)", async () => {
    const marker = join(outFolder(), "ran");
    const result = await runWith(
      [...TINY, "--token-command", `touch ${marker}`, "--out", outFolder()],
      {},
      { executor: unreachable },
    );
    expect(result.code).toBe(2);
    expect(result.stderr).toMatch(/^cms-conformance run: --token-command is given but no base URL is, /);
    expect(existsSync(marker)).toBe(false);
  });
});

describe("run --rerun-failed (in process)", () => {
  it("says there is nothing to re-run when no verdict of the report failed, and starts no check", async () => {
    const out = outFolder();
    expect((await runWith([...TINY, "--out", out], {}, { executor: executeInProcess })).code).toBe(0);
    const report = join(out, "report.json");
    const result = await runWith(["--rerun-failed", report], {}, { executor: unreachable });
    expect(result).toEqual({
      code: 0,
      stdout: `Nothing to re-run: no verdict of ${report} failed or errored.\n`,
      stderr: "",
    });
  });

  it("judges the failed verdicts again with the report's seed and records the report it re-ran", async () => {
    const first = outFolder();
    const failed = await runWith([...TINY, "--seed", "4242", "--out", first], {}, { executor: failingEverything });
    expect(failed.code).toBe(1);
    const second = outFolder();
    const report = join(first, "report.json");
    const result = await runWith(["--rerun-failed", report, "--out", second], {}, { executor: executeInProcess });
    expect(result.code).toBe(0);
    const rerun = readReport(second);
    expect(rerun.meta.seed).toBe(4242);
    expect(rerun.meta.selection.rerunFailed).toBe(report);
    expect(rerun.results.map((verdict) => [verdict.checkId, verdict.operation])).toEqual([
      ["http.valid-request-ok", "listLandingPages"],
    ]);
  });
});

describe("run --rerun-failed with a report whose seed the run refuses", () => {
  it("names the report as the source of the seed", async () => {
    const first = outFolder();
    expect((await runWith([...TINY, "--out", first], {}, { executor: failingEverything })).code).toBe(1);
    const report = join(first, "report.json");
    const edited = readReport(first);
    writeFileSync(report, JSON.stringify({ ...edited, meta: { ...edited.meta, seed: -1 } }));
    const result = await runWith(["--rerun-failed", report], {}, { executor: unreachable });
    expect(result).toEqual({
      code: 2,
      stdout: "",
      stderr: `cms-conformance run: seed of the report ${report} takes a whole number from 0 to 2147483647, not -1\n`,
    });
  });
});

describe("run against a target it was given, with --token-command", () => {
  it("runs the command for the token before the first check", async () => {
    const server = await startReferenceServer({ port: 0 });
    try {
      const config = referenceRunConfig(server);
      const out = outFolder();
      const command = `printf %s ${config.token}`;
      const result = await runWith(
        [
          ...TINY,
          "--base-url",
          server.baseUrl,
          "--client-id",
          config.clientId ?? "",
          "--token-command",
          command,
          "--out",
          out,
        ],
        {},
        { executor: executeInProcess },
      );
      expect(result.stderr).toBe("");
      expect(result.code).toBe(0);
    } finally {
      await server.close();
    }
  });
});

describe("run stopped by a signal (in process)", () => {
  /** Runs the checks in process after calling the run's own listener of `signal` `times` times. */
  function signalling(signal: NodeJS.Signals, times: number, before: readonly unknown[]): CheckExecutor {
    return (settings, planned, onResult, abort) => {
      // Called directly, not by process.emit: vitest's own listeners of the signal must not run.
      const listener = process.listeners(signal).find((candidate) => !before.includes(candidate));
      for (let at = 0; at < times; at++) (listener as ((signal: NodeJS.Signals) => void) | undefined)?.(signal);
      return executeInProcess(settings, planned, onResult, abort);
    };
  }

  /** process.exit replaced by a recorder: what it was called with. */
  function recordExits(): (number | string | null | undefined)[] {
    const exits: (number | string | null | undefined)[] = [];
    vi.spyOn(process, "exit").mockImplementation(((code?: number | string | null) => {
      exits.push(code);
    }) as never);
    return exits;
  }

  it.each([
    ["SIGINT", 130],
    ["SIGTERM", 143],
  ] as const)("stops at the first %s, says so, writes the reports and exits %i", async (signal, exitCode) => {
    const exits = recordExits();
    const listening = { SIGINT: process.listeners("SIGINT"), SIGTERM: process.listeners("SIGTERM") };
    const out = outFolder();
    const result = await runWith([...TINY, "--out", out], {}, { executor: signalling(signal, 1, listening[signal]) });
    expect(exits).toEqual([]);
    expect(result.code).toBe(exitCode);
    expect(result.stderr).toBe(
      `\n${signal}: stopping the run and writing the reports of what finished (${signal} again stops at once)\n`,
    );
    expect(readdirSync(out).sort()).toEqual(["index.html", "junit.xml", "report.json"]);
    // The run stops listening once it is over.
    expect(process.listeners("SIGINT")).toEqual(listening.SIGINT);
    expect(process.listeners("SIGTERM")).toEqual(listening.SIGTERM);
  });

  it("ends the process at once with the signal's exit code on a second signal", async () => {
    const exits = recordExits();
    const before = process.listeners("SIGINT");
    await runWith([...TINY, "--out", outFolder()], {}, { executor: signalling("SIGINT", 2, before) });
    expect(exits).toEqual([130]);
  });
});

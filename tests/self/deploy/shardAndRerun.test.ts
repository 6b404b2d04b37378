/**
 * CI fleets and re-runs: --shard i/n splits the verdicts by a stable hash and `merge` puts the
 * shards back together with the verdicts of an unsharded run; --max-failures / -x stop early and
 * say so; --rerun-failed runs only what failed, with the earlier run's seed.
 */
import { mkdirSync, mkdtempSync, readFileSync, readdirSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { main } from "../../../cli/main.js";
import { startReferenceServer, type RunningReferenceServer } from "../../../reference/startReferenceServer.js";
import { validateRunReport } from "../../../reports/validateRunReport.js";
import { shardOf } from "../../../runner/engine/shardOf.js";
import { planRun } from "../../../runner/planRun.js";
import type { RunReport } from "../../../runner/model/RunReport.js";
import { reproduceCommand } from "../../../runner/report/reproduceCommand.js";
import { resolveRunSettings } from "../../../runner/settings/resolveRunSettings.js";
import { referenceRunConfig } from "../../../reference/referenceRunConfig.js";
import { runInProcess } from "../suite/runInProcess.js";
import { runBin } from "./runBin.js";
import { CHECK_CATALOGUE } from "../../../checks/checkCatalogue.js";

const verdicts = (report: RunReport) =>
  Object.fromEntries(report.results.map((result) => [`${result.checkId} [${result.operation}]`, result.outcome]));
const readReport = (dir: string) => JSON.parse(readFileSync(join(dir, "report.json"), "utf8")) as RunReport;

/** Captures an in-process command's output. */
async function inProcess(argv: string[]) {
  let stdout = "";
  let stderr = "";
  const io = {
    stdout: { write: (text: string) => (stdout += text) },
    stderr: { write: (text: string) => (stderr += text) },
    readStdin: async () => "",
  };
  const code = await main(argv, io);
  return { code, stdout, stderr };
}

describe("--shard", () => {
  const settings = resolveRunSettings([{ baseUrl: "http://127.0.0.1:9", clientId: "client", token: "token" }]);

  it("splits the selected pairs into disjoint shards that cover them all", () => {
    const all = planRun(settings, CHECK_CATALOGUE).map(({ check, operation }) => `${check.id} ${operation}`);
    const shards = [1, 2, 3].map((index) =>
      planRun({ ...settings, shard: { index, count: 3 } }, CHECK_CATALOGUE).map(
        ({ check, operation }) => `${check.id} ${operation}`,
      ),
    );
    expect(shards.flat().sort()).toEqual([...all].sort());
    for (const shard of shards) expect(shard.length).toBeGreaterThan(all.length / 6);
  });

  it("keeps a pair in its shard whatever else is selected (a hash of check id and operation, not a position)", () => {
    const narrow = { ...settings, checks: ["pagination.*"], shard: { index: 2, count: 3 } };
    const wide = { ...settings, shard: { index: 2, count: 3 } };
    const inWide = new Set(planRun(wide, CHECK_CATALOGUE).map(({ check, operation }) => `${check.id} ${operation}`));
    const inNarrow = planRun(narrow, CHECK_CATALOGUE).map(({ check, operation }) => `${check.id} ${operation}`);
    expect(inNarrow.length).toBeGreaterThan(0);
    for (const pair of inNarrow) expect(inWide.has(pair)).toBe(true);
    expect(shardOf("pagination.default-first-10", "listLandingPages", 3)).toBe(
      shardOf("pagination.default-first-10", "listLandingPages", 3),
    );
  });

  it.each([["0/2"], ["3/2"], ["1/0"], ["a/b"], ["2"]])("refuses --shard %s with exit 2", async (shard) => {
    const result = await inProcess(["run", "--shard", shard]);
    expect(result.code).toBe(2);
    expect(result.stderr).toMatch(/--shard takes i\/n with 1 ≤ i ≤ n/);
  });
});

describe("against a faulty local target", () => {
  let server: RunningReferenceServer;
  let env: NodeJS.ProcessEnv;
  let target: string[];
  let dir: string;
  beforeAll(async () => {
    server = await startReferenceServer({ seed: 12 });
    env = {
      CMS_CLIENT_ID: server.credentials.clientId,
      CMS_TOKEN: server.credentials.token,
      CMS_RESTRICTED_TOKEN: server.credentials.restrictedToken,
    };
    const fixtures = [
      ...server.fixtures.analyticIds.slice(0, 4).flatMap((id) => ["--analytic-id", id]),
      ...server.fixtures.roles.flatMap((role) => ["--role", role]),
      "--domain-name",
      server.fixtures.domainName,
      "--service-name",
      server.fixtures.serviceName,
    ];
    target = [
      "--base-url",
      server.faultBaseUrl("text-plain-content-type"),
      ...fixtures,
      "--seed",
      "21",
      "--max-examples",
      "3",
      // Three families (the fault breaks http.json-content-type): sharding, merging and re-running treat every
      // pair alike, and a whole run per process costs seconds of CPU.
      "--checks",
      "http.*,schema.*,auth.*",
    ];
    dir = mkdtempSync(join(tmpdir(), "cms-shards-"));
  });
  afterAll(() => server.close());

  it("merges two shards into the verdicts of the unsharded run of the same seed", async () => {
    // Act
    const [whole, first, second] = await Promise.all([
      runBin(["run", ...target, "--out", join(dir, "whole"), "--format", "json"], env),
      runBin(["run", ...target, "--shard", "1/2", "--out", join(dir, "shard-1"), "--format", "json"], env),
      runBin(["run", ...target, "--shard", "2/2", "--out", join(dir, "shard-2"), "--format", "json"], env),
    ]);
    const merged = await runBin([
      "merge",
      "--out",
      join(dir, "merged"),
      join(dir, "shard-1"),
      join(dir, "shard-2", "report.json"),
    ]);
    // Assert
    expect([whole.code, first.code, second.code, merged.code]).toEqual([1, 1, 1, 1]);
    expect(merged.stderr).toBe("");
    expect(readdirSync(join(dir, "merged")).sort()).toEqual(["index.html", "junit.xml", "report.json"]);
    const unsharded = readReport(join(dir, "whole"));
    const combined = readReport(join(dir, "merged"));
    expect(validateRunReport(combined)).toEqual([]);
    expect(Object.values(verdicts(combined))).toContain("failed");
    expect(verdicts(combined)).toEqual(verdicts(unsharded));
    expect(combined.results.map((result) => `${result.checkId} ${result.operation}`)).toEqual(
      unsharded.results.map((result) => `${result.checkId} ${result.operation}`),
    );
    expect(combined.summary).toEqual(unsharded.summary);
    expect(combined.meta.selection).toEqual(unsharded.meta.selection);
    expect(combined.meta.commandLine).toBe(unsharded.meta.commandLine);
    expect(readReport(join(dir, "shard-1")).meta.commandLine).toContain("--shard 1/2");
    expect(combined.meta.requestCount).toBe(
      readReport(join(dir, "shard-1")).meta.requestCount + readReport(join(dir, "shard-2")).meta.requestCount,
    );
    expect(combined.meta.notes[0]).toMatch(/^merged from 2 reports: /);
  }, 180_000);

  it("refuses to merge a missing shard, a repeated shard, and shards of different runs (exit 2)", async () => {
    const shard1 = join(dir, "shard-1");
    const otherSeed = join(dir, "other-seed.json");
    const report = readReport(join(dir, "shard-2"));
    writeFileSync(otherSeed, JSON.stringify({ ...report, meta: { ...report.meta, seed: 22 } }));
    expect(await inProcess(["merge", "--out", join(dir, "x"), shard1])).toMatchObject({
      code: 2,
      stderr: expect.stringMatching(/shard 2\/2 missing: give the report folder of every shard/),
    });
    expect(await inProcess(["merge", "--out", join(dir, "x"), shard1, shard1])).toMatchObject({
      code: 2,
      stderr: expect.stringMatching(/are both shard 1\/2/),
    });
    expect(await inProcess(["merge", "--out", join(dir, "x"), shard1, otherSeed])).toMatchObject({
      code: 2,
      stderr: expect.stringMatching(/differ in seed \(21 and 22\): merge only the shards of one run/),
    });
    expect(await inProcess(["merge", "--out", join(dir, "x"), join(dir, "nowhere")])).toMatchObject({
      code: 2,
      stderr: expect.stringMatching(/cannot read .*nowhere/),
    });
  }, 60_000);

  it("-x starts no check after the first failed verdict, writes the reports and says how many pairs were not run", async () => {
    const result = await runBin(
      ["run", ...target, "-x", "--out", join(dir, "exitfirst"), "--format", "json,junit"],
      env,
    );
    expect(result.code).toBe(1);
    const report = readReport(join(dir, "exitfirst"));
    expect(validateRunReport(report)).toEqual([]);
    const note = report.meta.notes.find((line) =>
      line.startsWith(
        "stopped once 1 verdict had failed or errored (--max-failures 1; checks already running finished): ",
      ),
    );
    const counts = /: (\d+) of (\d+) check × operation pairs were not run$/.exec(note ?? "");
    const notRun = Number(counts?.[1]);
    // The pairs --checks selected, fewer than the suite's.
    const planned = Number(counts?.[2]);
    expect(planned).toBeLessThan(report.meta.selection.totalVerdicts);
    expect(notRun).toBeGreaterThan(0);
    expect(report.summary.total + notRun).toBe(planned);
    expect(report.summary.failed).toBeGreaterThanOrEqual(1);
    expect(report.summary.errors).toBe(0); // pairs not run are not errors
    // The Reproduce line repeats what was typed (issue 41.4).
    expect(report.meta.commandLine).toMatch(/ -x --seed \d+$/);
    expect(result.stdout).toContain("stopped once 1 verdict had failed or errored");
  }, 120_000);

  it("--rerun-failed runs only the failed pairs, with the earlier run's seed, and they fail the same way", async () => {
    const earlier = join(dir, "whole", "report.json");
    const before = readReport(join(dir, "whole"));
    const failed = before.results.filter((result) => result.outcome === "failed" || result.outcome === "error");
    // The flags name a different seed and example count only through the report: none are given here.
    const withoutSeed = target.filter(
      (_, index) => !["--seed", "21", "--max-examples", "3"].includes(target[index] ?? ""),
    );
    const result = await runBin(
      ["run", ...withoutSeed, "--rerun-failed", earlier, "--out", join(dir, "rerun"), "--format", "json"],
      env,
    );
    expect(result.code).toBe(1);
    const rerun = readReport(join(dir, "rerun"));
    expect(rerun.meta.seed).toBe(21);
    expect(rerun.meta.maxExamples).toBe(3);
    expect(verdicts(rerun)).toEqual(
      Object.fromEntries(failed.map((result) => [`${result.checkId} [${result.operation}]`, result.outcome])),
    );
    expect(rerun.meta.selection.rerunFailed).toBe(earlier);
    expect(rerun.meta.commandLine).toContain(`--rerun-failed ${earlier}`);
    expect(rerun.meta.notes).toContain(
      `re-run of the ${failed.length} failed or errored verdicts of ${earlier} (--rerun-failed), with its seed`,
    );
    // Once the target is fixed, the same re-run passes.
    const fixed = await runBin(
      [
        "run",
        ...withoutSeed.map((arg) => (arg === server.faultBaseUrl("text-plain-content-type") ? server.baseUrl : arg)),
        "--rerun-failed",
        earlier,
        "--out",
        join(dir, "fixed"),
        "--format",
        "json",
      ],
      env,
    );
    expect(fixed.code).toBe(0);
    expect(readReport(join(dir, "fixed")).summary.total).toBe(failed.length);
  }, 120_000);

  it("stops early in process too (the executor of the suite's own tests and the benchmark)", async () => {
    const layer = { ...referenceRunConfig(server, server.faultBaseUrl("text-plain-content-type")), maxFailures: 2 };
    const report = await runInProcess(layer, { maxExamples: 3 });
    expect(report.summary.failed).toBeGreaterThanOrEqual(2);
    expect(report.summary.errors).toBe(0);
    expect(report.meta.notes.join("\n")).toMatch(
      /stopped once 2 verdicts had failed or errored \(--max-failures 2; checks already running finished\): \d+ of \d+/,
    );
  });

  it("--rerun-failed after a clean run exits 0 with a sentence, and takes a report folder (issue 27.9)", async () => {
    const passing = join(dir, "passing");
    mkdirSync(passing, { recursive: true });
    const report = readReport(join(dir, "whole"));
    writeFileSync(
      join(passing, "report.json"),
      JSON.stringify({ ...report, results: report.results.filter((result) => result.outcome === "passed") }),
    );
    expect(await inProcess(["run", "--rerun-failed", passing])).toMatchObject({
      code: 0,
      stdout: expect.stringMatching(/^Nothing to re-run: no verdict of .*passing\/report\.json failed or errored\.\n$/),
    });
  });

  it("refuses --rerun-failed with a file that is no report, or one naming a check this suite lacks (exit 2)", async () => {
    const report = readReport(join(dir, "whole"));
    const notReport = join(dir, "not-a-report.json");
    writeFileSync(notReport, JSON.stringify({ hello: "world" }));
    expect(await inProcess(["run", "--rerun-failed", notReport])).toMatchObject({
      code: 2,
      stderr: expect.stringMatching(/is not a report\.json of cms-conformance/),
    });
    const renamed = join(dir, "renamed.json");
    writeFileSync(
      renamed,
      JSON.stringify({
        ...report,
        results: [{ ...report.results[0], checkId: "get.widget-not-wrapped", outcome: "failed" }],
      }),
    );
    expect(await inProcess(["run", "--rerun-failed", renamed])).toMatchObject({
      code: 2,
      stderr: expect.stringMatching(
        /names the check "get.widget-not-wrapped", which this version of the suite does not have/,
      ),
    });
  });
});

describe("--max-failures", () => {
  it.each([
    [["--max-failures", "0"], /--max-failures takes a whole number from 1 to 100000, not "0"/],
    [["--max-failures", "2", "-x"], /not both/],
    [["--max-failures", "two"], /whole number/],
  ])("refuses %j with exit 2", async (flags, message) => {
    const result = await inProcess(["run", ...flags]);
    expect(result.code).toBe(2);
    expect(result.stderr).toMatch(message);
  });

  it("puts --shard, --rerun-failed and --max-failures in the command line that reproduces the run", () => {
    const settings = resolveRunSettings([
      { baseUrl: "http://127.0.0.1:9", clientId: "client", token: "token", seed: 4, maxFailures: 3 },
    ]);
    const command = reproduceCommand({
      ...settings,
      shard: { index: 2, count: 4 },
      rerunFailed: { report: "out/report.json", verdicts: [] },
    });
    expect(command).toBe(
      'cms-conformance run --base-url http://127.0.0.1:9 --client-id="$CMS_CLIENT_ID" --token="$CMS_TOKEN"' +
        " --rerun-failed out/report.json --shard 2/4 --max-failures 3 --seed 4",
    );
  });
});

/**
 * runConformance around an executor it is handed (issue 25.3): a small catalogue, a target that answers every
 * preflight request, and an executor that reports what a test tells it. What the engine adds is checked whole:
 * plan order, the verdicts it never got, waivers applied as verdicts come and at the end, gate failures
 * (expired waivers, interruption, --fail-on-skipped, --fail-on-unverified), notes and the observer's calls.
 */
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { CheckCatalogue } from "../../../runner/engine/CheckCatalogue.js";
import type { CheckDefinition } from "../../../runner/engine/CheckDefinition.js";
import type { CheckExecutor, Execution } from "../../../runner/execute/CheckExecutor.js";
import type { CheckResult } from "../../../runner/model/RunReport.js";
import type { RunSettings } from "../../../runner/model/RunSettings.js";
import { runConformance, type RunStart } from "../../../runner/runConformance.js";
import { WaiversFileError } from "../../../runner/waivers/WaiversFileError.js";
import { testSettings } from "./engine/engineDoubles.js";

const check = (id: string, operations: CheckDefinition["operations"]): CheckDefinition => ({
  id,
  title: `title of ${id}`,
  rule: id,
  family: id.split(".")[0] as CheckDefinition["family"],
  specRefs: ["7"],
  level: "MUST",
  operations,
  registerRefs: [],
  run: async () => undefined,
});
const CATALOGUE = new CheckCatalogue([
  check("http.one", ["getWidget", "getAnalytic"]),
  check("http.two", ["getWidget"]),
  check("permissions.three", ["listLandingPages"]),
]);

const verdict = (
  checkId: string,
  operation: CheckResult["operation"],
  outcome: CheckResult["outcome"],
  message = "m",
): CheckResult => ({
  checkId,
  title: `title of ${checkId}`,
  family: "http",
  operation,
  outcome,
  level: "MUST",
  specRefs: ["7"],
  registerRefs: [],
  message,
  evidence: [],
  durationMs: 1,
});

/** An executor that reports `results` (each through onResult) and returns them with what else `extra` says. */
function executor(results: CheckResult[], extra: Partial<Execution> = {}, seen: string[][] = []): CheckExecutor {
  return async (_settings, planned, onResult) => {
    seen.push(planned.map(({ check: { id }, operation }) => `${id} ${operation}`));
    for (const result of results) onResult(result);
    return { results, runErrors: [], ...extra };
  };
}

let server: Server;
let baseUrl: string;
beforeAll(async () => {
  server = createServer((request, response) => {
    request.resume();
    response.writeHead(200, { "content-type": "application/json" }).end("{}");
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

const settings = (overrides: Partial<RunSettings> = {}): RunSettings => testSettings({ baseUrl, ...overrides });

/** The folder of this file's waivers files, removed once its tests are done. */
const waiversFolder = mkdtempSync(join(tmpdir(), "cms-run-conformance-"));
afterAll(() => rmSync(waiversFolder, { recursive: true, force: true }));

/** Writes a waivers file of `waivers` named `name`; returns its path. */
function writeWaivers(name: string, waivers: readonly Record<string, string>[]): string {
  const file = join(waiversFolder, name);
  writeFileSync(file, JSON.stringify({ waivers }));
  return file;
}

describe("runConformance", () => {
  it("orders the verdicts as planned, and turns each planned pair that never reported into an error", async () => {
    const seen: string[][] = [];
    const report = await runConformance({
      settings: settings(),
      catalogue: CATALOGUE,
      executor: executor(
        [verdict("http.two", "getWidget", "passed"), verdict("http.one", "getWidget", "failed")],
        {},
        seen,
      ),
    });
    expect(seen).toEqual([
      ["http.one getWidget", "http.one getAnalytic", "http.two getWidget", "permissions.three listLandingPages"],
    ]);
    expect(report.results.map((result) => `${result.checkId} ${result.operation} ${result.outcome}`)).toEqual([
      "http.one getWidget failed",
      "http.one getAnalytic error",
      "http.two getWidget passed",
      "permissions.three listLandingPages error",
    ]);
    const missing = report.results[1];
    expect(missing).toEqual({
      checkId: "http.one",
      title: "title of http.one",
      family: "http",
      operation: "getAnalytic",
      outcome: "error",
      level: "MUST",
      specRefs: ["7"],
      registerRefs: [],
      message: "The suite could not run this check: no verdict was reported",
      evidence: [],
      durationMs: 0,
    });
    expect(report.verdict).toBe("fail");
    expect(report.meta.notes).toEqual([]);
    expect(report.meta.gateFailures).toEqual([]);
    // No statistics from the executor: no sampling line, no request counted.
    expect([report.meta.sampling, report.meta.requestCount]).toStrictEqual([[], 0]);
  });

  it("says why verdicts are missing when the run reported errors, and notes each error", async () => {
    const report = await runConformance({
      settings: settings({ checks: ["http.two"] }),
      catalogue: CATALOGUE,
      executor: executor([], { runErrors: ["the worker died", "a module did not load"] }),
    });
    expect(report.results.map((result) => result.message)).toEqual([
      "The suite could not run this check: the worker died; a module did not load",
    ]);
    expect(report.meta.notes).toEqual([
      "the run itself reported an error: the worker died",
      "the run itself reported an error: a module did not load",
    ]);
  });

  it("tells the observer the start, each verdict with its waiver, and the exchanges", async () => {
    const waiversFile = writeWaivers("waivers.json", [
      { checkId: "http.one", operation: "getWidget", reason: "ticket 1", expires: "2030-01-01" },
      { checkId: "http.two", reason: "ticket 2", expires: "2020-01-01" },
      { checkId: "permissions.three", reason: "ticket 3", expires: "2030-01-01" },
    ]);
    const starts: RunStart[] = [];
    const heard: string[] = [];
    const logs: number[] = [];
    const exchanges = { entries: [], seen: 3, dropped: 0, limit: 10, maxBodyChars: 10 };
    const report = await runConformance({
      settings: settings({ checks: ["http.*"] }),
      catalogue: CATALOGUE,
      waiversFile,
      today: "2025-06-01",
      observer: {
        onRunStart: (start) => starts.push(start),
        onResult: (result) => heard.push(`${result.checkId} ${result.operation} ${result.outcome}`),
        onExchanges: (log) => logs.push(log.seen),
      },
      executor: executor(
        [
          verdict("http.one", "getWidget", "failed"),
          verdict("http.one", "getAnalytic", "passed"),
          verdict("http.two", "getWidget", "failed"),
        ],
        {
          statistics: {
            requests: 3,
            retries429: 0,
            transportFailures: 0,
            durationsByPath: {},
            sampling: ["s1"],
            exchanges,
          } as never,
        },
      ),
    });
    expect(starts).toEqual([{ target: baseUrl, embedded: false, profile: "default", checks: 3, totalVerdicts: 4 }]);
    expect(heard).toEqual(["http.one getWidget waived", "http.one getAnalytic passed", "http.two getWidget failed"]);
    expect(logs).toEqual([3]);
    expect(report.results.map((result) => result.outcome)).toEqual(["waived", "passed", "failed"]);
    expect(report.meta.gateFailures).toEqual(["expired waiver: http.two on every operation (expired 2020-01-01)"]);
    expect(report.meta.notes).toEqual(["unused waiver: permissions.three on every operation"]);
    expect(report.meta.sampling).toEqual(["s1"]);
    expect([report.meta.requestCount, report.meta.retries429]).toStrictEqual([3, 0]);
  });

  it("notes a re-run, a shard and the pairs --max-failures kept from starting, which are not errors", async () => {
    const report = await runConformance({
      settings: settings({
        maxFailures: 1,
        shard: { index: 1, count: 1 },
        rerunFailed: {
          report: "old/report.json",
          verdicts: [
            { checkId: "http.one", operation: "getWidget" },
            { checkId: "http.two", operation: "getWidget" },
          ],
        },
      }),
      catalogue: CATALOGUE,
      executor: executor([verdict("http.one", "getWidget", "failed")], {
        notRun: [{ checkId: "http.two", operation: "getWidget" }],
      }),
    });
    expect(report.results.map((result) => `${result.checkId} ${result.operation}`)).toEqual(["http.one getWidget"]);
    expect(report.meta.notes).toEqual([
      "re-run of the 2 failed or errored verdicts of old/report.json (--rerun-failed), with its seed",
      "shard 1/1: 2 of the selected check × operation pairs; merge the shards' reports with cms-conformance merge",
      "stopped once 1 verdict had failed or errored (--max-failures 1; checks already running finished): 1 of 2 check × operation pairs were not run",
    ]);
    const plural = await runConformance({
      settings: settings({ maxFailures: 2 }),
      catalogue: CATALOGUE,
      executor: executor([], { notRun: [{ checkId: "http.two", operation: "getWidget" }] }),
    });
    expect(plural.meta.notes[0]).toBe(
      "stopped once 2 verdicts had failed or errored (--max-failures 2; checks already running finished): 1 of 4 check × operation pairs were not run",
    );
  });

  it("fails the gate for each skipped verdict with --fail-on-skipped, and each unverified permission verdict with --fail-on-unverified", async () => {
    const results = [
      { ...verdict("http.one", "getWidget", "skipped", "needs x"), skipReason: "Set X." },
      verdict("http.one", "getAnalytic", "skipped", "needs y"),
      verdict("http.two", "getWidget", "warning", "no fact given [register: permission-facts]"),
      verdict("permissions.three", "listLandingPages", "warning", "another warning [register: other]"),
    ];
    const run = (overrides: Partial<RunSettings>) =>
      runConformance({ settings: settings(overrides), catalogue: CATALOGUE, executor: executor(results) });
    expect((await run({})).meta.gateFailures).toEqual([]);
    expect((await run({ failOnSkipped: true })).meta.gateFailures).toEqual([
      "skipped (--fail-on-skipped): http.one on getWidget: Set X.",
      "skipped (--fail-on-skipped): http.one on getAnalytic: needs y",
    ]);
    const unverified = await run({ failOnUnverified: true });
    expect(unverified.meta.gateFailures).toEqual([
      "unverified (--fail-on-unverified): http.two on getWidget: no fact given [register: permission-facts]",
    ]);
    expect(unverified.verdict).toBe("fail");
  });

  it("makes the open verdicts errors and fails the gate when the run is interrupted", async () => {
    const controller = new AbortController();
    const interrupted: CheckExecutor = async (_settings, _planned, onResult) => {
      const result = verdict("http.two", "getWidget", "passed");
      onResult(result);
      controller.abort("SIGINT");
      return { results: [result], runErrors: [] };
    };
    const report = await runConformance({
      settings: settings({ checks: ["http.*"] }),
      catalogue: CATALOGUE,
      executor: interrupted,
      signal: controller.signal,
    });
    const open = report.results.filter((result) => result.outcome === "error");
    expect(open).toHaveLength(2);
    for (const result of open)
      expect(result.message).toMatch(
        /^The suite could not run this check: the run was interrupted at \d{4}-\d\d-\d\dT[\d:.]+Z \(SIGINT\) before this check finished$/,
      );
    expect(report.meta.gateFailures).toHaveLength(1);
    expect(report.meta.gateFailures[0]).toMatch(
      /^the run was interrupted at \d{4}-\d\d-\d\dT[\d:.]+Z \(SIGINT\); the verdicts still open then are errors$/,
    );
  });

  it("hands the executor the time the run started: the one given, else now", async () => {
    const started: (number | undefined)[] = [];
    const recording: CheckExecutor = async (timed) => {
      started.push(timed.runStartedAt);
      return { results: [], runErrors: [] };
    };
    // Date stands still at the real now (the preflight's client counts --max-run-time from it on the real clock).
    const now = Date.now();
    vi.useFakeTimers({ toFake: ["Date"], now });
    try {
      // A second ago: the run's time bound (--max-run-time) counts from it.
      const given = now - 1_000;
      await runConformance({ settings: settings({ runStartedAt: given }), catalogue: CATALOGUE, executor: recording });
      await runConformance({ settings: settings(), catalogue: CATALOGUE, executor: recording });
      expect(started).toEqual([given, now]);
    } finally {
      vi.useRealTimers();
    }
  });

  it("measures the run's duration from its start", async () => {
    vi.useFakeTimers({ toFake: ["Date"], now: Date.now() });
    try {
      // The checks take 1.25 s on the fake clock.
      const slow: CheckExecutor = async () => {
        vi.setSystemTime(Date.now() + 1_250);
        return { results: [], runErrors: [] };
      };
      const report = await runConformance({ settings: settings(), catalogue: CATALOGUE, executor: slow });
      expect(report.meta.durationMs).toBe(1_250);
    } finally {
      vi.useRealTimers();
    }
  });

  it("refuses a waiver of an operation its check does not run on, and takes one of an operation it does", async () => {
    const wrong = writeWaivers("wrong.json", [
      { checkId: "http.two", operation: "getAnalytic", reason: "ticket 4", expires: "2030-01-01" },
    ]);
    const error: unknown = await runConformance({
      settings: settings(),
      catalogue: CATALOGUE,
      waiversFile: wrong,
      executor: executor([]),
    }).then(
      () => undefined,
      (thrown: unknown) => thrown,
    );
    expect(error).toBeInstanceOf(WaiversFileError);
    expect((error as Error).message).toBe(
      `the waivers file ${wrong}: /waivers/0 waives http.two on getAnalytic, but that check does not run on getAnalytic; give an operation it runs on, or none for all`,
    );

    const right = writeWaivers("right.json", [
      { checkId: "permissions.three", operation: "listLandingPages", reason: "ticket 5", expires: "2030-01-01" },
      { checkId: "http.one", operation: "getWidget", finding: "never", reason: "ticket 6", expires: "2030-01-01" },
    ]);
    const report = await runConformance({
      settings: settings({ checks: ["permissions.three", "http.one"], operations: ["listLandingPages", "getWidget"] }),
      catalogue: CATALOGUE,
      waiversFile: right,
      today: "2025-06-01",
      executor: executor([
        verdict("http.one", "getWidget", "failed", "the body broke"),
        verdict("permissions.three", "listLandingPages", "failed"),
      ]),
    });
    expect(report.results.map((result) => `${result.checkId} ${result.operation} ${result.outcome}`)).toStrictEqual([
      "http.one getWidget failed",
      "permissions.three listLandingPages waived",
    ]);
    // A waiver whose finding matched nothing is named with its finding.
    expect(report.meta.notes).toStrictEqual(["unused waiver: http.one on getWidget, finding /never/"]);
    // The waivers file is part of the command line that reproduces the run.
    expect(report.meta.commandLine).toBe(
      `cms-conformance run --base-url ${baseUrl} --client-id="$CMS_CLIENT_ID" --token="$CMS_TOKEN" --restricted-token="$CMS_RESTRICTED_TOKEN" --analytic-id analytic://tenant/a1 --role r1 --role r2 --domain-name hcm --service-name payroll --checks permissions.three,http.one --operation listLandingPages --operation getWidget --waivers ${right} --seed 7 --max-examples 5 --timeout 1000 --concurrency 1`,
    );
  });

  it("fails the gate with --fail-on-unverified for a warning only: a failed verdict citing the register is judged already", async () => {
    const report = await runConformance({
      settings: settings({ failOnUnverified: true, checks: ["http.two"] }),
      catalogue: CATALOGUE,
      executor: executor([verdict("http.two", "getWidget", "failed", "wrong answer [register: permission-facts]")]),
    });
    expect(report.meta.gateFailures).toStrictEqual([]);
  });

  it("says 'aborted' for an interruption without a reason, and ends the gate's sentence only at its end", async () => {
    const interruptedWith = (reason: unknown) => {
      const controller = new AbortController();
      const executorThatAborts: CheckExecutor = async () => {
        controller.abort(reason);
        return { results: [], runErrors: [] };
      };
      return runConformance({
        settings: settings({ checks: ["http.two"] }),
        catalogue: CATALOGUE,
        executor: executorThatAborts,
        signal: controller.signal,
      });
    };
    const stamp = String.raw`\d{4}-\d\d-\d\dT[\d:.]+Z`;
    const silent = await interruptedWith(null);
    expect(silent.results.map((result) => result.message)).toHaveLength(1);
    expect(silent.results[0]?.message).toMatch(
      new RegExp(
        `^The suite could not run this check: the run was interrupted at ${stamp} \\(aborted\\) before this check finished$`,
      ),
    );
    const odd = await interruptedWith("told to stop before this check finished");
    expect(odd.meta.gateFailures).toHaveLength(1);
    expect(odd.meta.gateFailures[0]).toMatch(
      new RegExp(
        `^the run was interrupted at ${stamp} \\(told to stop before this check finished\\); the verdicts still open then are errors$`,
      ),
    );
  });
});

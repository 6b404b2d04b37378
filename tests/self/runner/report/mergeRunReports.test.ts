/**
 * mergeRunReports in this process (issue 25.3; the bin's merge is tested in deploy/shardAndRerun): shards of one
 * run become the run's report (verdicts once in catalogue order, counts, requests, time span, timings, notes,
 * command line), and reports that are not shards of one run are refused with the sentence that says why.
 */
import { describe, expect, it } from "vitest";
import type { PlannedCheck } from "../../../../runner/engine/CheckCatalogue.js";
import { MergeError, mergeRunReports, type ShardReport } from "../../../../runner/report/mergeRunReports.js";
import type { CheckResult, RunReport } from "../../../../runner/model/RunReport.js";
import { makeResult, makeRunReport } from "../../reports/runReportFixture.js";

const order = (...pairs: [string, CheckResult["operation"]][]): PlannedCheck[] =>
  pairs.map(([id, operation]) => ({ check: { id } as PlannedCheck["check"], operation }));

function shard(index: number, count: number, results: CheckResult[], meta: Partial<RunReport["meta"]> = {}): RunReport {
  const base = makeRunReport(results, "default", {
    commandLine: `cms-conformance run --seed 424242 --shard ${index}/${count} --out out${index}`,
    sampling: [`sampling of ${index}`, "shared sampling"],
    notes: [
      `shard ${index}/${count}: judged ${results.length} verdicts`,
      "unused waiver: a on getWidget",
      `note ${index}`,
    ],
  });
  return {
    ...base,
    meta: { ...base.meta, selection: { ...base.meta.selection, shard: { index, count } }, ...meta },
    timings: { getWidget: [index], ...(index === 1 ? { getAnalytic: [9] } : {}) },
  };
}

const A = makeResult({ checkId: "a.one", operation: "getWidget" });
const B = makeResult({ checkId: "b.two", operation: "getWidget", outcome: "failed" });
const C = makeResult({ checkId: "a.one", operation: "getAnalytic", outcome: "warning" });
const ORDER = order(["a.one", "getAnalytic"], ["a.one", "getWidget"], ["b.two", "getWidget"]);

describe("mergeRunReports", () => {
  const one: ShardReport = {
    source: "out1",
    report: shard(1, 2, [B, A], {
      startedAt: "2025-01-15T10:00:00.000Z",
      durationMs: 1000,
      requestCount: 10,
      retries429: 1,
    }),
  };
  const two: ShardReport = {
    source: "out2",
    report: shard(2, 2, [C], {
      startedAt: "2025-01-15T10:00:00.500Z",
      durationMs: 2000,
      requestCount: 5,
      retries429: 0,
    }),
  };

  it("makes the run's report: verdicts in catalogue order, counts, the whole time span, requests, timings", () => {
    const merged = mergeRunReports([two, one], ORDER);
    expect(merged.results.map((result) => `${result.checkId} ${result.operation}`)).toEqual([
      "a.one getAnalytic",
      "a.one getWidget",
      "b.two getWidget",
    ]);
    expect(merged.summary).toEqual({ total: 3, passed: 1, failed: 1, warnings: 1, skipped: 0, errors: 0, waived: 0 });
    expect(merged.verdict).toBe("fail");
    expect(merged.meta.startedAt).toBe("2025-01-15T10:00:00.000Z");
    expect(merged.meta.durationMs).toBe(2500);
    expect([merged.meta.requestCount, merged.meta.retries429]).toEqual([15, 1]);
    expect(merged.meta.selection.selectedVerdicts).toBe(3);
    expect("shard" in merged.meta.selection).toBe(false);
    expect(merged.meta.commandLine).toBe("cms-conformance run --seed 424242 --out out2");
    expect(merged.timings).toEqual({ getWidget: [2, 1], getAnalytic: [9] });
    expect(merged.meta.sampling).toEqual(["sampling of 2", "shared sampling", "sampling of 1"]);
    expect(merged.meta.notes).toEqual([
      "merged from 2 reports: out2, out1",
      "unused waiver: a on getWidget",
      "note 2",
      "note 1",
    ]);
    expect(merged.register).toBe(two.report.register);
  });

  it("keeps an unused waiver only when no shard used it, and passes a clean run", () => {
    const used = { ...one, report: { ...one.report, meta: { ...one.report.meta, notes: [] } } };
    expect(mergeRunReports([used, two], ORDER).meta.notes).toEqual(["merged from 2 reports: out1, out2", "note 2"]);
    const clean = mergeRunReports([{ source: "only", report: shard(1, 1, [A]) }], ORDER);
    expect(clean.verdict).toBe("pass");
    expect(clean.meta.notes[0]).toBe("merged from 1 report: only");
    const insecure = { ...two, report: { ...two.report, meta: { ...two.report.meta, insecure: true } } };
    expect(mergeRunReports([one, insecure], ORDER).meta.insecure).toBe(true);
    expect("insecure" in mergeRunReports([one, two], ORDER).meta).toBe(false);
  });

  it("refuses shards of two targets, and shards mixing the bundled server with a real target (issue 50.1)", () => {
    const at = (source: ShardReport, target: RunReport["meta"]["target"]): ShardReport => ({
      ...source,
      report: { ...source.report, meta: { ...source.report.meta, target } },
    });
    const real = at(one, { baseUrl: "https://cms.example", embedded: false });
    expect(() =>
      mergeRunReports([real, at(two, { baseUrl: "https://other.example", embedded: false })], ORDER),
    ).toThrow(
      new MergeError(
        "out1 judged https://cms.example and out2 judged https://other.example: merge only the shards of one run against one target",
      ),
    );
    expect(() => mergeRunReports([real, at(two, { baseUrl: "http://127.0.0.1:5001", embedded: true })], ORDER)).toThrow(
      new MergeError(
        "out1 judged https://cms.example and out2 judged the bundled reference server (http://127.0.0.1:5001): merge only the shards of one run against one target",
      ),
    );
    // The bundled server beside a real target with the very same address is still two targets.
    expect(() =>
      mergeRunReports(
        [at(one, { baseUrl: "https://cms.example", embedded: true }), at(two, real.report.meta.target)],
        ORDER,
      ),
    ).toThrow("out1 judged the bundled reference server (https://cms.example) and out2 judged https://cms.example");
    const same = mergeRunReports([real, at(two, { baseUrl: "https://cms.example", embedded: false })], ORDER);
    expect(same.meta.target).toEqual({ baseUrl: "https://cms.example", embedded: false });
    // Shards of the bundled server each start their own on a port of their own: one target all the same.
    const bundled = mergeRunReports(
      [
        at(one, { baseUrl: "http://127.0.0.1:5001", embedded: true }),
        at(two, { baseUrl: "http://127.0.0.1:5002", embedded: true }),
      ],
      ORDER,
    );
    expect(bundled.meta.target).toEqual({ baseUrl: "http://127.0.0.1:5001", embedded: true });
  });

  it("fails the merged run on a gate failure of any shard", () => {
    const gated = { ...two, report: { ...two.report, meta: { ...two.report.meta, gateFailures: ["expired waiver"] } } };
    const merged = mergeRunReports([{ ...one, report: { ...one.report, results: [A] } }, gated], ORDER);
    expect(merged.summary.failed).toBe(0);
    expect(merged.verdict).toBe("fail");
    expect(merged.meta.gateFailures).toEqual(["expired waiver"]);
  });

  it("refuses reports of different runs, naming the fact that differs", () => {
    const other = (meta: Partial<RunReport["meta"]>): ShardReport => ({
      ...two,
      report: { ...two.report, meta: { ...two.report.meta, ...meta } },
    });
    expect(() => mergeRunReports([one, other({ seed: 7 })], ORDER)).toThrow(
      new MergeError("out1 and out2 differ in seed (424242 and 7): merge only the shards of one run"),
    );
    expect(() => mergeRunReports([one, other({ profile: "strict" })], ORDER)).toThrow(
      "out1 and out2 differ in profile (default and strict): merge only the shards of one run",
    );
    expect(() => mergeRunReports([one, other({ maxExamples: 5 })], ORDER)).toThrow(
      "differ in --max-examples (100 and 5)",
    );
    expect(() =>
      mergeRunReports([one, other({ selection: { ...two.report.meta.selection, checks: ["a"] } })], ORDER),
    ).toThrow('differ in check and operation selection ([[],[],[]] and [["a"],[],[]])');
    expect(() =>
      mergeRunReports(
        [one, other({ selection: { ...two.report.meta.selection, shard: { index: 2, count: 3 } } })],
        ORDER,
      ),
    ).toThrow("differ in shard count (2 and 3)");
    expect(() =>
      mergeRunReports(
        [one, other({ selection: { ...two.report.meta.selection, rerunFailed: "x/report.json" } })],
        ORDER,
      ),
    ).toThrow("differ in --rerun-failed (none and x/report.json)");
  });

  it("fails a run whose only bad verdict is an error, and drops exactly the shard lines, whatever their numbers", () => {
    const E = makeResult({ checkId: "a.one", operation: "getAnalytic", outcome: "error" });
    const notes = [
      "shard 10/12: judged 1 verdicts",
      "shard 1/12: judged 1 verdicts",
      "see shard 1/2: the first one",
      "unused waiver: a on getWidget",
    ];
    const only = shard(1, 1, [E], { commandLine: "cms-conformance run --shard 10/12 --seed 1", notes });
    const merged = mergeRunReports([{ source: "s", report: only }], ORDER);
    expect(merged.summary).toStrictEqual({
      total: 1,
      passed: 0,
      failed: 0,
      warnings: 0,
      skipped: 0,
      errors: 1,
      waived: 0,
    });
    expect(merged.verdict).toBe("fail");
    expect(merged.meta.commandLine).toBe("cms-conformance run --seed 1");
    expect(merged.meta.notes).toStrictEqual([
      "merged from 1 report: s",
      "see shard 1/2: the first one",
      "unused waiver: a on getWidget",
    ]);
    const twoDigits = shard(1, 1, [E], { commandLine: "cms-conformance run --shard 1/12 --seed 1" });
    expect(mergeRunReports([{ source: "s", report: twoDigits }], ORDER).meta.commandLine).toBe(
      "cms-conformance run --seed 1",
    );
  });

  it("says nothing of base URLs when the shards hit one target, or each their own bundled server", () => {
    const at = (report: RunReport, baseUrl: string, embedded: boolean): RunReport => ({
      ...report,
      meta: { ...report.meta, target: { baseUrl, embedded } },
    });
    const sameTarget = mergeRunReports(
      [
        { ...one, report: at(one.report, "https://cms.example", false) },
        { ...two, report: at(two.report, "https://cms.example", false) },
      ],
      ORDER,
    );
    expect(sameTarget.meta.notes).toStrictEqual([
      "merged from 2 reports: out1, out2",
      "unused waiver: a on getWidget",
      "note 1",
      "note 2",
    ]);
    const bundled = mergeRunReports(
      [
        { ...one, report: at(one.report, "http://127.0.0.1:4010", true) },
        { ...two, report: at(two.report, "http://127.0.0.1:4011", true) },
      ],
      ORDER,
    );
    expect(bundled.meta.notes).toStrictEqual(sameTarget.meta.notes);
  });

  it("refuses shards of runs with different --max-failures, or a sharded and an unsharded report, naming the values", () => {
    const withSelection = (report: RunReport, selection: Partial<RunReport["meta"]["selection"]>): RunReport => ({
      ...report,
      meta: { ...report.meta, selection: { ...report.meta.selection, ...selection } },
    });
    expect(() =>
      mergeRunReports([{ ...one, report: withSelection(one.report, { maxFailures: 3 }) }, two], ORDER),
    ).toThrow(new MergeError("out1 and out2 differ in --max-failures (3 and none): merge only the shards of one run"));
    const { shard: _shard, ...unsharded } = two.report.meta.selection;
    expect(() =>
      mergeRunReports(
        [one, { ...two, report: { ...two.report, meta: { ...two.report.meta, selection: unsharded } } }],
        ORDER,
      ),
    ).toThrow(
      new MergeError("out1 and out2 differ in shard count (2 and unsharded): merge only the shards of one run"),
    );
  });

  it("refuses no report, a shard given twice, a missing shard and a verdict in two shards", () => {
    expect(() => mergeRunReports([], ORDER)).toThrow("give at least one shard's report folder");
    expect(() => mergeRunReports([one, { ...one, source: "copy" }], ORDER)).toThrow(
      "out1 and copy are both shard 1/2: give each shard once",
    );
    expect(() => mergeRunReports([one], ORDER)).toThrow("shard 2/2 missing: give the report folder of every shard");
    const first = { source: "s1", report: shard(1, 3, [A]) };
    expect(() => mergeRunReports([first], ORDER)).toThrow(
      "shards 2/3, 3/3 missing: give the report folder of every shard",
    );
    const overlap = { ...two, report: { ...two.report, results: [A] } };
    expect(() => mergeRunReports([one, overlap], ORDER)).toThrow(
      "a.one on getWidget is in both out1 and out2: merge reports of disjoint shards",
    );
  });
});

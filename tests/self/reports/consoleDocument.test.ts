/**
 * What the console reporter writes for two small runs, whole and without normalising (issue 25.4: equality where
 * the whole value is known): progress at each step, a line per verdict shown as it happens, the family table,
 * response times, the verdict line, the failed list with counterexample and replay line (or without replay when
 * the command already selects), gate failures, skipped verdicts, sampling and notes, and the report paths.
 */
import { describe, expect, it } from "vitest";
import { ConsoleReporter } from "../../../reports/console/ConsoleReporter.js";
import type { CheckResult, RunReport } from "../../../runner/model/RunReport.js";
import { makeResult, makeRunReport } from "./runReportFixture.js";

function written(
  report: RunReport,
  start: { checks: number; totalVerdicts?: number },
  paths: Record<string, string>,
  learned: string[] = [],
): string {
  let out = "";
  const reporter = new ConsoleReporter({ env: {}, stream: { write: (chunk: string) => (out += chunk) } });
  reporter.learnSecrets(learned);
  reporter.onRunStart({ target: "http://t", profile: report.meta.profile, ...start });
  for (const result of report.results) reporter.onResult(result);
  reporter.onRunEnd(report, paths);
  return out;
}

describe("the console of a partial run with one verdict of each outcome", () => {
  const results: CheckResult[] = [
    makeResult({ checkId: "a.pass", family: "auth", operation: "listLandingPages" }),
    makeResult({
      checkId: "a.fail",
      family: "auth",
      outcome: "failed",
      message: "bad s3cret\nsecond",
      property: { seed: 1, path: "0", numRuns: 2, counterexample: { q: "s3cret" } },
    }),
    makeResult({
      checkId: "e.err",
      family: "errors",
      outcome: "error",
      operation: "getAnalytic",
      message: "no answer",
    }),
    makeResult({ checkId: "w.warn", family: "search", outcome: "warning", message: "odd" }),
    makeResult({ checkId: "v.waive", family: "search", outcome: "waived", message: "waived one" }),
    makeResult({
      checkId: "s.skip",
      family: "permissions",
      outcome: "skipped",
      message: "needs",
      skipReason: "Set --restricted-token.",
    }),
    makeResult({ checkId: "s.skip2", family: "permissions", outcome: "skipped", message: "needs facts" }),
  ];
  const base = makeRunReport(results, "default", {
    sampling: ["l1", "l2", "l3", "l4", "l5", "l6"],
    notes: ["n1"],
    gateFailures: ["skipped (--fail-on-skipped): 2 verdicts"],
    selection: { selectedVerdicts: 7, totalVerdicts: 9 },
    commandLine: "cms-conformance run --token $CMS_TOKEN",
  });
  const report: RunReport = {
    ...base,
    meta: { ...base.meta, durationMs: 999.6, requestCount: 12 },
    timings: { getWidget: [...Array.from({ length: 19 }, (_, index) => index + 1), 20.6], getAnalytic: [7.4] },
  };

  it("is this text, a secret learned during the run redacted throughout", () => {
    expect(
      written(report, { checks: 7, totalVerdicts: 9 }, { json: "out/report.json", har: "out/run.har" }, ["s3cret"]),
    ).toBe(
      [
        "cms-conformance http://t · default profile · 7 of 9 verdicts selected",
        "  [1/7]  14%  failed 0 · passed 1  | listLandingPages 1",
        "  ✗ FAIL  getWidget a.fail — bad [REDACTED] second",
        "  [2/7]  28%  failed 1 · passed 1  | listLandingPages 1 · getWidget 1",
        "  ✗ ERROR getAnalytic e.err — no answer",
        "  [3/7]  42%  failed 1 · error 1 · passed 1  | listLandingPages 1 · getAnalytic 1 · getWidget 1",
        "  ! WARN  getWidget w.warn — odd",
        "  [4/7]  57%  failed 1 · error 1 · warning 1 · passed 1  | listLandingPages 1 · getAnalytic 1 · getWidget 2",
        "  ~ WAIVED getWidget v.waive — waived one",
        "  [5/7]  71%  failed 1 · error 1 · warning 1 · waived 1 · passed 1  | listLandingPages 1 · getAnalytic 1 · getWidget 3",
        "  [6/7]  85%  failed 1 · error 1 · warning 1 · waived 1 · skipped 1 · passed 1  | listLandingPages 1 · getAnalytic 1 · getWidget 4",
        "  [7/7] 100%  failed 1 · error 1 · warning 1 · waived 1 · skipped 2 · passed 1  | listLandingPages 1 · getAnalytic 1 · getWidget 5",
        "",
        "Summary by family",
        "  family       failed   error warning  waived skipped  passed   total",
        "  auth              1       0       0       0       0       1       2",
        "  errors            0       1       0       0       0       0       1",
        "  permissions       0       0       0       0       2       0       2",
        "  search            0       0       1       1       0       0       2",
        "  total             1       1       1       1       2       1       7",
        "",
        "Response times",
        "  getAnalytic               p50 7 ms · p95 7 ms · max 7 ms  (1 answer)",
        "  getWidget                 p50 10 ms · p95 19 ms · max 21 ms  (20 answers)",
        "",
        " FAIL  — 7 of 9 verdicts selected: 1 gate failure · 1 failed · 1 error · 1 warning · 1 waived · 2 skipped · 1 passed  (default profile, 7 verdicts in 1.0 s, 12 requests, seed 424242)",
        "  Warnings do not fail the default profile; --profile strict makes them failures.",
        "  Reproduce: cms-conformance run --token $CMS_TOKEN",
        "",
        "Failed and errored verdicts (2)",
        "  ✗ FAIL  getWidget a.fail — bad [REDACTED] second",
        '      counterexample: {"q":"[REDACTED]"}',
        "      replay: cms-conformance run --token $CMS_TOKEN --checks a.fail --operation getWidget",
        "  ✗ ERROR getAnalytic e.err — no answer",
        "      replay: cms-conformance run --token $CMS_TOKEN --checks e.err --operation getAnalytic",
        "",
        "Gate failures (the run fails for these besides check verdicts)",
        "  ✗ FAIL  skipped (--fail-on-skipped): 2 verdicts",
        "",
        "Skipped: 2 verdict(s) not judged (they fail the gate: --fail-on-skipped)",
        "  - SKIP  getWidget s.skip — Set --restricted-token.",
        "  - SKIP  getWidget s.skip2 — needs facts",
        "",
        "Sampling (listing walks stopped at a page bound)",
        "  l1",
        "  l2",
        "  l3",
        "  l4",
        "  l5",
        "  … and 1 more in the reports",
        "",
        "Notes",
        "  n1",
        "",
        "Reports",
        "  json   out/report.json",
        "  har    out/run.har",
        "",
      ].join("\n"),
    );
  });
});

describe("the console of a strict run with more failures than it lists", () => {
  const failed = Array.from({ length: 21 }, (_, index) =>
    makeResult({ checkId: `f.c${index}`, outcome: "failed", message: `m${index}` }),
  );
  const skipped = makeResult({ checkId: "s.one", outcome: "skipped", message: "needs" });
  const base = makeRunReport([...failed, skipped], "strict", {
    sampling: [],
    gateFailures: ["expired waiver"],
    commandLine: "cms-conformance run --checks=f",
  });
  const report: RunReport = { ...base, meta: { ...base.meta, durationMs: 1234, requestCount: 3 }, timings: {} };

  it("is this text: progress every tenth, 20 failures listed with no replay line (the command selects), the rest counted", () => {
    const verdictLine = (index: number) => `  ✗ FAIL  getWidget f.c${index} — m${index}`;
    const progress = (done: number, percent: string) =>
      `  [${String(done).padStart(2)}/22] ${percent}  failed ${done}  | getWidget ${done}`;
    const asTheyHappen = Array.from({ length: 7 }, (_, step) => [
      verdictLine(step * 3),
      verdictLine(step * 3 + 1),
      verdictLine(step * 3 + 2),
      progress(step * 3 + 3, [" 13%", " 27%", " 40%", " 54%", " 68%", " 81%", " 95%"][step] ?? ""),
    ]).flat();
    expect(written(report, { checks: 22 }, {})).toBe(
      [
        "cms-conformance http://t · strict profile · 22 verdicts to judge (check × operation)",
        ...asTheyHappen,
        "  [22/22] 100%  failed 21 · skipped 1  | getWidget 22",
        "",
        "Summary by family",
        "  family  failed   error warning  waived skipped  passed   total",
        "  schema      21       0       0       0       1       0      22",
        "  total       21       0       0       0       1       0      22",
        "",
        " FAIL  1 gate failure · 21 failed · 1 skipped  (strict profile, 22 verdicts in 1.2 s, 3 requests, seed 424242)",
        "  Reproduce: cms-conformance run --checks=f",
        "",
        "Failed and errored verdicts (21)",
        ...Array.from({ length: 20 }, (_, index) => verdictLine(index)),
        "  … and 1 more in the reports (--rerun-failed replays them all)",
        "",
        "Gate failures (the run fails for these besides check verdicts)",
        "  ✗ FAIL  expired waiver",
        "",
        "Skipped: 1 verdict(s) not judged (--fail-on-skipped makes them fail the gate)",
        "  - SKIP  getWidget s.one — needs",
        "",
      ].join("\n"),
    );
  });

  it("says 'no verdicts' for a run without any, and keeps durations under a second in ms", () => {
    const empty = makeRunReport([], "default", { sampling: [], commandLine: "cms-conformance run" });
    const text = written({ ...empty, meta: { ...empty.meta, durationMs: 999.4 }, timings: {} }, { checks: 0 }, {});
    expect(text.split("\n").filter((line) => line.startsWith(" PASS "))).toEqual([
      " PASS  no verdicts  (default profile, 0 verdicts in 999 ms, 317 requests, seed 424242)",
    ]);
  });
});

describe("the live line on a terminal", () => {
  const live = (columns: number | undefined): string[] => {
    let out = "";
    const reporter = new ConsoleReporter({
      env: {},
      color: true,
      stream: { isTTY: true, columns, write: (chunk: string) => (out += chunk) },
    });
    reporter.onRunStart({ target: "http://t", profile: "default", checks: 2 });
    reporter.onResult(makeResult({ operation: "listFactoryDefaultWidgets" }));
    return out.split("\r\u001b[2K").slice(1);
  };

  it("is cut to the terminal's width, its colour dropped, when it would wrap", () => {
    expect(live(20)).toEqual(["  [1/2]  50%  fail…"]);
    // The whole line is 64 columns: at 65 it fits and keeps its colour codes; at 64 it is cut.
    const fitting = live(65)[0] ?? "";
    expect(fitting.replace(/\u001b\[[0-9;]*m/g, "")).toBe(
      "  [1/2]  50%  failed 0 · passed 1  | listFactoryDefaultWidgets 1",
    );
    expect(fitting).toMatch(/\u001b\[/);
    expect(live(64)[0]).toBe("  [1/2]  50%  failed 0 · passed 1  | listFactoryDefaultWidgets…");
  });

  it("is left whole when the width is unknown or implausibly small", () => {
    for (const columns of [undefined, 9])
      expect((live(columns)[0] ?? "").replace(/\u001b\[[0-9;]*m/g, "")).toBe(
        "  [1/2]  50%  failed 0 · passed 1  | listFactoryDefaultWidgets 1",
      );
  });
});

describe("the console at the other edges", () => {
  it("lists exactly 20 failing verdicts without a '… and more' line, names plural errors, warnings and gate failures, and under strict says nothing of warnings", () => {
    const failed = Array.from({ length: 18 }, (_, index) =>
      makeResult({ checkId: `f.c${index}`, outcome: "failed", message: `m${index}` }),
    );
    const others = [
      makeResult({ checkId: "e.one", outcome: "error", message: "e1" }),
      makeResult({ checkId: "e.two", outcome: "error", message: "e2" }),
      makeResult({ checkId: "w.one", outcome: "warning", message: "w1" }),
      makeResult({ checkId: "w.two", outcome: "warning", message: "w2" }),
    ];
    const base = makeRunReport([...failed, ...others], "strict", {
      sampling: ["s1", "s2", "s3", "s4", "s5"],
      gateFailures: ["gate one", "gate two"],
      commandLine: "cms-conformance run",
    });
    const report: RunReport = {
      ...base,
      meta: { ...base.meta, durationMs: 5, requestCount: 1 },
      timings: { getWidget: [10, 9, 100] },
    };
    const text = written(report, { checks: 22 }, {});
    const lines = text.split("\n");
    expect(lines.filter((line) => line.startsWith(" FAIL "))).toEqual([
      " FAIL  2 gate failures · 18 failed · 2 errors · 2 warnings  (strict profile, 22 verdicts in 5 ms, 1 request, seed 424242)",
    ]);
    expect(text).not.toContain("Warnings do not fail");
    expect(text).not.toContain("more in the reports");
    expect(text).not.toContain("Skipped:");
    expect(lines.filter((line) => line.startsWith("      replay: "))).toHaveLength(20);
    expect(lines).toContain("Failed and errored verdicts (20)");
    expect(lines).toContain("  getWidget                 p50 10 ms · p95 100 ms · max 100 ms  (3 answers)");
    expect(
      lines
        .slice(lines.indexOf("Sampling (listing walks stopped at a page bound)") + 1, -1)
        .filter((line) => line !== ""),
    ).toEqual(["  s1", "  s2", "  s3", "  s4", "  s5"]);
  });

  it("shows neither a total nor a share while the number of verdicts is unknown, and a line every 25", () => {
    const results = Array.from({ length: 26 }, (_, index) => makeResult({ checkId: `p.c${index}` }));
    const report = makeRunReport(results, "default", { sampling: [], commandLine: "cms-conformance run" });
    const progress = written({ ...report, timings: {} }, { checks: 0 }, {})
      .split("\n")
      .filter((line) => line.startsWith("  ["));
    expect(progress).toEqual(["  [25]  failed 0 · passed 25  | getWidget 25"]);
    expect(written({ ...report, timings: {} }, { checks: 26, totalVerdicts: 26 }, {}).split("\n")[0]).toBe(
      "cms-conformance http://t · default profile · 26 verdicts to judge (check × operation)",
    );
  });

  it("colours the family table's non-zero counts only, and cuts the live line at a terminal of exactly 10 columns", () => {
    let out = "";
    const reporter = new ConsoleReporter({
      env: {},
      color: true,
      stream: { isTTY: true, columns: 10, write: (chunk: string) => (out += chunk) },
    });
    reporter.onRunStart({ target: "http://t", profile: "default", checks: 1 });
    const result = makeResult({ outcome: "failed", message: "m" });
    reporter.onResult(result);
    expect(out).toContain("\r\u001b[2K  [1/1] …");
    reporter.onRunEnd({ ...makeRunReport([result], "default", { sampling: [] }), timings: {} }, {});
    const schemaRow = out.split("\n").find((line) => line.startsWith("  schema"));
    expect(schemaRow).toBe(`  schema\u001b[31m       1\u001b[0m       0       0       0       0       0       1`);
  });
});

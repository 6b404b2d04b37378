/**
 * index.html around its parts (issue 25.4: equality where the whole value is known): the whole page of a
 * minimal run (its stylesheet and script by reference), and for a partial, strict, failing run the title,
 * the header (partial line, why, banner, reproduce block, counts), the Run section, the family filter and the
 * order of the findings. The parts have their own tests (htmlParts); the browser's view is htmlReport.browser.
 */
import { createHash } from "node:crypto";
import { describe, expect, it } from "vitest";
import { renderHtmlReport } from "../../../reports/html/renderHtmlReport.js";
import { REPORT_SCRIPT } from "../../../reports/html/reportScript.js";
import { REPORT_STYLES } from "../../../reports/html/reportStyles.js";
import type { CheckResult } from "../../../runner/model/RunReport.js";
import { makeResult, makeRunReport } from "./runReportFixture.js";

const STYLES = REPORT_STYLES;
const SCRIPT = REPORT_SCRIPT;
const SCRIPT_HASH = createHash("sha256").update(REPORT_SCRIPT, "utf8").digest("base64");

/** The text of `page` from `start` up to (not including) `end`. */
function region(page: string, start: string, end: string): string {
  const from = page.indexOf(start);
  const to = page.indexOf(end, from);
  if (from < 0 || to < 0) throw new Error(`no region ${start} … ${end}`);
  return page.slice(from, to);
}

describe("index.html of a minimal passing run", () => {
  const report = makeRunReport([makeResult({ durationMs: 1 })], "default", {
    sampling: [],
    commandLine: "cms-conformance run --base-url http://x",
  });

  it("is this page, whole", () => {
    expect(renderHtmlReport({ ...report, timings: {}, register: [] })).toBe(
      [
        "<!doctype html>",
        '<html lang="en">',
        "<head>",
        '<meta charset="utf-8">',
        `<meta http-equiv="Content-Security-Policy" content="default-src &#39;none&#39;; style-src &#39;unsafe-inline&#39;; script-src &#39;sha256-${SCRIPT_HASH}&#39;; img-src data:; base-uri &#39;none&#39;; form-action &#39;none&#39;">`,
        '<meta name="referrer" content="no-referrer">',
        `<meta name="generator" content="cms-conformance ${report.meta.suiteVersion}">`,
        '<meta name="viewport" content="width=device-width, initial-scale=1">',
        '<link rel="icon" href="data:,">',
        "<title>PASS · cms-conformance · http://127.0.0.1:4010 (the bundled reference server: no base URL was given, no target of yours is judged)</title>",
        `<style>${STYLES}</style>`,
        "</head>",
        "<body>",
        '<header class="verdict pass" id="verdict">',
        '<div class="verdict-word" data-verdict="pass">PASS</div>',
        "<div><h1>cms-conformance · http://127.0.0.1:4010 (the bundled reference server: no base URL was given, no target of yours is judged)</h1>",
        "",
        '<p class="why">Nothing failed and nothing errored.</p>',
        '<p class="muted">default profile · 1 verdict · started 2025-01-15 10:00:00 UTC · 6.5 s · 317 requests</p>',
        "",
        '<div class="reproduce"><h5>Reproduce this run</h5><div class="curl"><pre id="command-line">cms-conformance run <span class="opt">--base-url</span> http://x</pre><button type="button" data-copy="command-line">Copy</button></div></div></div>',
        '<ul class="counts"><li><a class="count zero" href="#findings" data-only-outcome="failed"><span class="badge o-failed">FAIL</span><b>0</b> failed</a></li><li><a class="count zero" href="#findings" data-only-outcome="error"><span class="badge o-error">ERROR</span><b>0</b> errors</a></li><li><a class="count zero" href="#findings" data-only-outcome="warning"><span class="badge o-warning">WARN</span><b>0</b> warnings</a></li><li><a class="count zero" href="#findings" data-only-outcome="waived"><span class="badge o-waived">WAIVED</span><b>0</b> waived</a></li><li><a class="count zero" href="#findings" data-only-outcome="skipped"><span class="badge o-skipped">SKIP</span><b>0</b> skipped</a></li><li><a class="count" href="#findings" data-only-outcome="passed"><span class="badge o-passed">PASS</span><b>1</b> passed</a></li></ul>',
        "</header>",
        '<nav class="toc"><a href="#run">Run</a><a href="#matrix">Matrix</a><a href="#findings">Findings</a><a href="#timings">Response times</a><a href="#register">Ambiguity register</a></nav>',
        "<main>",
        '<section id="run"><h2>Run</h2><dl class="meta"><div class="wide"><dt>Target</dt><dd class="">http://127.0.0.1:4010 (the bundled reference server: no base URL was given, no target of yours is judged)</dd></div><div class="wide"><dt>Verdicts</dt><dd class="">all 1 (every check × operation)</dd></div><div class=""><dt>Profile</dt><dd class="">default</dd></div><div class=""><dt>Seed</dt><dd class="mono">424242</dd></div><div class=""><dt>Started</dt><dd class="">2025-01-15 10:00:00 UTC</dd></div><div class=""><dt>Duration</dt><dd class="">6.5 s</dd></div><div class=""><dt>Requests</dt><dd class="">317 (1 waited out after 429)</dd></div><div class=""><dt>Suite version</dt><dd class="">0.1.0</dd></div><div class="wide"><dt>Schema hash</dt><dd class="mono">3f1c0ffee5a1d2b3c4d5e6f708192a3b4c5d6e7f8091a2b3c4d5e6f708192a3b</dd></div><div class=""><dt>Node</dt><dd class="">v20.20.2</dd></div><div class=""><dt>Examples per property</dt><dd class="">100</dd></div><div class=""><dt>Report format</dt><dd class="">version 1</dd></div></dl>',
        "",
        "",
        "</section>",
        '<form class="filters" id="filters" role="search" aria-label="Filter results">',
        '<fieldset><legend>Outcome</legend><label><input type="checkbox" name="outcome" value="failed" checked> <span class="badge o-failed">FAIL</span></label><label><input type="checkbox" name="outcome" value="error" checked> <span class="badge o-error">ERROR</span></label><label><input type="checkbox" name="outcome" value="warning" checked> <span class="badge o-warning">WARN</span></label><label><input type="checkbox" name="outcome" value="waived" checked> <span class="badge o-waived">WAIVED</span></label><label><input type="checkbox" name="outcome" value="skipped" checked> <span class="badge o-skipped">SKIP</span></label><label><input type="checkbox" name="outcome" value="passed" checked> <span class="badge o-passed">PASS</span></label></fieldset>',
        '<label>Operation <select name="operation"><option value="">all</option><option value="listFactoryDefaultWidgets">listFactoryDefaultWidgets</option><option value="listLandingPages">listLandingPages</option><option value="getAnalytic">getAnalytic</option><option value="getWidget">getWidget</option><option value="getRoleFilters">getRoleFilters</option></select></label>',
        '<label>Family <select name="family"><option value="">all</option><option value="schema">schema</option></select></label>',
        '<label>Level <select name="level"><option value="">all</option><option value="MUST">MUST</option><option value="SHOULD">SHOULD</option></select></label>',
        '<input type="search" name="q" placeholder="Search id, title, message…" aria-label="Search">',
        '<button type="reset">Reset</button>',
        '<span class="shown" id="shown" aria-live="polite"></span>',
        "</form>",
        '<section id="matrix"><h2>Spec section × check × operation</h2>',
        '<p class="muted">Each check is listed under every section it enforces. Click an outcome for its evidence.</p>',
        '<div class="matrix-wrap"><table class="matrix">',
        '<thead><tr><th class="check">Check</th><th class="lf">Level</th><th class="lf">Family</th><th class="op" scope="col" title="listFactoryDefaultWidgets (§4.1)">list<wbr>Factory<wbr>Default<wbr>Widgets<br><span class="muted">§4.1</span></th><th class="op" scope="col" title="listLandingPages (§4.2)">list<wbr>Landing<wbr>Pages<br><span class="muted">§4.2</span></th><th class="op" scope="col" title="getAnalytic (§4.3)">get<wbr>Analytic<br><span class="muted">§4.3</span></th><th class="op" scope="col" title="getWidget (§4.4)">get<wbr>Widget<br><span class="muted">§4.4</span></th><th class="op" scope="col" title="getRoleFilters (§4.5)">get<wbr>Role<wbr>Filters<br><span class="muted">§4.5</span></th></tr></thead>',
        '<tbody class="section"><tr class="section"><th colspan="8">§2 Resources and their fields <span class="rule">— Bodies carry the listed fields with the listed JSON types.</span></th></tr>',
        '<tr class="check-row"><td class="check"><span class="check-id">schema.response-body</span><br><span class="muted">Every 200 body validates</span><span class="lf-inline"> <span class="tag">MUST</span> <span class="tag">schema</span></span></td><td class="lf"><span class="tag">MUST</span></td><td class="lf"><span class="tag">schema</span></td><td class="na" title="not applicable">·</td><td class="na" title="not applicable">·</td><td class="na" title="not applicable">·</td><td class="cell" data-result="0"><a class="badge o-passed" href="#r-0" title="The body validates against getWidget.response.">PASS</a></td><td class="na" title="not applicable">·</td></tr></tbody><tbody class="section"><tr class="section"><th colspan="8">§4 Endpoints <span class="rule">— Every operation is a POST with a JSON body to its stated path and answers JSON.</span></th></tr>',
        '<tr class="check-row"><td class="check"><span class="check-id">schema.response-body</span><br><span class="muted">Every 200 body validates</span><span class="lf-inline"> <span class="tag">MUST</span> <span class="tag">schema</span></span></td><td class="lf"><span class="tag">MUST</span></td><td class="lf"><span class="tag">schema</span></td><td class="na" title="not applicable">·</td><td class="na" title="not applicable">·</td><td class="na" title="not applicable">·</td><td class="cell" data-result="0"><a class="badge o-passed" href="#r-0" title="The body validates against getWidget.response.">PASS</a></td><td class="na" title="not applicable">·</td></tr></tbody>',
        '<tfoot><tr><td class="check muted">failed or errored per operation</td><td class="lf"></td><td class="lf"></td><td>0</td><td>0</td><td>0</td><td>0</td><td>0</td></tr></tfoot>',
        "</table></div></section>",
        '<section id="findings"><h2>Findings</h2>',
        '<div class="toolbar"><button type="button" id="expand-all">Expand all</button><button type="button" id="collapse-all">Collapse all</button><span class="muted">Most serious first. Passed checks carry no evidence.</span></div>',
        '<p class="empty" id="no-match" hidden>No result matches the filters.</p>',
        '<details class="result r-passed" id="r-0" data-result="0">',
        '<summary><span class="badge o-passed">PASS</span>',
        '<span class="tag mono">getWidget</span>',
        '<span class="check-id">schema.response-body</span>',
        '<span class="title">Every 200 body validates</span>',
        '<span class="tag">MUST</span> <span class="tag">schema</span> <span class="muted">§2, §4</span>',
        '<span class="msg">The body validates against getWidget.response.</span></summary>',
        '<div class="body">',
        '<p class="message">The body validates against getWidget.response.</p>',
        "",
        "",
        "",
        "",
        "",
        "",
        "",
        '<p class="muted">Check took 1 ms.</p>',
        "</div>",
        "</details>",
        "</section>",
        '<section id="timings"><h2>Response times per operation</h2><p class="muted">No response times were recorded.</p></section>',
        '<section id="register"><h2>Ambiguity register</h2><p class="muted">The run recorded no register.</p></section>',
        "</main>",
        "<footer>cms-conformance 0.1.0 · report format 1 · the same data as report.json, bodies cut where noted; this file makes no network request.</footer>",
        '<script type="application/json" id="report-data">{"results":[{"id":0,"outcome":"passed","operation":"getWidget","family":"schema","level":"MUST","text":"schema.response-body every 200 body validates getwidget schema must passed the body validates against getwidget.response.    §2 §4"}]}</script>',
        `<script>${SCRIPT}</script>`,
        "</body>",
        "</html>",
        "",
      ].join("\n"),
    );
  });
});

describe("index.html of a partial, strict, failing run", () => {
  const failed = Array.from({ length: 12 }, (_, index) =>
    makeResult({
      checkId: `f.c${String(index).padStart(2, "0")}`,
      outcome: "failed",
      operation: index % 2 === 1 ? "getWidget" : "listLandingPages",
      message: index === 0 ? `${"y".repeat(170)}\nsecond line` : `fail ${index}`,
    }),
  );
  const results: CheckResult[] = [
    makeResult({ checkId: "z.err", outcome: "error", operation: "getAnalytic", message: "could not judge" }),
    ...failed,
    makeResult({ checkId: "w.one", outcome: "warning", family: "search" }),
    makeResult({ checkId: "w.two", outcome: "warning", family: "auth" }),
    makeResult({ checkId: "v.one", outcome: "waived" }),
    makeResult({ checkId: "s.one", outcome: "skipped" }),
    makeResult({ checkId: "s.two", outcome: "skipped", operation: "getRoleFilters" }),
    makeResult({ checkId: "p.one", operation: "listFactoryDefaultWidgets" }),
  ];
  const report = makeRunReport(results, "strict", {
    gateFailures: ["gate x"],
    notes: ["note n"],
    sampling: ["sample s"],
    insecure: true,
    selection: {
      selectedVerdicts: 19,
      totalVerdicts: 30,
      checks: ["f", "w"],
      excludeChecks: ["x.y"],
      operations: ["getWidget", "getAnalytic"],
    },
    commandLine: "cms-conformance run --token $CMS_TOKEN --checks f,w",
  });
  // Rendered inside each test, not when the file is collected: StrykerJS activates a mutant for a test's run only.
  const page = () =>
    renderHtmlReport({
      ...report,
      meta: { ...report.meta, durationMs: 150_000, requestCount: 1, retries429: 0, startedAt: "yesterday" },
    });
  const banner = (id: number, outcome: string, label: string, checkId: string, operation: string, message: string) =>
    `<li><a href="#r-${id}"><span class="badge o-${outcome}">${label}</span> <span class="mono">${checkId}</span> on ${operation}</a>: ${message}</li>`;
  const count = (outcome: string, label: string, shown: string) =>
    `<li><a class="count" href="#findings" data-only-outcome="${outcome}"><span class="badge o-${outcome}">${label}</span><b>${shown}</a></li>`;
  const meta = (name: string, value: string, wide = "", mono = "") =>
    `<div class="${wide}"><dt>${name}</dt><dd class="${mono}">${value}</dd></div>`;
  const filters =
    '<span class="opt">--checks</span> f,w <span class="opt">--exclude-checks</span> x.y <span class="opt">--operation</span> getWidget <span class="opt">--operation</span> getAnalytic';

  it("names the partial verdict in the title", () => {
    expect(region(page(), "<title>", "<style>")).toBe(
      "<title>FAIL (19 of 30 verdicts selected) · cms-conformance · http://127.0.0.1:4010 (the bundled reference server: no base URL was given, no target of yours is judged)</title>\n",
    );
  });

  it("heads the page with why it failed, the first 12 failing verdicts, the command to reproduce and the counts", () => {
    expect(region(page(), "<header", "<nav")).toBe(
      [
        '<header class="verdict fail" id="verdict">',
        '<div class="verdict-word" data-verdict="fail">FAIL</div>',
        "<div><h1>cms-conformance · http://127.0.0.1:4010 (the bundled reference server: no base URL was given, no target of yours is judged)</h1>",
        `<p class="partial" id="partial"><strong>FAIL — 19 of 30 verdicts selected</strong> (<span class="mono">${filters}</span>); the other 11 were not run.</p>`,
        '<p class="why">12 verdicts failed; 1 verdict errored (the suite could not judge); 2 warnings fail under the strict profile; 1 gate failure (see Run). 1 failure waived. 2 verdicts skipped for missing configuration.</p>',
        '<p class="muted">strict profile · 19 verdicts · started yesterday · 2 min 30 s · 1 request</p>',
        '<ul class="banner-failures" id="banner-failures">' +
          banner(0, "error", "ERROR", "z.err", "getAnalytic", "could not judge") +
          banner(1, "failed", "FAIL", "f.c00", "listLandingPages", "y".repeat(160)) +
          Array.from({ length: 10 }, (_, index) =>
            banner(
              index + 2,
              "failed",
              "FAIL",
              `f.c${String(index + 1).padStart(2, "0")}`,
              index % 2 === 0 ? "getWidget" : "listLandingPages",
              `fail ${index + 1}`,
            ),
          ).join("") +
          '<li class="muted">… and 1 more under Findings</li></ul>',
        '<div class="reproduce"><h5>Reproduce this run</h5><div class="curl"><pre id="command-line">cms-conformance run <span class="opt">--token</span> $CMS_TOKEN <span class="opt">--checks</span> f,w</pre><button type="button" data-copy="command-line">Copy</button></div><p class="env">Set the credentials first: <code>export CMS_TOKEN=…</code></p></div></div>',
        '<ul class="counts">' +
          count("failed", "FAIL", "12</b> failed") +
          count("error", "ERROR", "1</b> error") +
          count("warning", "WARN", "2</b> warnings") +
          count("waived", "WAIVED", "1</b> waived") +
          count("skipped", "SKIP", "2</b> skipped") +
          count("passed", "PASS", "1</b> passed") +
          "</ul>",
        "</header>",
        "",
      ].join("\n"),
    );
  });

  it("lists the run's facts, the gate failures, the sampling and the notes in the Run section", () => {
    expect(region(page(), '<section id="run">', '<form class="filters"')).toBe(
      [
        '<section id="run"><h2>Run</h2><dl class="meta">' +
          meta(
            "Target",
            "http://127.0.0.1:4010 (the bundled reference server: no base URL was given, no target of yours is judged)",
            "wide",
          ) +
          meta("Verdicts", `19 of 30 verdicts selected (${filters})`, "wide") +
          meta("Profile", "strict") +
          meta("Seed", "424242", "", "mono") +
          meta("Started", "yesterday") +
          meta("Duration", "2 min 30 s") +
          meta("Requests", "1") +
          meta("Suite version", "0.1.0") +
          meta("Schema hash", "3f1c0ffee5a1d2b3c4d5e6f708192a3b4c5d6e7f8091a2b3c4d5e6f708192a3b", "wide", "mono") +
          meta("Node", "v20.20.2") +
          meta("Examples per property", "100") +
          meta("TLS", "certificate verification skipped (--insecure)") +
          meta("Report format", "version 1") +
          "</dl>",
        '<h5>Gate failures</h5><ul class="gate-failures" id="gate-failures"><li><span class="badge o-failed">FAIL</span> gate x</li></ul>',
        '<h5>Sampling</h5><ul class="sampling"><li>sample s</li></ul>',
        '<h5>Notes</h5><ul class="notes"><li>note n</li></ul></section>',
        "",
      ].join("\n"),
    );
  });

  it("offers the run's families, sorted, as a filter", () => {
    expect(region(page(), "<label>Family", "<label>Level")).toBe(
      '<label>Family <select name="family"><option value="">all</option><option value="auth">auth</option><option value="schema">schema</option><option value="search">search</option></select></label>\n',
    );
  });

  it("orders the findings most serious first, then by operation as the spec lists them, then by check id", () => {
    const order = [...page().matchAll(/<details class="result r-\w+" id="r-(\d+)"/g)].map((match) => Number(match[1]));
    expect(order).toEqual([1, 3, 5, 7, 9, 11, 2, 4, 6, 8, 10, 12, 0, 13, 14, 15, 16, 17, 18]);
  });
});

describe("the header's sentences", () => {
  const header = (results: readonly CheckResult[], durationMs: number, startedAt = "2025-01-15T10:00:00Z") => {
    const report = makeRunReport(results);
    const page = renderHtmlReport({ ...report, meta: { ...report.meta, durationMs, startedAt } });
    return [region(page, '<p class="why">', "\n"), region(page, '<p class="muted">', "\n")];
  };

  it("says one warning does not fail the default profile, and neither do several", () => {
    expect(header([makeResult({ outcome: "warning" })], 999.4)).toEqual([
      '<p class="why">Nothing failed and nothing errored. 1 warning (a departure from a register default) does not fail the default profile.</p>',
      '<p class="muted">default profile · 1 verdict · started 2025-01-15 10:00:00 UTC · 999 ms · 317 requests</p>',
    ]);
    expect(header([makeResult({ outcome: "warning" }), makeResult({ outcome: "warning" })], 1000)[0]).toBe(
      '<p class="why">Nothing failed and nothing errored. 2 warnings (departures from register defaults) do not fail the default profile.</p>',
    );
  });

  it("writes durations in ms below a second, in tenths of seconds below two minutes, in minutes above", () => {
    expect(header([], 1000)[1]).toBe(
      '<p class="muted">default profile · 0 verdicts · started 2025-01-15 10:00:00 UTC · 1.0 s · 317 requests</p>',
    );
    expect(header([], 119_940)[1]).toContain(" · 119.9 s · ");
    expect(header([], 120_000)[1]).toContain(" · 2 min 0 s · ");
    expect(header([], 200_600)[1]).toContain(" · 3 min 21 s · ");
  });

  it("reads a UTC time with or without its fraction, and shows any other as it came", () => {
    expect(header([], 1, "2025-01-15T10:00:00.123Z")[1]).toContain(" · started 2025-01-15 10:00:00 UTC · ");
    expect(header([], 1, "2025-01-15T10:00:00+01:00")[1]).toContain(" · started 2025-01-15T10:00:00+01:00 · ");
  });
});

/**
 * The HTML report's parts, each rendered whole for a small input whose every element is known (issue 25.4:
 * equality where the whole value is known): a verdict's <details>, an evidence item (bodies cut by the item limit
 * and by the page's budget, schema issues, a failure without a response, the credentials hint), the register table
 * and a message with findings. The page around them, its script and the browser's view are htmlReport's tests.
 */
import { describe, expect, it } from "vitest";
import { renderEvidence, type EvidenceLimits } from "../../../reports/html/renderEvidence.js";
import { renderMessage } from "../../../reports/html/renderMessage.js";
import { renderRegister } from "../../../reports/html/renderRegister.js";
import { renderResult } from "../../../reports/html/renderResult.js";
import { renderMatrix } from "../../../reports/html/renderMatrix.js";
import { renderTimingChart } from "../../../reports/html/renderTimingChart.js";
import type { Exchange } from "../../../runner/model/Exchange.js";
import { makeExchange, makeResult, makeRunReport } from "./runReportFixture.js";

const lines = (...parts: readonly string[]): string => parts.join("\n");

/** The closing part every evidence item ends with: the curl command and its copy button. */
const reproduce = (id: string, curl: string, hint = ""): string =>
  `<h5>Reproduce</h5>${hint}<div class="curl"><pre id="${id}">${curl}</pre><button type="button" data-copy="${id}">Copy curl</button></div>\n</div>`;

const withoutResponse = (overrides: Partial<Exchange>): Exchange => {
  const { response: _response, json: _json, ...rest } = makeExchange();
  return { ...rest, isJson: false, ...overrides };
};

describe("renderEvidence", () => {
  it("cuts each body at maxBodyChars, notes a truncated answer, lists schema issues and hints at the credentials", () => {
    const limits: EvidenceLimits = { maxBodyChars: 6, budget: { remaining: 100 } };
    const exchange = makeExchange({
      request: { method: "POST", url: "http://t/x", headers: { a: "1" }, body: '{"b":[1]}' },
      response: { status: 404, headers: {}, bodyText: "not json <", truncated: true, bodyBytes: 12345 },
      retriesAfter429: 2,
      durationMs: 3.14159,
      startedAt: "S",
      curl: "curl -H 'Authorization: Bearer $CMS_TOKEN' http://t/x",
    });
    const issues = [
      {
        instancePath: "",
        schemaPath: "#/type",
        keyword: "type",
        params: { type: "object" },
        message: "must be object",
        register: "reg-a",
      },
      { instancePath: "/a", schemaPath: "#/b", keyword: "k", params: {}, message: "m" },
    ];
    expect(renderEvidence({ label: "L", exchange, schemaIssues: issues }, 3, 1, limits).value).toBe(
      lines(
        '<div class="evidence">',
        '<h4>L <span class="muted mono">· S · 3.1 ms · waited out 2 × 429</span></h4>',
        "",
        '<div class="exchange">',
        '<div><h5>Request</h5><pre>POST http://t/x</pre><table class="headers"><tbody><tr><td>a</td><td>1</td></tr></tbody></table><pre>{',
        "  &quot;b",
        '…</pre><p class="note">Shown: the first 6 of 22 characters (bodies are cut); the whole body is in report.json.</p></div>',
        '<div><h5>Response</h5><p><span class="status s4">404</span> <span class="muted">12,345 bytes</span></p><p class="muted">(no headers recorded)</p><pre>not js',
        '…</pre><p class="note">The target sent 12,345 bytes; the suite kept only the first part.</p><p class="note">Shown: the first 6 of 10 characters (bodies are cut); the whole body is in report.json.</p></div>',
        "</div>",
        '<h5>Schema issues (ajv)</h5><div class="table-wrap"><table class="issues"><thead><tr><th>Body path</th><th>Problem</th><th>Schema path</th><th>Keyword</th><th>Params</th><th>Register</th></tr></thead><tbody>' +
          '<tr><td class="mono">(root)</td><td>must be object</td><td class="mono">#/type</td><td class="mono">type</td><td class="mono">{&quot;type&quot;:&quot;object&quot;}</td><td><a href="#reg-reg-a">reg-a</a></td></tr>' +
          '<tr><td class="mono">/a</td><td>m</td><td class="mono">#/b</td><td class="mono">k</td><td class="mono">{}</td><td></td></tr></tbody></table></div>',
        reproduce(
          "curl-3-1",
          "curl -H &#39;Authorization: Bearer $CMS_TOKEN&#39; http://t/x",
          '<p class="env">Set the credentials first: <code>export CMS_TOKEN=…</code></p>',
        ),
      ),
    );
    // The page's budget pays for what was shown: 6 characters of each body.
    expect(limits.budget.remaining).toBe(88);
  });

  it("says there was no usable response, and shows a request without headers or body as such", () => {
    const exchange = withoutResponse({
      request: { method: "POST", url: "http://t/y", headers: {} },
      failure: { kind: "timeout", message: "late" },
      curl: "curl http://t/y",
      durationMs: 2,
      startedAt: "S2",
    });
    expect(renderEvidence({ label: "M", exchange }, 0, 0, { maxBodyChars: 6, budget: { remaining: 0 } }).value).toBe(
      lines(
        '<div class="evidence">',
        '<h4>M <span class="muted mono">· S2 · 2.0 ms</span></h4>',
        '<div class="failure-box"><strong>No usable response (timeout):</strong> late</div>',
        '<div class="exchange">',
        '<div><h5>Request</h5><pre>POST http://t/y</pre><p class="muted">(no headers recorded)</p></div>',
        '<div><h5>Response</h5><p class="muted">No response.</p></div>',
        "</div>",
        "",
        reproduce("curl-0-0", "curl http://t/y"),
      ),
    );
  });

  it("cuts bodies to 2,048 characters once the page's budget is spent, and shows an empty body as none", () => {
    const exchange = makeExchange({
      request: { method: "POST", url: "http://t/z", headers: {}, body: "" },
      response: { status: 200, headers: { h: "v" }, bodyText: "x".repeat(2050), truncated: false, bodyBytes: 2050 },
      curl: "curl z",
      durationMs: 1,
      startedAt: "S3",
    });
    expect(
      renderEvidence({ label: "N", exchange }, 0, 0, { maxBodyChars: 10_000, budget: { remaining: -1 } }).value,
    ).toBe(
      lines(
        '<div class="evidence">',
        '<h4>N <span class="muted mono">· S3 · 1.0 ms</span></h4>',
        "",
        '<div class="exchange">',
        '<div><h5>Request</h5><pre>POST http://t/z</pre><p class="muted">(no headers recorded)</p><p class="muted">(no body)</p></div>',
        `<div><h5>Response</h5><p><span class="status s2">200</span> <span class="muted">2,050 bytes</span></p><table class="headers"><tbody><tr><td>h</td><td>v</td></tr></tbody></table><pre>${"x".repeat(2048)}`,
        '…</pre><p class="note">Shown: the first 2,048 of 2,050 characters (this page&#39;s space for bodies is spent); the whole body is in report.json.</p></div>',
        "</div>",
        "",
        reproduce("curl-0-0", "curl z"),
      ),
    );
  });

  it("keeps a body of exactly the limit whole, and charges the budget down to exactly 0 before cutting to 2 KiB", () => {
    const exchange = makeExchange({
      request: { method: "POST", url: "http://t/w", headers: {} },
      response: { status: 500, headers: {}, bodyText: "abcdef", truncated: false, bodyBytes: 6 },
    });
    const limits: EvidenceLimits = { maxBodyChars: 6, budget: { remaining: 6 } };
    expect(renderEvidence({ label: "W", exchange }, 0, 0, limits).value).toContain(
      '<span class="status s5">500</span> <span class="muted">6 bytes</span></p><p class="muted">(no headers recorded)</p><pre>abcdef</pre></div>',
    );
    expect(limits.budget.remaining).toBe(0);
    expect(renderEvidence({ label: "W", exchange }, 0, 0, limits).value).toContain("<pre>abcdef</pre></div>");
  });
});

describe("renderResult", () => {
  it("renders a failed verdict whole: summary, findings, expected without actual, register links, property, capped evidence", () => {
    const result = makeResult({
      outcome: "failed",
      checkId: "c.x",
      title: "T",
      specRefs: ["2.1", "7"],
      message: "First line\nmore\n- finding one\n- finding two",
      expected: "E",
      registerRefs: ["ra", "rb"],
      property: { seed: 5, path: "0:1", numRuns: 9, counterexample: { deep: "abcdefghij" } },
      evidence: [
        {
          label: "one",
          exchange: makeExchange({
            curl: "curl 1",
            startedAt: "A",
            durationMs: 1,
            request: { method: "POST", url: "http://t/1", headers: {} },
            response: { status: 200, headers: {}, bodyText: "", truncated: false, bodyBytes: 0 },
          }),
        },
        { label: "two", exchange: makeExchange() },
        { label: "three", exchange: makeExchange() },
      ],
      durationMs: 12.6,
    });
    const limits = { maxEvidenceItems: 1, maxBodyChars: 20, budget: { remaining: 1000 } };
    expect(renderResult(result, 4, limits).value).toBe(
      lines(
        '<details class="result r-failed" id="r-4" data-result="4">',
        '<summary><span class="badge o-failed">FAIL</span>',
        '<span class="tag mono">getWidget</span>',
        '<span class="check-id">c.x</span>',
        '<span class="title">T</span>',
        '<span class="tag">MUST</span> <span class="tag">schema</span> <span class="muted">§2.1, §7</span>',
        '<span class="msg">First line</span></summary>',
        '<div class="body">',
        '<p class="message">First line more</p><ul class="findings"><li>finding one</li><li>finding two</li></ul>',
        '<div class="ea"><div class="expected"><h5>Expected</h5>E</div><div class="actual"><h5>Actual</h5>—</div></div>',
        "",
        "",
        '<p class="muted">Relies on the register\'s defaults: <a href="#reg-ra">ra</a>, <a href="#reg-rb">rb</a></p>',
        "<h5>Property (fast-check)</h5><p>Failed after 9 runs. Replay with <code>{ seed: 5, path: &quot;0:1&quot; }</code>.</p><h5>Shrunk counterexample</h5><pre>{",
        "  &quot;deep&quot;: &quot;abcdefg",
        "… (cut; the whole value is in report.json)</pre>",
        '<div class="evidence">',
        '<h4>one <span class="muted mono">· A · 1.0 ms</span></h4>',
        "",
        '<div class="exchange">',
        '<div><h5>Request</h5><pre>POST http://t/1</pre><p class="muted">(no headers recorded)</p></div>',
        '<div><h5>Response</h5><p><span class="status s2">200</span> <span class="muted">0 bytes</span></p><p class="muted">(no headers recorded)</p><p class="muted">(no body)</p></div>',
        "</div>",
        "",
        reproduce("curl-4-0", "curl 1"),
        '<p class="note">2 more evidence items are in report.json.</p>',
        '<p class="muted">Check took 13 ms.</p>',
        "</div>",
        "</details>",
      ),
    );
  });

  it("renders a waived verdict with actual without expected, the way to run it and the waiver; one hidden item", () => {
    const result = makeResult({
      outcome: "waived",
      actual: "A",
      skipReason: "do X",
      waiver: { checkId: "c", operation: "getWidget", reason: "why", expires: "2099-01-01" },
      evidence: [{ label: "x", exchange: makeExchange() }],
      durationMs: 0.4,
    });
    expect(renderResult(result, 0, { maxEvidenceItems: 0, maxBodyChars: 20, budget: { remaining: 1000 } }).value).toBe(
      lines(
        '<details class="result r-waived" id="r-0" data-result="0">',
        '<summary><span class="badge o-waived">WAIVED</span>',
        '<span class="tag mono">getWidget</span>',
        '<span class="check-id">schema.response-body</span>',
        '<span class="title">Every 200 body validates</span>',
        '<span class="tag">MUST</span> <span class="tag">schema</span> <span class="muted">§2, §4</span>',
        '<span class="msg">The body validates against getWidget.response.</span></summary>',
        '<div class="body">',
        '<p class="message">The body validates against getWidget.response.</p>',
        '<div class="ea"><div class="expected"><h5>Expected</h5>—</div><div class="actual"><h5>Actual</h5>A</div></div>',
        "<p><strong>To run this check:</strong> do X</p>",
        "<p><strong>Waived</strong> until 2099-01-01: why</p>",
        "",
        "",
        "",
        '<p class="note">1 more evidence item is in report.json.</p>',
        '<p class="muted">Check took 0 ms.</p>',
        "</div>",
        "</details>",
      ),
    );
  });

  it("shows no evidence of a passed verdict, and no expected/actual block when neither is given", () => {
    const result = makeResult({ outcome: "passed", evidence: [{ label: "x", exchange: makeExchange() }] });
    const rendered = renderResult(result, 1, { maxEvidenceItems: 5, maxBodyChars: 20, budget: { remaining: 1000 } });
    expect(rendered.value).toBe(
      lines(
        '<details class="result r-passed" id="r-1" data-result="1">',
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
        '<p class="note">1 more evidence item is in report.json.</p>',
        '<p class="muted">Check took 12 ms.</p>',
        "</div>",
        "</details>",
      ),
    );
  });

  it("shows a counterexample of exactly maxBodyChars whole, and one JSON cannot write as undefined", () => {
    const property = (counterexample: unknown, maxBodyChars: number) =>
      renderResult(makeResult({ outcome: "failed", property: { seed: 1, path: "", numRuns: 1, counterexample } }), 0, {
        maxEvidenceItems: 1,
        maxBodyChars,
        budget: { remaining: 1000 },
      }).value;
    expect(property("ab", 4)).toContain("<pre>&quot;ab&quot;</pre>");
    expect(property(undefined, 9)).toContain("<pre>undefined</pre>");
  });
});

describe("renderRegister", () => {
  const report = makeRunReport([makeResult({ registerRefs: ["e1"] }), makeResult({ registerRefs: ["e2", "e1"] })]);

  it("counts the verdicts that relied on each entry and marks those entries used", () => {
    const register = [
      { id: "e1", question: "Q1", sections: ["2", "7"], default: "D", why: "W", strict: "S", stacks: "K <Go>" },
      { id: "e2", question: "Q2", sections: ["4"], default: "D2", why: "W2", strict: "S2" },
      { id: "e3", question: "Q3", sections: [], default: "", why: "", strict: "" },
    ];
    expect(renderRegister({ ...report, register }).value).toBe(
      lines(
        '<p class="muted">Where the spec is silent, the suite takes a default. <strong>Default</strong> is what this default run did; <strong>Strict</strong> is what <code>--profile strict</code> does.</p>',
        '<div class="table-wrap"><table class="register"><thead><tr><th>Entry</th><th>Question</th><th>§</th><th>Default</th><th>Why</th><th>Strict</th><th>Stacks considered</th><th>Used by</th></tr></thead><tbody>',
        '<tr id="reg-e1" class="used"><td class="check-id">e1</td><td>Q1</td><td>2, 7</td><td>D</td><td class="muted">W</td><td>S</td><td class="muted">K &lt;Go&gt;</td><td>2 verdicts</td></tr>' +
          '<tr id="reg-e2" class="used"><td class="check-id">e2</td><td>Q2</td><td>4</td><td>D2</td><td class="muted">W2</td><td>S2</td><td class="muted"></td><td>1 verdict</td></tr>' +
          '<tr id="reg-e3" class=""><td class="check-id">e3</td><td>Q3</td><td></td><td></td><td class="muted"></td><td></td><td class="muted"></td><td></td></tr>',
        "</tbody></table></div>",
      ),
    );
  });

  it("says so when the run recorded no register", () => {
    expect(renderRegister({ ...report, register: [] }).value).toBe(
      '<p class="muted">The run recorded no register.</p>',
    );
  });
});

describe("renderMessage", () => {
  it("joins the message's lines into one paragraph and lists its findings, escaped", () => {
    expect(renderMessage("a\nb\n- c <d>").value).toBe(
      '<p class="message">a b</p><ul class="findings"><li>c &lt;d&gt;</li></ul>',
    );
    expect(renderMessage("only").value).toBe('<p class="message">only</p>');
  });
});

describe("renderMatrix", () => {
  const NA = '<td class="na" title="not applicable">·</td>';
  const cell = (id: number, outcome: string, title: string, label: string) =>
    `<td class="cell" data-result="${id}"><a class="badge o-${outcome}" href="#r-${id}" title="${title}">${label}</a></td>`;
  const check = (id: string, title: string, level: string, family: string) =>
    `<tr class="check-row"><td class="check"><span class="check-id">${id}</span><br><span class="muted">${title}</span><span class="lf-inline"> <span class="tag">${level}</span> <span class="tag">${family}</span></span></td><td class="lf"><span class="tag">${level}</span></td><td class="lf"><span class="tag">${family}</span></td>`;
  const operation = (name: string, words: string, section: string) =>
    `<th class="op" scope="col" title="${name} (§${section})">${words}<br><span class="muted">§${section}</span></th>`;

  it("lists each check under every section its verdicts cite, in section order, with one cell per operation", () => {
    const results = [
      makeResult({
        checkId: "b.two",
        title: "Two",
        outcome: "failed",
        specRefs: ["7", "2.10"],
        message: "M <1>",
        family: "errors",
        level: "SHOULD",
      }),
      makeResult({
        checkId: "a.one",
        title: "One",
        operation: "getRoleFilters",
        outcome: "error",
        specRefs: ["2.9"],
        message: "E",
      }),
      makeResult({ checkId: "b.two", title: "Two", operation: "listLandingPages", specRefs: ["7"], message: "P" }),
      makeResult({ checkId: "c.none", title: "None", outcome: "skipped", specRefs: [], message: "S" }),
    ];
    const twoCells = `${NA}${cell(2, "passed", "P", "PASS")}${NA}${cell(0, "failed", "M &lt;1&gt;", "FAIL")}${NA}</tr></tbody>`;
    expect(renderMatrix(results).value).toBe(
      lines(
        '<table class="matrix">',
        '<thead><tr><th class="check">Check</th><th class="lf">Level</th><th class="lf">Family</th>' +
          operation("listFactoryDefaultWidgets", "list<wbr>Factory<wbr>Default<wbr>Widgets", "4.1") +
          operation("listLandingPages", "list<wbr>Landing<wbr>Pages", "4.2") +
          operation("getAnalytic", "get<wbr>Analytic", "4.3") +
          operation("getWidget", "get<wbr>Widget", "4.4") +
          operation("getRoleFilters", "get<wbr>Role<wbr>Filters", "4.5") +
          "</tr></thead>",
        '<tbody class="section"><tr class="section"><th colspan="8">§2.9 Order <span class="rule">— schema, table, column; function is a FunctionType; order&#39;s standard values are ASC and DESC.</span></th></tr>',
        `${check("a.one", "One", "MUST", "schema")}${NA}${NA}${NA}${NA}${cell(1, "error", "E", "ERROR")}</tr></tbody>` +
          '<tbody class="section"><tr class="section"><th colspan="8">§2.10 Enumerations <span class="rule">— ChartType and FunctionType take only the listed values.</span></th></tr>',
        `${check("b.two", "Two", "SHOULD", "errors")}${twoCells}` +
          '<tbody class="section"><tr class="section"><th colspan="8">§7 Errors <span class="rule">— 400 invalid request, 401 invalid credentials, 403 denied, 404 not found, each with its stated body; never 5xx.</span></th></tr>',
        `${check("b.two", "Two", "SHOULD", "errors")}${twoCells}` +
          '<tbody class="section"><tr class="section"><th colspan="8">§—  <span class="rule">— no rule recorded for this section</span></th></tr>',
        `${check("c.none", "None", "MUST", "schema")}${NA}${NA}${NA}${cell(3, "skipped", "S", "SKIP")}${NA}</tr></tbody>`,
        '<tfoot><tr><td class="check muted">failed or errored per operation</td><td class="lf"></td><td class="lf"></td><td>0</td><td>0</td><td>0</td><td>1</td><td>1</td></tr></tfoot>',
        "</table>",
      ),
    );
  });
});

describe("renderTimingChart", () => {
  it("draws median, 95th percentile and maximum per operation on a log scale, leaving out values that are not times", () => {
    const timings = { getWidget: [3, 1, 250, Number.NaN, -1, 20], getRoleFilters: [12_000] };
    const tick = (x: number, label: string) =>
      `<line class="grid" x1="${x}" x2="${x}" y1="18" y2="88"/><text x="${x}" y="14" text-anchor="middle" class="muted">${label}</text>`;
    expect(renderTimingChart(timings).value).toBe(
      lines(
        '<svg class="chart" role="img" aria-label="Response times per operation" viewBox="0 0 940 94" xmlns="http://www.w3.org/2000/svg">',
        "<title>Response times per operation (log scale): median, 95th percentile, maximum</title>",
        tick(190, "1 ms") +
          tick(276, "10 ms") +
          tick(362, "100 ms") +
          tick(448, "1 s") +
          tick(534, "10 s") +
          tick(620, "100 s"),
        '<g><text x="182" y="41" text-anchor="end">getWidget</text>',
        '<rect class="p95" x="190" y="29" width="206.2" height="16" rx="2"><title>getWidget p95 250 ms</title></rect>',
        '<rect class="p50" x="190" y="29" width="41" height="16" rx="2"><title>getWidget median 3 ms</title></rect>',
        '<line class="max" x1="396.2" x2="396.2" y1="26" y2="48"><title>getWidget max 250 ms</title></line>',
        '<text x="632" y="41">p50 3 ms · p95 250 ms · max 250 ms · n=4</text></g><g><text x="182" y="71" text-anchor="end">getRoleFilters</text>',
        '<rect class="p95" x="190" y="59" width="350.8" height="16" rx="2"><title>getRoleFilters p95 12 s</title></rect>',
        '<rect class="p50" x="190" y="59" width="350.8" height="16" rx="2"><title>getRoleFilters median 12 s</title></rect>',
        '<line class="max" x1="540.8" x2="540.8" y1="56" y2="78"><title>getRoleFilters max 12 s</title></line>',
        '<text x="632" y="71">p50 12 s · p95 12 s · max 12 s · n=1</text></g>',
        "</svg>",
        '<p class="note">Dark bar: median; light bar: 95th percentile; red tick: slowest response. Log scale.</p>',
      ),
    );
  });

  it("writes times in ms below a second, in tenths of a second below 10 s, in whole seconds above", () => {
    const labels = (values: number[]) =>
      /<text x="632" y="41">([^<]*)<\/text>/.exec(renderTimingChart({ getWidget: values }).value)?.[1];
    expect(labels([999.4])).toBe("p50 999 ms · p95 999 ms · max 999 ms · n=1");
    expect(labels([1000, 9_940, 9_960])).toBe("p50 9.9 s · p95 10 s · max 10 s · n=3");
    expect(labels([0, 10_000])).toBe("p50 0 ms · p95 10 s · max 10 s · n=2");
    // At least one decade, and a bar at least 1 wide.
    expect(renderTimingChart({ getWidget: [0] }).value).toContain('viewBox="0 0 940 64"');
    expect(renderTimingChart({ getWidget: [0] }).value).toContain('<rect class="p50" x="190" y="29" width="1"');
  });

  it("says so when no time was recorded", () => {
    expect(renderTimingChart({}).value).toBe('<p class="muted">No response times were recorded.</p>');
    expect(renderTimingChart({ getWidget: [Number.NaN] }).value).toBe(
      '<p class="muted">No response times were recorded.</p>',
    );
  });
});

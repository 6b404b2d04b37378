import { describe, expect, it } from "vitest";
import { renderHtmlReport } from "../../../reports/html/renderHtmlReport.js";
import { REPORT_SCRIPT } from "../../../reports/html/reportScript.js";
import { escapeHtml } from "../../../reports/html/escapeHtml.js";
import { jsonForScript } from "../../../reports/html/jsonForScript.js";
import { exportLine } from "../../../reports/html/exportLine.js";
import {
  FIXTURE_NOTE,
  FIXTURE_SAMPLING,
  HOSTILE,
  makeBigRunReport,
  makeGatedRunReport,
  makeResult,
  makeRunReport,
  PLANTED_SECRETS,
  PLANTED_TOKEN,
} from "./runReportFixture.js";

const DATA_BLOCK = /<script type="application\/json" id="report-data">([\s\S]*?)<\/script>/;
const page = renderHtmlReport(makeRunReport(), { secrets: PLANTED_SECRETS });

describe("index.html escaping", () => {
  it("escapes the five markup characters and shows control characters as \\uXXXX", () => {
    expect(escapeHtml(`<a href="x" onclick='y'>&</a>`)).toBe(
      "&lt;a href=&quot;x&quot; onclick=&#39;y&#39;&gt;&amp;&lt;/a&gt;",
    );
    expect(escapeHtml("a\u0000b\u001bc\u007f")).toBe("a\\u0000b\\u001bc\\u007f");
    expect(escapeHtml("tab\tand\nline")).toBe("tab\tand\nline");
  });

  it("has exactly two script elements: the JSON data block and our own script", () => {
    expect(page.match(/<script\b/gi)).toHaveLength(2);
    const withoutData = page.replace(DATA_BLOCK, "");
    expect(withoutData.match(/<script\b/gi)).toHaveLength(1);
    expect(withoutData).toContain(`<script>${REPORT_SCRIPT}</script>`);
  });

  it("puts no hostile markup outside the data block, only its escaped text", () => {
    const withoutData = page.replace(DATA_BLOCK, "");
    for (const needle of ["<script>alert", "<img", '<div id="injected', 'onerror=alert(1) id="injected'])
      expect(withoutData).not.toContain(needle);
    expect(withoutData).toContain(escapeHtml(HOSTILE.script));
    expect(withoutData).toContain(escapeHtml(HOSTILE.img));
    expect(withoutData).not.toMatch(/[\u0000-\u0008\u000b\u000c\u000e-\u001f]/);
  });

  it("keeps the data block unbreakable: no '<' inside, and it parses back to the hostile text", () => {
    const block = DATA_BLOCK.exec(page)?.[1] ?? "";
    expect(block.length).toBeGreaterThan(0);
    expect(block).not.toContain("<");
    expect(block).not.toContain(">");
    const data = JSON.parse(block) as { results: { text: string }[] };
    expect(data.results.some((result) => result.text.includes(HOSTILE.breakout.toLowerCase()))).toBe(true);
    expect(jsonForScript("</script><!--\u2028")).toBe('"\\u003c/script\\u003e\\u003c!--\\u2028"');
  });

  it("is self-contained: no external URL in src, href or CSS, and a CSP that allows only our script", () => {
    const refs = [...page.matchAll(/\b(?:src|href|action|srcset|poster|data)\s*=\s*"([^"]*)"/gi)].map(
      (match) => match[1] ?? "",
    );
    expect(refs.filter((ref) => !ref.startsWith("#") && !ref.startsWith("data:"))).toEqual([]);
    expect(page).not.toMatch(/@import|url\(|<link(?![^>]*href="data:)|<iframe|<object|<embed/i);
    expect(page).toMatch(
      /<meta http-equiv="Content-Security-Policy" content="default-src &#39;none&#39;; style-src &#39;unsafe-inline&#39;; script-src &#39;sha256-[A-Za-z0-9+/=]+&#39;/,
    );
  });

  it("shows what a reviewer needs for a failure: expected, actual, schema paths, seed, counterexample, curl", () => {
    for (const needle of [
      "Expected",
      "Actual",
      "/preferredSize/height",
      "../components/PreferredSize.json#/properties/height/type",
      "seed: -1840326517",
      "Shrunk counterexample",
      "Copy curl",
      "curl -sS -X POST",
    ]) {
      expect(page).toContain(needle);
    }
    expect(page).toContain('id="reg-list-collection-shape"');
  });

  it("stays a sane size for a big run: bodies capped per item and per page, with a note", () => {
    const big = renderHtmlReport(makeBigRunReport(700, 200 * 1024));
    expect(big.length).toBeLessThan(8 * 1024 * 1024);
    expect(big).toContain("(bodies are cut); the whole body is in report.json.");
    expect(big).toContain("(this page&#39;s space for bodies is spent)");
  });
});

describe("index.html run lists", () => {
  const gated = renderHtmlReport(makeGatedRunReport(), { secrets: PLANTED_SECRETS });
  const listAfter = (text: string, heading: string): string =>
    new RegExp(`<h5>${heading}</h5>(<ul[^>]*>[\\s\\S]*?</ul>)`).exec(text)?.[1] ?? "";
  /** The gate failure of the fixture as the page lists it. */
  const GATE_LIST =
    '<ul class="gate-failures" id="gate-failures"><li><span class="badge o-failed">FAIL</span> ' +
    "expired waiver: errors.unknown-id-404 on getAnalytic (expired 2024-12-31) &lt;script&gt;alert(1)&lt;/script&gt; ]]&gt; " +
    String.raw`bell\u0007 nul\u0000 esc\u001b[31m red [REDACTED]</li></ul>`;

  it("shows gate failures as a failing list, escaped and redacted, and names them in the verdict", () => {
    const list = listAfter(gated, "Gate failures");
    // Markup escaped, control characters shown as \\u escapes, the token redacted.
    expect(list).toBe(GATE_LIST);
    expect(list).not.toContain("<script>");
    expect(gated).not.toContain(PLANTED_TOKEN);
    expect(gated).toMatch(/<p class="why">[^<]*1 gate failure \(see Run\)/);
  });

  it("fails the page on a gate failure alone, with no failed check", () => {
    const onlyGate = renderHtmlReport(makeGatedRunReport([makeResult()]), { secrets: PLANTED_SECRETS });
    expect(onlyGate).toContain('data-verdict="fail"');
    expect(listAfter(onlyGate, "Gate failures")).toBe(GATE_LIST);
  });

  it("keeps the sampling list and adds the notes, each line escaped", () => {
    expect(listAfter(gated, "Sampling")).toBe(
      `<ul class="sampling">${FIXTURE_SAMPLING.map((line) => `<li>${escapeHtml(line)}</li>`).join("")}</ul>`,
    );
    expect(listAfter(gated, "Notes")).toBe(`<ul class="notes"><li>${escapeHtml(FIXTURE_NOTE)}</li></ul>`);
  });

  it("has no gate failure or notes list when there are none", () => {
    expect(page).not.toContain("<h5>Gate failures</h5>");
    expect(page).not.toContain("<h5>Notes</h5>");
    expect(page).toContain("<h5>Sampling</h5>");
  });
});

describe("index.html edge cases", () => {
  it("renders a run with no results and no timings", () => {
    const empty = { ...makeRunReport([]), timings: {} };
    const text = renderHtmlReport(empty);
    expect(text).toContain("No response times were recorded.");
    expect(text).toContain('data-verdict="pass"');
  });
});

describe("index.html banner and evidence", () => {
  const partialReport = makeRunReport(undefined, "default", {
    selection: { selectedVerdicts: 12, totalVerdicts: 104, checks: ["http.*", "schema.*"], operations: ["getWidget"] },
    commandLine: `cms-conformance run --base-url https://cms.example.com --client-id "$CMS_CLIENT_ID" --token "$CMS_TOKEN" --checks 'http.*,schema.*' --operation getWidget --seed 424242`,
  });
  const partial = renderHtmlReport(partialReport, { secrets: PLANTED_SECRETS });
  const textOf = (markup: string): string =>
    markup
      .replace(/<[^>]+>/g, "")
      .replace(/&#39;/g, "'")
      .replace(/&quot;/g, '"')
      .replace(/&amp;/g, "&");

  it("says how many verdicts a partial run selected, and by which options", () => {
    const line = /<p class="partial" id="partial">([\s\S]*?)<\/p>/.exec(partial)?.[1] ?? "";
    expect(textOf(line)).toBe(
      "FAIL — 12 of 104 verdicts selected (--checks http.*,schema.* --operation getWidget); the other 92 were not run.",
    );
    expect(partial).toMatch(/<title>FAIL \(12 of 104 verdicts selected\) · /);
    expect(page).not.toContain('class="partial"');
  });

  it("shows the command line that reproduces the run, and which variables to export for it", () => {
    const block = partial.slice(partial.indexOf('<div class="reproduce">'), partial.indexOf("</header>"));
    expect(textOf(/<pre id="command-line">([\s\S]*?)<\/pre>/.exec(block)?.[1] ?? "")).toBe(
      partialReport.meta.commandLine,
    );
    expect(block).toContain('data-copy="command-line"');
    expect(textOf(/<p class="env">([\s\S]*?)<\/p>/.exec(block)?.[1] ?? "")).toBe(
      "Set the credentials first: export CMS_TOKEN=… CMS_CLIENT_ID=…",
    );
  });

  it("names exactly the secret variables a curl command uses in its export line", () => {
    expect(exportLine(`curl -H "Authorization: Bearer $CMS_TOKEN" -H "client_id: \${CMS_CLIENT_ID}x"`)).toBe(
      "export CMS_TOKEN=… CMS_CLIENT_ID=…",
    );
    expect(exportLine(`curl -H "Authorization: Bearer $CMS_RESTRICTED_TOKEN"`)).toBe("export CMS_RESTRICTED_TOKEN=…");
    expect(exportLine("curl -sS http://example.com -d '{}'")).toBeUndefined();
    expect(
      exportLine(
        `cms-conformance run --token "$CMS_TOKEN" --header "X-Api-Key: $CMS_HEADER_X_API_KEY" --client-id "$CMS_CLIENT_ID"`,
      ),
    ).toBe("export CMS_TOKEN=… CMS_CLIENT_ID=… CMS_HEADER_X_API_KEY=…");
    expect(exportLine("curl -H 'x: $CMS_TOKENS $HOME'")).toBeUndefined();
    const evidenceHints = [
      ...page.matchAll(
        /<p class="env">Set the credentials first: <code>([^<]*)<\/code><\/p><div class="curl"><pre id="curl-/g,
      ),
    ].map((match) => match[1]);
    expect(evidenceHints.length).toBeGreaterThan(0);
    for (const hint of evidenceHints) expect(hint).toBe("export CMS_TOKEN=…");
  });

  it("shows a message's further findings ('- …' lines) as a list, and only the first line in the summary", () => {
    const message =
      "totalPages is 3, expected 2 (+2 more findings)\n- totalElements changed between pages\n- page 2 repeats an item of page 1 <b>";
    const text = renderHtmlReport(makeRunReport([makeResult({ outcome: "failed", message })]));
    expect(text).toContain(
      `<p class="message">totalPages is 3, expected 2 (+2 more findings)</p><ul class="findings"><li>totalElements changed between pages</li><li>page 2 repeats an item of page 1 &lt;b&gt;</li></ul>`,
    );
    expect(text).toContain(`<span class="msg">totalPages is 3, expected 2 (+2 more findings)</span>`);
  });

  it("lists the selection and an insecure run in the run facts", () => {
    expect(textOf(/<dt>Verdicts<\/dt><dd[^>]*>([\s\S]*?)<\/dd>/.exec(partial)?.[1] ?? "")).toBe(
      "12 of 104 verdicts selected (--checks http.*,schema.* --operation getWidget)",
    );
    expect(/<dt>Verdicts<\/dt><dd[^>]*>([^<]*)<\/dd>/.exec(page)?.[1]).toBe("all 12 (every check × operation)");
    expect(page).not.toContain("<dt>TLS</dt>");
    expect(renderHtmlReport(makeRunReport(undefined, "default", { insecure: true }))).toContain(
      '<dt>TLS</dt><dd class="">certificate verification skipped (--insecure)</dd>',
    );
  });
});

describe("the banner (issue 27.7)", () => {
  it("lists the failed and errored verdicts above the fold, each linked to its finding, and none when all passed", () => {
    const report = makeRunReport();
    const page = renderHtmlReport(report);
    const banner = /<ul class="banner-failures" id="banner-failures">([\s\S]*?)<\/ul>/.exec(page)?.[1] ?? "";
    const failing = report.results
      .map((result, id) => ({ result, id }))
      .filter(({ result }) => result.outcome === "failed" || result.outcome === "error");
    expect(failing.length).toBeGreaterThan(0);
    expect(failing.map(({ id }) => id)).toEqual([6, 7, 10]);
    const item = (id: number, outcome: "failed" | "error", checkId: string, operation: string, message: string) =>
      `<li><a href="#r-${id}"><span class="badge o-${outcome}">${outcome === "failed" ? "FAIL" : "ERROR"}</span> ` +
      `<span class="mono">${checkId}</span> on ${operation}</a>: ${message}</li>`;
    expect(banner).toBe(
      item(
        6,
        "failed",
        "schema.response-body",
        "getWidget",
        `The body of getWidget does not validate: name is ${escapeHtml(HOSTILE.script)} ${escapeHtml(HOSTILE.breakout)}`,
      ) +
        item(7, "failed", "role-filters.union-law", "getRoleFilters", "The union law does not hold for two roles.") +
        item(
          10,
          "error",
          "http.valid-request-ok",
          "getAnalytic",
          "The target did not answer within 5000 ms; the check could not judge.",
        ),
    );
    expect(page.indexOf('id="banner-failures"')).toBeLessThan(page.indexOf('id="findings"'));
    const passing = makeRunReport(report.results.filter((result) => result.outcome === "passed"));
    expect(renderHtmlReport(passing)).not.toContain('id="banner-failures"');
  });
});

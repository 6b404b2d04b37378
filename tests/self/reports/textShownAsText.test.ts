/**
 * Text is shown as text (issue 24.4): bidirectional controls and other invisible format characters
 * in target data are shown as \u escapes by the console, JUnit and HTML writers (a right-to-left
 * override would otherwise turn "FAIL" into what reads as "LIAF"-reversed text in a CI log); and every
 * text of a report is bounded (a 1 MB waiver reason does not make a 3 MB junit.xml).
 */
import { describe, expect, it } from "vitest";
import { ConsoleReporter } from "../../../reports/console/ConsoleReporter.js";
import { renderHtmlReport } from "../../../reports/html/renderHtmlReport.js";
import { renderJsonReport } from "../../../reports/writeJsonReport.js";
import { renderJunitReport } from "../../../reports/writeJunitReport.js";
import { boundText, MAX_REPORT_TEXT } from "../../../reports/boundText.js";
import { showInvisible } from "../../../reports/showInvisible.js";
import { makeResult, makeRunReport } from "./runReportFixture.js";

const TRICK = "name \u202eLIAF\u202c \u2066x\u2069 zero\u200bwidth\u00adsoft \ufeffbom";
const INVISIBLE = /[\u202a-\u202e\u2066-\u2069\u200b-\u200f\u00ad\ufeff]/;

const report = () =>
  makeRunReport([
    makeResult({
      outcome: "failed",
      message: `the widget ${TRICK} is wrong`,
      expected: "x",
      actual: TRICK,
    }),
  ]);

describe("invisible format characters", () => {
  it("are written as \\u escapes", () => {
    expect(showInvisible(TRICK)).toBe("name \\u202eLIAF\\u202c \\u2066x\\u2069 zero\\u200bwidth\\u00adsoft \\ufeffbom");
    expect(showInvisible("plain ç ã 日本 🙂")).toBe("plain ç ã 日本 🙂");
  });

  it("never reach the console, junit.xml or index.html raw", () => {
    let consoleText = "";
    const reporter = new ConsoleReporter({
      stream: { write: (text: string) => ((consoleText += text), true) },
      color: false,
    });
    for (const result of report().results) reporter.onResult(result);
    expect(consoleText).toContain("\\u202eLIAF\\u202c");
    expect(consoleText).not.toMatch(INVISIBLE);
    const junit = renderJunitReport(report());
    expect(junit).toContain("\\u202eLIAF\\u202c");
    expect(junit).not.toMatch(INVISIBLE);
    const html = renderHtmlReport(report());
    expect(html).toContain("\\u202eLIAF\\u202c");
    expect(html.replace(/<script type="application\/json"[\s\S]*?<\/script>/, "")).not.toMatch(INVISIBLE);
  });
});

describe("texts of a report", () => {
  it("are bounded, keeping the head and saying how much was left out", () => {
    expect(boundText("abcdef", 4)).toBe("abcd… (2 characters left out)");
    expect(boundText("ab\ud83d\ude42cd", 3)).toBe("ab… (4 characters left out)");
    expect(boundText("abc", 4)).toBe("abc");
  });

  it("keep a 1 MB waiver reason from swelling junit.xml, report.json and index.html", () => {
    const reason = "VEND-12 ".repeat(131_072);
    const waived = makeRunReport([
      makeResult({
        outcome: "waived",
        message: "excused",
        waiver: { checkId: "schema.response-body", operation: "getWidget", reason, expires: "2099-01-01" },
      }),
    ]);
    for (const text of [renderJunitReport(waived), renderJsonReport(waived), renderHtmlReport(waived)]) {
      expect(text.length).toBeLessThan(4 * MAX_REPORT_TEXT + 200_000);
      expect(text).toContain(`characters left out`);
    }
  });
});

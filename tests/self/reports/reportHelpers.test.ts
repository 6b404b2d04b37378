/**
 * The report writers' small helpers at their edges (issue 25.3): bounds at exactly the limit, the HTML template's
 * treatment of each kind of value, the console's colour codes and its sanitising, the suite's wording, and a
 * report file written through a temporary file that a failure leaves no trace of.
 */
import { mkdir, mkdtemp, readdir, readFile, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { boundCommandLine, boundText } from "../../../reports/boundText.js";
import { createPaint } from "../../../reports/console/paint.js";
import { sanitizeConsoleText } from "../../../reports/console/sanitizeConsoleText.js";
import { escapeHtml } from "../../../reports/html/escapeHtml.js";
import { html, SafeHtml } from "../../../reports/html/html.js";
import { contractWording, reportWording } from "../../../reports/suiteWording.js";
import { writeReportFile } from "../../../reports/writeReportFile.js";
import { makeResult, makeRunReport } from "./runReportFixture.js";

describe("boundText and boundCommandLine", () => {
  it("keep a text of exactly the limit whole and cut one character more", () => {
    expect(boundText("abcd", 4)).toBe("abcd");
    expect(boundText("abcde", 4)).toBe("abcd… (1 characters left out)");
    expect(boundText("abc\ud83d\ude00", 4)).toBe("abc… (2 characters left out)");
    expect(boundCommandLine("run --x", 7)).toBe("run --x");
    expect(boundCommandLine("run --xy", 7)).toBe(
      "# the command line that reproduces this run is 8 characters long, more than the 7 a report keeps of one text",
    );
  });
});

describe("html", () => {
  it("escapes text and numbers, joins arrays, drops undefined, null and false, and passes its own markup through", () => {
    const inner = html`<b>${"<i>"}</b>`;
    expect(
      html`${"<a>"}|${0}|${true}|${[inner, "&"]}|${undefined}|${null}|${false}|${new SafeHtml("<hr>")}`.value,
    ).toBe("&lt;a&gt;|0|true|<b>&lt;i&gt;</b>&amp;||||<hr>");
    expect(String(inner)).toBe("<b>&lt;i&gt;</b>");
    expect(html`plain`.value).toBe("plain");
  });

  it("escapeHtml shows controls as \\u escapes, replaces lone surrogates and keeps pairs", () => {
    expect(escapeHtml(`a\u0000b\u001fc\u007fd&<>"'`)).toBe("a\\u0000b\\u001fc\\u007fd&amp;&lt;&gt;&quot;&#39;");
    expect(escapeHtml("tab\tnew\nline\r")).toBe("tab\tnew\nline\r");
    expect(escapeHtml("\ud800x\udfff\ud83d\ude00")).toBe("\ufffdx\ufffd\ud83d\ude00");
    expect(escapeHtml(12)).toBe("12");
  });
});

describe("createPaint", () => {
  it("wraps each kind of text in its ANSI code, or not at all", () => {
    const paint = createPaint(true);
    expect(paint.enabled).toBe(true);
    expect([paint.bold("b"), paint.dim("d"), paint.outcome("error", "e"), paint.outcome("skipped", "s")]).toEqual([
      "\u001b[1mb\u001b[0m",
      "\u001b[2md\u001b[0m",
      "\u001b[35me\u001b[0m",
      "\u001b[2ms\u001b[0m",
    ]);
    expect([paint.verdict("pass", " PASS "), paint.verdict("fail", " FAIL ")]).toEqual([
      "\u001b[1;42;30m PASS \u001b[0m",
      "\u001b[1;41;97m FAIL \u001b[0m",
    ]);
    const none = createPaint(false);
    expect([none.enabled, none.bold("b"), none.verdict("fail", "x"), none.outcome("failed", "f")]).toEqual([
      false,
      "b",
      "x",
      "f",
    ]);
  });
});

describe("sanitizeConsoleText", () => {
  it("removes escape sequences with their parameters, turns control runs into a space and keeps one line", () => {
    expect(sanitizeConsoleText("a\u001b[31;1mred\u001b[0m\u0007\u0000b\n\nc  d ")).toBe("ared b c d");
    expect(sanitizeConsoleText("x\u0085y")).toBe("x y");
  });

  it("cuts at exactly max characters, the last one an ellipsis", () => {
    expect(sanitizeConsoleText("abcd", undefined, 4)).toBe("abcd");
    expect(sanitizeConsoleText("abcde", undefined, 4)).toBe("abc…");
    expect(sanitizeConsoleText("x".repeat(201))).toBe(`${"x".repeat(199)}…`);
    expect(sanitizeConsoleText("x".repeat(200))).toBe("x".repeat(200));
  });

  it("redacts with the function it is given", () => {
    expect(sanitizeConsoleText("a secret", (text) => text.replace("secret", "[S]"))).toBe("a [S]");
  });
});

describe("the suite's wording", () => {
  it("holds the operations' names and paths and the register, lower-cased, one per line", () => {
    const wording = contractWording();
    expect(wording.split("\n").slice(0, 2)).toEqual([
      "listfactorydefaultwidgets",
      "/platform/cms/listfactorydefaultwidgets",
    ]);
    expect(wording).toBe(wording.toLowerCase());
    expect(wording).toContain('"id":"permission-facts"');
  });

  it("adds each verdict's check id, title and family", () => {
    const report = makeRunReport([makeResult({ checkId: "X.One", title: "Some Title", family: "search" })]);
    expect(reportWording(report)).toBe(`${contractWording()}\nx.one\nsome title\nsearch`);
  });
});

describe("writeReportFile", () => {
  const folders: string[] = [];
  afterAll(async () => {
    for (const folder of folders) await rm(folder, { recursive: true, force: true });
  });

  it("writes the text and leaves no temporary file; a failure leaves none either", async () => {
    const folder = await mkdtemp(join(tmpdir(), "cms-report-file-"));
    folders.push(folder);
    await writeReportFile(join(folder, "report.json"), "{}\n");
    expect(await readFile(join(folder, "report.json"), "utf8")).toBe("{}\n");
    expect(await readdir(folder)).toEqual(["report.json"]);
    // Renaming a file over a folder fails: the temporary file must go.
    await mkdir(join(folder, "sub"));
    await expect(writeReportFile(join(folder, "sub"), "x")).rejects.toThrow();
    expect((await readdir(folder)).sort()).toEqual(["report.json", "sub"]);
  });
});

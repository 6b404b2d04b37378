/**
 * The HTML report in a real headless Chromium (Debian's, driven by playwright-core): it opens
 * from file:// with no console error and no request but itself, the filters work, a failure's
 * evidence expands, hostile text stays inert, and a screenshot is left for a person to look at.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { mkdir, stat } from "node:fs/promises";
import { fileURLToPath, pathToFileURL } from "node:url";
import { chromium, type Browser, type Page } from "playwright-core";
import { writeReports } from "../../../reports/writeReports.js";
import { findChromium } from "./findChromium.js";
import { HOSTILE, makeRunReport, PLANTED_SECRETS } from "./runReportFixture.js";

const executablePath = findChromium();
const OUT_DIR = fileURLToPath(new URL("../../../reports/out/browser/", import.meta.url));
const SCREENSHOT = fileURLToPath(new URL("../../../reports/out/screenshots/report.png", import.meta.url));
const report = makeRunReport();

if (!executablePath) {
  console.warn("Browser tests skipped: no chromium at /usr/bin/chromium or on the PATH. Install Debian's package: apt-get install -y chromium");
}

describe.skipIf(!executablePath)("index.html in headless Chromium", () => {
  let browser: Browser;
  let page: Page;
  let fileUrl: string;
  const requests: string[] = [];
  const consoleErrors: string[] = [];
  const dialogs: string[] = [];

  beforeAll(async () => {
    const paths = await writeReports(report, { outDir: OUT_DIR, formats: ["html"], secrets: PLANTED_SECRETS });
    fileUrl = pathToFileURL(paths.html ?? "").href;
    browser = await chromium.launch({
      executablePath,
      headless: true,
      args: ["--no-sandbox", "--disable-gpu", "--disable-background-networking", "--disable-component-update", "--disable-sync", "--no-first-run", "--disable-quic"],
    });
    page = await browser.newPage({ viewport: { width: 1366, height: 900 } });
    page.setDefaultTimeout(5_000);
    page.on("request", (request) => requests.push(request.url()));
    page.on("console", (message) => {
      if (message.type() === "error" || message.type() === "warning") consoleErrors.push(`${message.type()}: ${message.text()}`);
    });
    page.on("pageerror", (error) => consoleErrors.push(`pageerror: ${error.message}`));
    page.on("dialog", (dialog) => {
      dialogs.push(dialog.message());
      void dialog.dismiss();
    });
    await page.goto(fileUrl, { waitUntil: "load" });
  }, 30_000);

  afterAll(async () => {
    await browser?.close();
  });

  const visibleResults = () => page.locator("details.result:visible").count();
  /** Distinct results with a lit matrix cell (a check is listed under each of its sections). */
  const litMatrixResults = async () => new Set(await page.locator("table.matrix tr.check-row:visible td.cell:not(.dim)").evaluateAll((cells) => cells.map((cell) => cell.getAttribute("data-result")))).size;
  const resetFilters = async () => {
    await page.locator('#filters button[type="reset"]').click();
    await expect.poll(visibleResults).toBe(report.results.length);
  };

  it("opens from file:// with no console error and no request but the file itself", async () => {
    await expect.poll(() => page.locator("#shown").textContent()).toBe(`${report.results.length} of ${report.results.length} results shown`);
    expect(consoleErrors).toEqual([]);
    expect(requests).toEqual([fileUrl]);
    expect(await page.locator(".verdict-word").textContent()).toBe("FAIL");
  });

  it("filters by outcome, operation, family, level and search text", async () => {
    const form = page.locator("#filters");
    await page.locator('.counts a[data-only-outcome="failed"]').click();
    expect(await visibleResults()).toBe(report.summary.failed);
    expect(await litMatrixResults()).toBe(report.summary.failed);

    await form.locator('button[type="reset"]').click();
    await expect.poll(visibleResults).toBe(report.results.length);

    await form.locator('select[name="operation"]').selectOption("getAnalytic");
    expect(await visibleResults()).toBe(report.results.filter((result) => result.operation === "getAnalytic").length);
    expect(await litMatrixResults()).toBe(report.results.filter((result) => result.operation === "getAnalytic").length);
    await form.locator('select[name="operation"]').selectOption("");

    await form.locator('select[name="family"]').selectOption("pagination");
    expect(await visibleResults()).toBe(1);
    await form.locator('select[name="family"]').selectOption("");

    await form.locator('select[name="level"]').selectOption("SHOULD");
    expect(await visibleResults()).toBe(report.results.filter((result) => result.level === "SHOULD").length);
    await form.locator('select[name="level"]').selectOption("");

    await form.locator('input[name="q"]').fill("union law");
    expect(await visibleResults()).toBe(1);
    expect(await page.locator("details.result:visible .check-id").textContent()).toBe("role-filters.union-law");
    await form.locator('input[name="q"]').fill("no such words anywhere");
    expect(await visibleResults()).toBe(0);
    expect(await page.locator("#no-match").isVisible()).toBe(true);

    await form.locator('button[type="reset"]').click();
    await expect.poll(visibleResults).toBe(report.results.length);
  });

  it("expands a failure's evidence: expected vs actual, request, response, schema issues, curl", async () => {
    await resetFilters();
    const failure = page.locator("details.result.r-failed").first();
    expect(await failure.locator(".evidence").isVisible()).toBe(false);
    await failure.locator("summary").click();
    expect(await failure.getAttribute("open")).not.toBeNull();
    for (const selector of [".ea .expected", ".ea .actual", ".exchange", "table.issues", ".curl pre"]) expect(await failure.locator(selector).first().isVisible(), selector).toBe(true);
    const button = failure.locator("button[data-copy]").first();
    await button.click();
    await expect.poll(() => button.textContent()).toMatch(/^(Copied|Select and copy)$/);
  });

  it("opens the evidence when a matrix cell is clicked", async () => {
    await resetFilters();
    const cell = page.locator("table.matrix a.badge.o-error").first();
    const target = (await cell.getAttribute("href")) ?? "";
    await cell.click();
    await expect.poll(() => page.locator(target).getAttribute("open")).not.toBeNull();
  });

  it("keeps the hostile payload inert: no dialog, no injected element, the text shown as text", async () => {
    await page.locator("#expand-all").click();
    expect(dialogs).toEqual([]);
    expect(await page.evaluate(() => (window as unknown as { __pwned?: boolean }).__pwned)).toBeUndefined();
    expect(await page.locator("#injected-img, #injected-div").count()).toBe(0);
    expect(await page.locator("img").count()).toBe(0);
    expect(await page.locator("script").count()).toBe(2);
    expect(await page.locator("body").innerText()).toContain(HOSTILE.script);
    expect(consoleErrors).toEqual([]);
  });

  it("prints with the evidence expanded", async () => {
    await page.locator("#collapse-all").click();
    await page.emulateMedia({ media: "print" });
    await page.evaluate(() => window.dispatchEvent(new Event("beforeprint")));
    expect(await page.locator("details.result:not([open])").count()).toBe(0);
    expect(await page.locator("#filters").isVisible()).toBe(false);
    await page.evaluate(() => window.dispatchEvent(new Event("afterprint")));
    await page.emulateMedia({ media: "screen" });
    expect(await page.locator("details.result[open]").count()).toBe(0);
  });

  it("leaves a full-page screenshot at reports/out/screenshots/report.png for a person to look at", async () => {
    await page.goto(fileUrl);
    await page.locator("details.result.r-failed summary").first().click();
    // The click scrolled; from the top, the sticky filter bar is drawn where it belongs.
    await page.evaluate(() => window.scrollTo(0, 0));
    await mkdir(fileURLToPath(new URL(".", pathToFileURL(SCREENSHOT))), { recursive: true });
    await page.screenshot({ path: SCREENSHOT, fullPage: true });
    expect((await stat(SCREENSHOT)).size).toBeGreaterThan(50_000);
    expect(consoleErrors).toEqual([]);
  });
});

/**
 * The HTML report of a REAL failing run on a phone and a desktop (issue 50.8): the suite runs in process against
 * a reference fault with 40 long --analytic-id values, so the findings carry long URLs, ids and keys; at 390 and
 * 1440 px the page never scrolls sideways, the banner's findings wrap and its Copy button stays in view. The
 * reproduce block shows the 40 repeated ids folded behind a count, and Copy copies the full line.
 */
import { mkdtempSync, readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { chromium, type Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { executeInProcess } from "../../../checks/executeInProcess.js";
import { startReferenceServer, type RunningReferenceServer } from "../../../reference/startReferenceServer.js";
import type { RunReport } from "../../../runner/model/RunReport.js";
import { runWith } from "../cli/cliInProcess.js";
import { findChromium } from "./findChromium.js";

const executablePath = findChromium();
/** Long unbroken ids, as a tenant with generated identifiers has them. */
/** 40 analytic ids on the command line: the server's own (the preflight stops a run on an id the target does not know), repeated. */
let ANALYTIC_IDS: string[] = [];

describe.skipIf(!executablePath)("the HTML report of a real failing run in headless Chromium", () => {
  let server: RunningReferenceServer;
  let browser: Browser;
  let fileUrl: string;
  let report: RunReport;

  beforeAll(async () => {
    server = await startReferenceServer({ seed: 4 });
    const known = server.fixtures.analyticIds;
    ANALYTIC_IDS = Array.from({ length: 40 }, (_, index) => known[index % known.length] as string);
    const out = mkdtempSync(join(tmpdir(), "cms-real-html-"));
    const args = [
      ["--base-url", server.faultBaseUrl("not-found-text-plain")],
      ["--client-id", server.credentials.clientId, "--token", server.credentials.token],
      ANALYTIC_IDS.flatMap((id) => ["--analytic-id", id]),
      ["--checks", "http.json-content-type,http.valid-request-ok,errors.unknown-id-404"],
      ["--seed", "3", "--max-examples", "2", "--format", "json,html", "--out", out],
    ].flat();
    const result = await runWith(args, {}, { executor: executeInProcess });
    expect(result.stderr).toBe("");
    expect(result.code).toBe(1);
    report = JSON.parse(readFileSync(join(out, "report.json"), "utf8")) as RunReport;
    fileUrl = pathToFileURL(join(out, "index.html")).href;
    browser = await chromium.launch({ executablePath, headless: true, args: ["--no-sandbox", "--disable-gpu"] });
  }, 180_000);

  afterAll(async () => {
    await browser?.close();
    await server?.close();
  });

  for (const width of [390, 1440]) {
    it(`at ${width} px: the page never scrolls sideways, evidence expanded or not, and the Copy button is in view`, async () => {
      const page = await browser.newPage({ viewport: { width, height: 900 } });
      page.setDefaultTimeout(45_000);
      try {
        await page.goto(fileUrl, { waitUntil: "load" });
        const sideways = () =>
          page.evaluate(() => ({
            scrollWidth: (document.scrollingElement as Element).scrollWidth,
            innerWidth: window.innerWidth,
            widest: [...document.querySelectorAll<HTMLElement>("body *")]
              .filter((node) => node.getBoundingClientRect().right > window.innerWidth + 1)
              .filter((node) => !node.closest(".matrix-wrap, pre"))
              .slice(0, 5)
              .map(
                (node) =>
                  `${node.tagName.toLowerCase()}.${node.className} ${Math.round(node.getBoundingClientRect().right)}`,
              ),
          }));
        const closed = await sideways();
        expect(closed.widest).toEqual([]);
        expect(closed.scrollWidth).toBeLessThanOrEqual(closed.innerWidth);
        const copy = await page.locator("header.verdict .reproduce button[data-copy]").boundingBox();
        expect(copy).not.toBeNull();
        expect((copy?.x ?? -1) >= 0 && (copy?.x ?? 0) + (copy?.width ?? 0) <= width).toBe(true);
        await page.locator("#expand-all").click();
        const open = await sideways();
        expect(open.widest).toEqual([]);
        expect(open.scrollWidth).toBeLessThanOrEqual(open.innerWidth);
      } finally {
        await page.close();
      }
    }, 60_000);
  }

  it("shows the 40 repeated ids folded behind a count, and Copy copies the full line", async () => {
    expect(report.meta.commandLine.split("--analytic-id").length - 1).toBe(40);
    const page = await browser.newPage({ viewport: { width: 390, height: 900 } });
    try {
      await page.goto(fileUrl, { waitUntil: "load" });
      const shown = await page.locator("header.verdict .reproduce pre:visible").innerText();
      expect(shown).toContain("--analytic-id … ×40");
      expect(shown).not.toContain(ANALYTIC_IDS[1] as string);
      expect(await page.locator("#command-line").textContent()).toBe(report.meta.commandLine);
      await page.locator("header.verdict .reproduce button[data-copy]").click();
      await expect
        .poll(() => page.locator("header.verdict .reproduce button[data-copy]").textContent())
        .toMatch(/^(Copied|Select and copy)$/);
      const copied = await page.evaluate(() => document.getSelection()?.toString() ?? "");
      if (copied !== "") expect(copied).toBe(report.meta.commandLine);
    } finally {
      await page.close();
    }
  }, 60_000);
});

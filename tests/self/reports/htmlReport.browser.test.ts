/**
 * The HTML report in a real headless Chromium (Debian's, driven by playwright-core): it opens
 * from file:// with no console error and no request but itself, the filters work, a failure's
 * evidence expands, hostile text stays inert; at 1400 and 800 px every operation column is in
 * view, the matrix header row stays visible while scrolling and the sticky filter bar covers no
 * heading a link jumps to. Screenshots are left in test-artifacts/ (ignored by git), never in
 * the user's report folder.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { mkdir, mkdtemp, stat } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { chromium, type Browser, type Page } from "playwright-core";
import { writeReports } from "../../../reports/writeReports.js";
import { findChromium } from "./findChromium.js";
import { fixtureResults, HOSTILE, makeResult, makeRunReport, PLANTED_SECRETS } from "./runReportFixture.js";

const executablePath = findChromium();
/** Screenshots for a person to look at: outside reports/out (the user's report folder), ignored by git. */
const ARTIFACTS = fileURLToPath(new URL("../../../test-artifacts/screenshots/", import.meta.url));
const MULTI_FINDING =
  "totalPages is 3 where ceil(totalElements / pageSize) is 2 (+2 more findings)\n- totalElements changed from 21 to 22 between pages\n- page 2 repeats an item of page 1";
const results = [
  ...fixtureResults(),
  makeResult({
    checkId: "pagination.totals-consistent",
    title: "totalPages is ceil(totalElements / pageSize)",
    family: "pagination",
    operation: "listFactoryDefaultWidgets",
    outcome: "failed",
    specRefs: ["2.11"],
    message: MULTI_FINDING,
  }),
];
const report = makeRunReport(results, "default", {
  selection: { selectedVerdicts: results.length, totalVerdicts: 104, checks: ["http.*", "schema.*", "pagination.*"] },
  commandLine: `cms-conformance run --base-url http://127.0.0.1:4010 --client-id "$CMS_CLIENT_ID" --token "$CMS_TOKEN" --checks 'http.*,schema.*,pagination.*' --seed 424242`,
});

if (!executablePath) {
  console.warn(
    "Browser tests skipped: no chromium at /usr/bin/chromium or on the PATH. Install Debian's package: apt-get install -y chromium",
  );
}

describe.skipIf(!executablePath)("index.html in headless Chromium", () => {
  let browser: Browser;
  let page: Page;
  let fileUrl: string;
  const requests: string[] = [];
  const consoleErrors: string[] = [];
  const dialogs: string[] = [];

  beforeAll(async () => {
    const outDir = await mkdtemp(join(tmpdir(), "cms-browser-"));
    const paths = await writeReports(report, { outDir, formats: ["html"], secrets: PLANTED_SECRETS });
    fileUrl = pathToFileURL(paths.html ?? "").href;
    browser = await chromium.launch({
      executablePath,
      headless: true,
      args: [
        "--no-sandbox",
        "--disable-gpu",
        "--disable-background-networking",
        "--disable-component-update",
        "--disable-sync",
        "--no-first-run",
        "--disable-quic",
      ],
    });
    page = await browser.newPage({ viewport: { width: 1400, height: 900 } });
    // Generous: a loaded CI machine renders slowly; a real fault shows as a wrong value, not as a slow one.
    page.setDefaultTimeout(45_000);
    page.on("request", (request) => requests.push(request.url()));
    page.on("console", (message) => {
      if (message.type() === "error" || message.type() === "warning")
        consoleErrors.push(`${message.type()}: ${message.text()}`);
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
  const litMatrixResults = async () =>
    new Set(
      await page
        .locator("table.matrix tr.check-row:visible td.cell:not(.dim)")
        .evaluateAll((cells) => cells.map((cell) => cell.getAttribute("data-result"))),
    ).size;
  const resetFilters = async () => {
    await page.locator('#filters button[type="reset"]').click();
    await expect.poll(visibleResults).toBe(report.results.length);
  };

  it("opens from file:// with no console error and no request but the file itself", async () => {
    await expect
      .poll(() => page.locator("#shown").textContent())
      .toBe(`${report.results.length} of ${report.results.length} results shown`);
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
    expect(await visibleResults()).toBe(report.results.filter((result) => result.family === "pagination").length);
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
    const failure = page.locator("details.result.r-failed", { has: page.locator("table.issues") }).first();
    expect(await failure.locator(".evidence").isVisible()).toBe(false);
    await failure.locator("summary").click();
    expect(await failure.getAttribute("open")).not.toBeNull();
    for (const selector of [".ea .expected", ".ea .actual", ".exchange", "table.issues", ".curl pre"])
      expect(await failure.locator(selector).first().isVisible(), selector).toBe(true);
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

  it("shows the partial selection, the command line and the variables to export in the banner", async () => {
    await page.setViewportSize({ width: 1400, height: 900 });
    await page.goto(fileUrl);
    expect(await page.locator("#partial").innerText()).toMatch(
      new RegExp(`^FAIL — ${results.length} of 104 verdicts selected `),
    );
    expect(await page.locator("#command-line").textContent()).toBe(report.meta.commandLine);
    expect(await page.locator("header .reproduce .env").innerText()).toBe(
      "Set the credentials first: export CMS_TOKEN=… CMS_CLIENT_ID=…",
    );
    const finding = page.locator("details.result", { hasText: "totals-consistent" });
    await finding.locator("summary").click();
    expect(await finding.locator("ul.findings li").allTextContents()).toEqual([
      "totalElements changed from 21 to 22 between pages",
      "page 2 repeats an item of page 1",
    ]);
  });

  // Issue 41.7: a phone and a wide desktop; every finding expanded, so the evidence's long lines are measured too.
  for (const width of [390, 1440]) {
    it(`wraps, never clips, at ${width} px: nothing wider than the page, no text cut by its box`, async () => {
      await page.setViewportSize({ width, height: 900 });
      await page.goto(fileUrl);
      await page.locator("#expand-all").click();
      const geometry = await page.evaluate(() => {
        const viewport = document.documentElement.clientWidth;
        const clipped: string[] = [];
        const beyond: string[] = [];
        for (const node of document.querySelectorAll<HTMLElement>("body *")) {
          const style = getComputedStyle(node);
          if (style.display === "none" || style.visibility === "hidden" || node.closest("svg")) continue;
          const rect = node.getBoundingClientRect();
          if (rect.width === 0) continue;
          const name = `${node.tagName.toLowerCase()}${node.id ? `#${node.id}` : ""}.${node.className}`;
          // A box that hides what overflows it sideways cuts text; one that scrolls (auto, scroll) keeps it reachable.
          const hides = ["hidden", "clip"].includes(style.overflowX);
          if (hides && node.scrollWidth > node.clientWidth + 1)
            clipped.push(`${name} ${node.scrollWidth} > ${node.clientWidth}`);
          if (rect.right > viewport + 1 && !node.closest("table.matrix, .matrix-wrap"))
            beyond.push(`${name} right ${Math.round(rect.right)} > ${viewport}`);
        }
        return { viewport, pageScrollWidth: document.documentElement.scrollWidth, clipped, beyond };
      });
      expect(geometry.clipped).toEqual([]);
      expect(geometry.beyond.slice(0, 10)).toEqual([]);
      expect(geometry.pageScrollWidth).toBeLessThanOrEqual(geometry.viewport);
    });
  }

  for (const width of [1400, 800]) {
    describe(`at ${width} px wide`, () => {
      beforeAll(async () => {
        await page.setViewportSize({ width, height: 900 });
        await page.goto(fileUrl);
      });

      it("shows every operation column inside the viewport, with no sideways scrolling of the page or of a box", async () => {
        const geometry = await page.evaluate(() => {
          const viewport = document.documentElement.clientWidth;
          const table = document.querySelector("table.matrix") as HTMLElement;
          const columns = [...table.querySelectorAll("thead th.op")].map((th) => {
            const rect = th.getBoundingClientRect();
            return { name: th.getAttribute("title") ?? "", left: rect.left, right: rect.right };
          });
          const cells = [...table.querySelectorAll("td.cell, td.na")].map((td) => td.getBoundingClientRect().right);
          const scrollingBoxes: string[] = [];
          for (let node: HTMLElement | null = table; node; node = node.parentElement) {
            if (node.scrollWidth > node.clientWidth + 1)
              scrollingBoxes.push(`${node.tagName}.${node.className} ${node.scrollWidth} > ${node.clientWidth}`);
          }
          return {
            viewport,
            pageScrollWidth: document.documentElement.scrollWidth,
            columns,
            rightmostCell: Math.max(...cells),
            scrollingBoxes,
          };
        });
        expect(geometry.columns).toHaveLength(5);
        for (const column of geometry.columns) {
          expect(column.left, column.name).toBeGreaterThanOrEqual(0);
          expect(column.right, column.name).toBeLessThanOrEqual(geometry.viewport);
        }
        expect(geometry.rightmostCell).toBeLessThanOrEqual(geometry.viewport);
        expect(geometry.pageScrollWidth).toBeLessThanOrEqual(geometry.viewport);
        expect(geometry.scrollingBoxes).toEqual([]);
      });

      it("keeps the matrix header row in view, below the opaque filter bar, while the matrix scrolls", async () => {
        await page
          .locator("table.matrix tbody tr.check-row")
          .last()
          .evaluate((row) => row.scrollIntoView({ block: "center" }));
        const seen = await page.evaluate(() => {
          const bar = document.getElementById("filters") as HTMLElement;
          const header = document.querySelector("table.matrix thead") as HTMLElement;
          // The header cells are what sticks (a <thead>'s own box stays where it was laid out).
          const headerRect = (header.querySelector("th.op") as HTMLElement).getBoundingClientRect();
          const firstRow = document.querySelector("table.matrix tbody tr.check-row") as HTMLElement;
          const ops = [...header.querySelectorAll("th.op")].map((th) => {
            const rect = th.getBoundingClientRect();
            const hit = document.elementFromPoint(rect.left + rect.width / 2, rect.top + rect.height / 2);
            return hit !== null && th.contains(hit);
          });
          return {
            scrolled: window.scrollY,
            barBottom: bar.getBoundingClientRect().bottom,
            barBackground: getComputedStyle(bar).backgroundColor,
            headerTop: headerRect.top,
            headerBottom: headerRect.bottom,
            firstRowTop: firstRow.getBoundingClientRect().top,
            ops,
          };
        });
        expect(seen.firstRowTop, "the first matrix row has scrolled under the header").toBeLessThan(seen.headerTop);
        expect(seen.headerTop).toBeGreaterThanOrEqual(seen.barBottom - 1);
        expect(seen.headerBottom).toBeLessThan(900);
        expect(seen.ops).toEqual([true, true, true, true, true]);
        expect(seen.barBackground).toBe("rgb(255, 255, 255)");
      });

      it("lands every heading a link jumps to below the sticky filter bar", async () => {
        const failed = await page.locator("details.result.r-failed").first().getAttribute("id");
        for (const target of ["matrix", "findings", "timings", "register", failed ?? "r-missing"]) {
          await page.evaluate((id) => {
            location.hash = `#${id}`;
          }, target);
          await expect.poll(() => page.evaluate(() => location.hash)).toBe(`#${target}`);
          const place = await page.evaluate((id) => {
            const node = document.getElementById(id) as HTMLElement;
            const rect = node.getBoundingClientRect();
            const hit = document.elementFromPoint(rect.left + 20, rect.top + 4);
            return {
              top: rect.top,
              barBottom: (document.getElementById("filters") as HTMLElement).getBoundingClientRect().bottom,
              uncovered: hit !== null && node.contains(hit),
            };
          }, target);
          expect(place.top, target).toBeGreaterThanOrEqual(place.barBottom);
          expect(place.uncovered, target).toBe(true);
        }
        await page.evaluate(() => window.scrollTo(0, 0));
      });

      it(`leaves screenshots in test-artifacts/screenshots/ for a person to look at`, async () => {
        await mkdir(ARTIFACTS, { recursive: true });
        await page.goto(fileUrl);
        await page.locator("details.result.r-failed summary").first().click();
        await page.evaluate(() => window.scrollTo(0, 0));
        const full = join(ARTIFACTS, `report-${width}.png`);
        await page.screenshot({ path: full, fullPage: true });
        await page.screenshot({ path: join(ARTIFACTS, `report-${width}-top.png`) });
        await page
          .locator("table.matrix tbody tr.check-row")
          .nth(6)
          .evaluate((row) => row.scrollIntoView({ block: "start" }));
        const matrix = join(ARTIFACTS, `report-${width}-matrix-scrolled.png`);
        await page.screenshot({ path: matrix });
        expect((await stat(full)).size).toBeGreaterThan(50_000);
        expect((await stat(matrix)).size).toBeGreaterThan(10_000);
        expect(consoleErrors).toEqual([]);
      });
    });
  }
});

describe.skipIf(!executablePath)("the filters in the URL (issue 27.8)", () => {
  it("opens a shared filtered view, and keeps a new filter in the address", async () => {
    const outDir = await mkdtemp(join(tmpdir(), "cms-browser-"));
    const paths = await writeReports(report, { outDir, formats: ["html"], secrets: PLANTED_SECRETS });
    const url = pathToFileURL(paths.html ?? "").href;
    const browser = await chromium.launch({ executablePath, headless: true, args: ["--no-sandbox", "--disable-gpu"] });
    try {
      const page = await browser.newPage({ viewport: { width: 1400, height: 900 } });
      const errors: string[] = [];
      page.on("pageerror", (error) => errors.push(error.message));
      await page.goto(`${url}#filter=o=failed&op=getWidget`, { waitUntil: "load" });
      const expected = report.results.filter((r) => r.outcome === "failed" && r.operation === "getWidget").length;
      await expect.poll(() => page.locator("details.result:visible").count()).toBe(expected);
      await page.locator('#filters select[name="operation"]').selectOption("getAnalytic");
      await expect.poll(() => page.evaluate(() => location.hash)).toBe("#filter=o=failed&op=getAnalytic");
      await page.locator('#filters button[type="reset"]').click();
      await expect.poll(() => page.evaluate(() => location.hash)).toBe("");
      expect(errors).toEqual([]);
    } finally {
      await browser.close();
    }
  }, 30_000);
});

describe.skipIf(!executablePath)("index.html at phone, tablet and desktop widths (issue 27.8)", () => {
  it.each([390, 800, 1400])(
    "at %i px: no sideways scroll, the header and the copy button inside the viewport",
    async (width) => {
      const outDir = await mkdtemp(join(tmpdir(), "cms-browser-"));
      const paths = await writeReports(report, { outDir, formats: ["html"], secrets: PLANTED_SECRETS });
      const browser = await chromium.launch({
        executablePath,
        headless: true,
        args: ["--no-sandbox", "--disable-gpu"],
      });
      try {
        const page = await browser.newPage({ viewport: { width, height: 900 } });
        await page.goto(pathToFileURL(paths.html ?? "").href, { waitUntil: "load" });
        const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
        expect(overflow).toBeLessThanOrEqual(0);
        for (const selector of ["header.verdict h1", "header.verdict button[data-copy]"]) {
          const box = await page.locator(selector).first().boundingBox();
          expect(box, selector).not.toBeNull();
          expect((box?.x ?? -1) >= 0 && (box?.x ?? 0) + (box?.width ?? 0) <= width, selector).toBe(true);
        }
      } finally {
        await browser.close();
      }
    },
    30_000,
  );
});

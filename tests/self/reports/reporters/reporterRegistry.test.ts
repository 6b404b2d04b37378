/**
 * The reporter registry (issue 43.4): every format is one entry chosen by --format, the console included;
 * the run-config schema lists the same names, and the run's reporters write the files before the console's
 * summary, which names them.
 */
import { mkdtempSync, readFileSync, readdirSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import {
  chosenFormats,
  DEFAULT_FORMATS,
  REPORTER_NAMES,
  reporterEntry,
  reportFilesOf,
} from "../../../../reports/reporters/reporterRegistry.js";
import { createRunReporters } from "../../../../reports/reporters/runReporters.js";
import { settingSchema } from "../../../../runner/settings/runConfigSchema.js";
import { makeRunReport, PLANTED_TOKEN } from "../runReportFixture.js";

describe("the reporter registry", () => {
  it("names the same formats as the run-config schema, so a --config file takes exactly them", () => {
    expect(settingSchema("formats").items?.enum).toEqual(REPORTER_NAMES);
  });

  it("gives each file format its own file, and the console none", () => {
    const files = reportFilesOf(REPORTER_NAMES);
    expect(files).toEqual(["report.json", "junit.xml", "index.html", "exchanges.har"]);
    expect(reporterEntry("console")).toMatchObject({ output: "terminal" });
    expect(REPORTER_NAMES.filter((name) => reporterEntry(name).needsExchanges === true)).toEqual(["har"]);
  });

  it("chooses what a run gave before --format existed when none is given: the console and three files", () => {
    expect(DEFAULT_FORMATS).toEqual(["console", "json", "junit", "html"]);
    expect(chosenFormats(undefined)).toEqual(["console", "json", "junit", "html"]);
  });

  it("keeps the console when the list names no terminal format, each format once, in the registry's order", () => {
    expect(chosenFormats(["har", "json", "json"])).toEqual(["console", "json", "har"]);
    expect(chosenFormats(["console"])).toEqual(["console"]);
  });
});

describe("the reporters of a run", () => {
  it("hands every hook to each format, writes the files first and ends with the console's summary naming them", async () => {
    const outDir = join(mkdtempSync(join(tmpdir(), "cms-reporters-")), "out");
    const report = makeRunReport();
    let printed = "";
    const secrets: string[] = [];
    const reporters = createRunReporters(chosenFormats(["json", "har"]), {
      stream: { write: (text: string) => (printed += text) },
      outDir,
      secrets: () => secrets,
    });
    reporters.start({
      target: report.meta.target.baseUrl,
      profile: report.meta.profile,
      checks: report.results.length,
    });
    for (const result of report.results) reporters.result(result);
    // A token learned mid-run is written nowhere from then on.
    secrets.push(PLANTED_TOKEN);
    reporters.end({ report });
    const written = await reporters.write();

    // No exchanges were kept: the har format has nothing to write, and says so by writing nothing.
    expect(written).toEqual({ json: join(outDir, "report.json") });
    expect(readdirSync(outDir)).toEqual(["report.json"]);
    expect(readFileSync(join(outDir, "report.json"), "utf8")).not.toContain(PLANTED_TOKEN);
    expect(printed).toMatch(/Summary by family[\s\S]*Reports\n {2}json {3}\S*report\.json\n$/);
    expect(printed).not.toContain(PLANTED_TOKEN);
  });
});

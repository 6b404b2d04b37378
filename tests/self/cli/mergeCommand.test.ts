/**
 * `cms-conformance merge` in this process (issue 25.3; deploy/shardAndRerun runs it through the bin on real
 * shards): its help, each usage error's sentence, and the merged reports written with the exit code of the
 * merged verdict.
 */
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { MERGE_HELP } from "../../../cli/commands/merge.js";
import { renderJsonReport } from "../../../reports/writeJsonReport.js";
import type { CheckResult, RunReport } from "../../../runner/model/RunReport.js";
import { makeResult, makeRunReport } from "../reports/runReportFixture.js";
import { runCli } from "./cliInProcess.js";

const scratch = () => mkdtempSync(join(tmpdir(), "cms-merge-"));

/** A shard's report folder holding report.json. */
function shardFolder(
  index: number,
  count: number,
  results: CheckResult[],
  target?: RunReport["meta"]["target"],
): string {
  const base = makeRunReport(results, "default", { sampling: [] });
  const report: RunReport = {
    ...base,
    meta: {
      ...base.meta,
      selection: { ...base.meta.selection, shard: { index, count } },
      ...(target === undefined ? {} : { target }),
    },
  };
  const folder = scratch();
  writeFileSync(join(folder, "report.json"), renderJsonReport(report));
  return folder;
}

describe("cms-conformance merge", () => {
  it("prints its help", async () => {
    expect(await runCli(["merge", "--help"])).toEqual({ code: 0, stdout: MERGE_HELP, stderr: "" });
  });

  it("refuses no shard, an unknown format, and shards it cannot read or use, each in one sentence", async () => {
    const refusal = async (argv: string[]) => {
      const { code, stdout, stderr } = await runCli(["merge", ...argv]);
      expect([code, stdout]).toEqual([2, ""]);
      return stderr;
    };
    expect(await refusal([])).toBe(
      "cms-conformance merge: give the report folder of every shard, e.g. cms-conformance merge --out merged shard-1 shard-2\n",
    );
    expect(await refusal(["--formats", "json", "x"])).toBe(
      "cms-conformance merge: unknown option --formats; did you mean --format? run cms-conformance merge --help for the options\n",
    );
    expect(await refusal(["--format", "json,pdf", "x"])).toBe(
      'cms-conformance merge: --format takes console, json, junit, html, not "pdf"\n',
    );
    const folder = scratch();
    expect(await refusal([join(folder, "nope")])).toBe(
      `cms-conformance merge: cannot read ${join(folder, "nope")}; give each shard's report folder or its report.json\n`,
    );
    expect(await refusal([folder])).toBe(
      `cms-conformance merge: cannot read ${join(folder, "report.json")} (ENOENT); give each shard's report folder or its report.json\n`,
    );
    const text = join(folder, "text.json");
    writeFileSync(text, "nope");
    expect(await refusal([text])).toBe(`cms-conformance merge: ${text} is not JSON; give each shard's report.json\n`);
    const other = join(folder, "other.json");
    writeFileSync(other, "{}");
    expect(await refusal([other])).toMatch(
      new RegExp(
        `^cms-conformance merge: ${other.replace(/[.]/g, "\\.")} is not a report\\.json of this suite: \\(root\\) must have required property '[a-zA-Z]+'\\n$`,
      ),
    );
    const one = shardFolder(1, 2, [makeResult()]);
    expect(await refusal([one])).toBe(
      "cms-conformance merge: shard 2/2 missing: give the report folder of every shard\n",
    );
  });

  it("writes the merged reports and exits as the merged verdict says", async () => {
    const one = shardFolder(1, 2, [makeResult({ checkId: "http.one" })]);
    const two = shardFolder(2, 2, [makeResult({ checkId: "http.two", outcome: "failed" })]);
    const out = join(scratch(), "merged");
    const { code, stdout, stderr } = await runCli(["merge", "--out", out, one, join(two, "report.json")]);
    expect([code, stderr]).toEqual([1, ""]);
    expect(readdirSync(out).sort()).toEqual(["index.html", "junit.xml", "report.json"]);
    const merged = JSON.parse(readFileSync(join(out, "report.json"), "utf8")) as RunReport;
    expect(merged.results.map((result) => result.checkId)).toEqual(["http.one", "http.two"]);
    expect(merged.meta.notes[0]).toBe(`merged from 2 reports: ${one}, ${join(two, "report.json")}`);
    expect(stdout).toContain(" FAIL ");
    expect(stdout).toContain(`  json   ${join(out, "report.json")}`);

    const passing = shardFolder(1, 1, [makeResult()]);
    const jsonOnly = join(scratch(), "json-only");
    mkdirSync(jsonOnly);
    const passed = await runCli(["merge", "--out", jsonOnly, "--format", "json", passing]);
    expect(passed.code).toBe(0);
    expect(readdirSync(jsonOnly)).toEqual(["report.json"]);
    expect(existsSync(join(jsonOnly, "index.html"))).toBe(false);
  });

  it("takes junit and html in --format, with spaces around the names", async () => {
    const shard = shardFolder(1, 1, [makeResult()]);
    const out = join(scratch(), "merged");
    const { code, stderr } = await runCli(["merge", "--out", out, "--format", " junit , html ", shard]);
    expect([code, stderr]).toEqual([0, ""]);
    expect(readdirSync(out).sort()).toEqual(["index.html", "junit.xml"]);
  });

  it("refuses shards of the bundled server beside a real target's, and names the one target it merged (issue 50.1)", async () => {
    const real = { baseUrl: "https://cms.example/api", embedded: false };
    const failing = shardFolder(1, 2, [makeResult({ checkId: "http.one", outcome: "failed" })], real);
    const bundled = shardFolder(2, 2, [makeResult({ checkId: "http.two" })]);
    const out = join(scratch(), "merged");
    const mixed = await runCli(["merge", "--out", out, failing, bundled]);
    expect(mixed).toEqual({
      code: 2,
      stdout: "",
      stderr: `cms-conformance merge: ${failing} judged https://cms.example/api and ${bundled} judged the bundled reference server (http://127.0.0.1:4010): merge only the shards of one run against one target\n`,
    });
    expect(existsSync(out)).toBe(false);
    const elsewhere = shardFolder(2, 2, [makeResult({ checkId: "http.two" })], {
      ...real,
      baseUrl: "https://b.example",
    });
    expect((await runCli(["merge", "--out", out, failing, elsewhere])).stderr).toBe(
      `cms-conformance merge: ${failing} judged https://cms.example/api and ${elsewhere} judged https://b.example: merge only the shards of one run against one target\n`,
    );
    const second = shardFolder(2, 2, [makeResult({ checkId: "http.two" })], real);
    expect((await runCli(["merge", "--out", out, failing, second])).code).toBe(1);
    const html = readFileSync(join(out, "index.html"), "utf8");
    expect(html).toContain("<title>FAIL · cms-conformance · https://cms.example/api</title>");
    const merged = JSON.parse(readFileSync(join(out, "report.json"), "utf8")) as RunReport;
    expect(merged.meta.target).toEqual(real);
  });
});

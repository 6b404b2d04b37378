/**
 * readRerunReport (issue 25.3): the failed and errored verdicts of an earlier report and its seed, profile and
 * examples, from the file or its folder, and the sentence for each report it cannot use.
 */
import { mkdirSync, mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { configurationErrorOf } from "../../cli/configurationErrorOf.js";
import { readRerunReport } from "../../../../runner/settings/readRerunReport.js";

const KNOWN = new Set(["http.one", "http.two"]);
const folder = () => mkdtempSync(join(tmpdir(), "cms-rerun-"));
const write = (dir: string, content: unknown, name = "report.json") => {
  const path = join(dir, name);
  writeFileSync(path, typeof content === "string" ? content : JSON.stringify(content));
  return path;
};
const result = (checkId: unknown, operation: unknown, outcome: string) => ({ checkId, operation, outcome });

const refusal = configurationErrorOf;

describe("readRerunReport", () => {
  it("takes the failed and errored verdicts, the seed, the profile and the examples, from the file or its folder", () => {
    const dir = folder();
    const path = write(dir, {
      meta: { seed: 42, profile: "strict", maxExamples: 7 },
      results: [
        result("http.one", "getWidget", "failed"),
        result("http.one", "getAnalytic", "passed"),
        result("http.two", "getRoleFilters", "error"),
        result("http.two", "getWidget", "warning"),
        "not an object",
        null,
      ],
    });
    const expected = {
      verdicts: [
        { checkId: "http.one", operation: "getWidget" },
        { checkId: "http.two", operation: "getRoleFilters" },
      ],
      layer: { seed: 42, profile: "strict", maxExamples: 7 },
      file: path,
    };
    expect(readRerunReport(path, KNOWN)).toEqual(expected);
    expect(readRerunReport(dir, KNOWN)).toEqual(expected);
  });

  it("takes one example, the fewest a run makes", () => {
    const path = write(folder(), { meta: { seed: 3, maxExamples: 1 }, results: [] });
    expect(readRerunReport(path, KNOWN)).toStrictEqual({
      verdicts: [],
      layer: { seed: 3, maxExamples: 1 },
      file: path,
    });
  });

  it("takes only the seed when the profile and examples are not ones it knows", () => {
    const path = write(folder(), { meta: { seed: 0, profile: "lenient", maxExamples: 0 }, results: [] });
    expect(readRerunReport(path, KNOWN)).toEqual({ verdicts: [], layer: { seed: 0 }, file: path });
    const fractional = write(folder(), { meta: { seed: 1, profile: "default", maxExamples: 1.5 }, results: [] });
    expect(readRerunReport(fractional, KNOWN).layer).toEqual({ seed: 1, profile: "default" });
  });

  it("says why it cannot use a report: unreadable, not JSON, not a report, a result without its pair, an unknown check", () => {
    const dir = folder();
    const missing = join(dir, "nope.json");
    expect(refusal(() => readRerunReport(missing, KNOWN))).toBe(
      `cannot read the report ${missing} (ENOENT); give the report.json of an earlier run to --rerun-failed`,
    );
    const empty = folder();
    mkdirSync(join(empty, "report.json"));
    expect(refusal(() => readRerunReport(empty, KNOWN))).toBe(
      `cannot read the report ${join(empty, "report.json")} (a directory, not a regular file); give the report.json of an earlier run to --rerun-failed`,
    );
    const text = write(dir, "not json", "text.json");
    expect(refusal(() => readRerunReport(text, KNOWN))).toBe(
      `the report ${text} is not JSON; give the report.json of an earlier run to --rerun-failed`,
    );
    for (const content of [
      [],
      null,
      { meta: { seed: "1" }, results: [] },
      { meta: { seed: 1 } },
      { meta: [], results: [] },
    ]) {
      const path = write(dir, content, "bad.json");
      expect(
        refusal(() => readRerunReport(path, KNOWN)),
        JSON.stringify(content),
      ).toBe(
        `${path} is not a report.json of cms-conformance (no meta.seed or results); give the report.json of an earlier run to --rerun-failed`,
      );
    }
    for (const bad of [result(5, "getWidget", "failed"), result("http.one", "getWidgets", "error")]) {
      const path = write(dir, { meta: { seed: 1 }, results: [bad] }, "pair.json");
      expect(refusal(() => readRerunReport(path, KNOWN))).toBe(
        `${path} holds a result without a check id and operation; give the report.json of an earlier run to --rerun-failed`,
      );
    }
    const unknown = write(
      dir,
      { meta: { seed: 1 }, results: [result("http.gone", "getWidget", "failed")] },
      "old.json",
    );
    expect(refusal(() => readRerunReport(unknown, KNOWN))).toBe(
      `${unknown} names the check "http.gone", which this version of the suite does not have; re-run the whole suite instead`,
    );
  });
});

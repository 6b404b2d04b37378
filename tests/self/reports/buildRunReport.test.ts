import { describe, expect, it } from "vitest";
import { buildRunReport } from "../../../runner/report/buildRunReport.js";
import { renderJsonReport } from "../../../reports/writeJsonReport.js";
import { validateRunReport } from "../../../reports/validateRunReport.js";
import { resolveRunSettings } from "../../../runner/settings/resolveRunSettings.js";
import { makeResult } from "./runReportFixture.js";

const settings = resolveRunSettings([
  {
    baseUrl: "https://cms.example.com",
    clientId: "cid-secret",
    token: "tok-secret",
    checks: ["http.*"],
    excludeChecks: ["http.no-server-error"],
    operations: ["getWidget"],
    seed: 9,
  },
]);
const facts = {
  settings,
  startedAt: new Date("2025-01-15T10:00:00Z"),
  durationMs: 1200,
  totalVerdicts: 57,
  sampling: [],
  gateFailures: [],
  notes: [],
};
const results = [
  makeResult({ checkId: "http.valid-request-ok", family: "http" }),
  makeResult({ checkId: "http.content-type-json", family: "http" }),
];

describe("buildRunReport meta", () => {
  it("records the selection: verdicts judged out of the suite's check × operation pairs it was given, and the filters", () => {
    const { meta } = buildRunReport(results, facts);
    expect(meta.selection).toEqual({
      selectedVerdicts: 2,
      totalVerdicts: 57,
      checks: ["http.*"],
      excludeChecks: ["http.no-server-error"],
      operations: ["getWidget"],
    });
  });

  it("records the command line that reproduces the run, with the waivers file and without secrets", () => {
    const { meta } = buildRunReport(results, { ...facts, waiversFile: "waivers.json" });
    expect(meta.commandLine).toBe(
      `cms-conformance run --base-url https://cms.example.com --client-id="$CMS_CLIENT_ID" --token="$CMS_TOKEN" --checks 'http.*' --exclude-checks http.no-server-error --operation getWidget --waivers waivers.json --seed 9`,
    );
  });

  it("marks insecure only when TLS verification was skipped, and the report validates either way", () => {
    expect(buildRunReport(results, facts).meta).not.toHaveProperty("insecure");
    const insecure = buildRunReport(results, { ...facts, settings: { ...settings, insecure: true } });
    expect(insecure.meta.insecure).toBe(true);
    expect(insecure.meta.commandLine).toBe(
      `cms-conformance run --base-url https://cms.example.com --client-id="$CMS_CLIENT_ID" --token="$CMS_TOKEN" --insecure --checks 'http.*' --exclude-checks http.no-server-error --operation getWidget --seed 9`,
    );
    for (const report of [buildRunReport(results, facts), insecure])
      expect(validateRunReport(JSON.parse(renderJsonReport(report)))).toEqual([]);
  });
});

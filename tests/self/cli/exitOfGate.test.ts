/** exitOfGate (issue 48.5): 0 passed, 1 the target failed, 2 with one sentence on stderr when it could not judge. */
import { describe, expect, it } from "vitest";
import { exitOfGate } from "../../../cli/exitOfGate.js";
import { buildRunReport } from "../../../runner/report/buildRunReport.js";
import { resolveRunSettings } from "../../../runner/settings/resolveRunSettings.js";
import type { CheckResult } from "../../../runner/model/RunReport.js";
import { makeResult } from "../reports/runReportFixture.js";

const facts = {
  settings: resolveRunSettings([{ baseUrl: "https://cms.example.com", clientId: "c", token: "t", seed: 1 }]),
  startedAt: new Date("2026-01-01T00:00:00Z"),
  durationMs: 1,
  totalVerdicts: 10,
  sampling: [],
  gateFailures: [],
  notes: [],
};

function exitOf(results: readonly CheckResult[], command: "run" | "merge" = "run"): { code: number; stderr: string } {
  let stderr = "";
  const code = exitOfGate(buildRunReport(results, facts), command, { stderr: { write: (text) => (stderr += text) } });
  return { code, stderr };
}

describe("exitOfGate", () => {
  it("exits 0 in silence on a pass, and 1 in silence on a failed verdict (the console and reports say it)", () => {
    expect(exitOf([makeResult()])).toStrictEqual({ code: 0, stderr: "" });
    expect(exitOf([makeResult({ outcome: "failed" }), makeResult({ outcome: "error" })])).toStrictEqual({
      code: 1,
      stderr: "",
    });
  });

  it("exits 2 with the gate's sentence, under the command's name, when verdicts could not be judged and none failed", () => {
    const errors = [makeResult({ checkId: "x.y", outcome: "error", message: "timeout." })];
    const sentence =
      "no verdict failed, but the run could not judge everything: 1 verdict could not be judged (error); the first, " +
      "x.y on getWidget: timeout (exit 2: not a failure of the target; the report lists each)\n";
    expect(exitOf(errors)).toStrictEqual({ code: 2, stderr: `cms-conformance run: ${sentence}` });
    expect(exitOf(errors, "merge")).toStrictEqual({ code: 2, stderr: `cms-conformance merge: ${sentence}` });
  });
});

import { describe, expect, it } from "vitest";
import { ConsoleReporter, type ConsoleReporterOptions } from "../../../reports/console/ConsoleReporter.js";
import { sanitizeConsoleText } from "../../../reports/console/sanitizeConsoleText.js";
import {
  FIXTURE_COMMAND_LINE,
  FIXTURE_GATE_FAILURE,
  FIXTURE_NOTE,
  FIXTURE_SAMPLING,
  makeGatedRunReport,
  makeRunReport,
  PLANTED_TOKEN,
} from "./runReportFixture.js";
import type { RunReport } from "../../../runner/model/RunReport.js";

const ANSI = /\u001b\[/;

function run(
  options: Omit<ConsoleReporterOptions, "stream">,
  isTTY: boolean,
  report: RunReport = makeRunReport(),
): string {
  let out = "";
  const reporter = new ConsoleReporter({ ...options, stream: { isTTY, write: (chunk: string) => (out += chunk) } });
  reporter.onRunStart({
    target: report.meta.target.baseUrl,
    profile: report.meta.profile,
    checks: report.results.length,
  });
  for (const result of report.results) reporter.onResult(result);
  reporter.onRunEnd(report, {
    json: "reports/out/report.json",
    junit: "reports/out/junit.xml",
    html: "reports/out/index.html",
  });
  return out;
}

/** Durations vary from run to run; the snapshot must not. */
const normalise = (text: string): string => text.replace(/\b\d+(\.\d+)? ?(ms|s)\b/g, "<duration>");

describe("console reporter", () => {
  it("prints progress, one line per failure, the summary table, the verdict and the paths (NO_COLOR)", () => {
    const out = run({ env: { NO_COLOR: "1" } }, false);
    expect(out).not.toMatch(ANSI);
    expect(normalise(out)).toMatchSnapshot();
  });

  it("uses no ANSI codes when the stream is not a TTY, even without NO_COLOR", () => {
    expect(run({ env: {} }, false)).not.toMatch(ANSI);
  });

  it("uses no ANSI codes on a TTY when NO_COLOR is set", () => {
    expect(run({ env: { NO_COLOR: "1" } }, true)).not.toMatch(ANSI);
  });

  it("colours a TTY and redraws a live progress line; an empty NO_COLOR does not count", () => {
    const out = run({ env: { NO_COLOR: "" } }, true);
    expect(out).toMatch(ANSI);
    expect(out).toContain("\r\u001b[2K");
  });

  it("prints the gate failures after the verdict, the sampling lines briefly and the notes (NO_COLOR)", () => {
    const out = run({ env: { NO_COLOR: "1" }, secrets: [PLANTED_TOKEN] }, true, makeGatedRunReport());
    expect(out).not.toMatch(ANSI);
    const lines = out.split("\n");
    const verdictAt = lines.findIndex((line) => line.startsWith(" FAIL "));
    const gateAt = lines.indexOf("Gate failures (the run fails for these besides check verdicts)");
    expect(lines[verdictAt]).toBe(
      " FAIL  1 gate failure · 2 failed · 1 error · 1 warning · 1 waived · 1 skipped · 6 passed  (default profile, 12 verdicts in 6.5 s, 317 requests, seed 424242)",
    );
    expect(gateAt).toBeGreaterThan(verdictAt);
    // The control characters and the escape sequence of the fixture are stripped, the token redacted.
    expect(lines[gateAt + 1]).toBe(
      "  ✗ FAIL  expired waiver: errors.unknown-id-404 on getAnalytic (expired 2024-12-31) <script>alert(1)</script> ]]> bell nul esc red [REDACTED]",
    );
    expect(out).not.toContain(PLANTED_TOKEN);
    expect(FIXTURE_GATE_FAILURE).toContain(PLANTED_TOKEN);
    const samplingAt = lines.indexOf("Sampling (listing walks stopped at a page bound)");
    expect(samplingAt).toBeGreaterThan(gateAt);
    expect(lines.slice(samplingAt + 1, samplingAt + 3)).toEqual(FIXTURE_SAMPLING.map((line) => `  ${line}`));
    expect(lines[lines.indexOf("Notes") + 1]).toBe(`  ${FIXTURE_NOTE}`);
    expect(lines.indexOf("Notes")).toBeLessThan(lines.indexOf("Reports"));
  });

  it("colours the gate failures like failures on a colour TTY", () => {
    const out = run({ env: {}, secrets: [PLANTED_TOKEN] }, true, makeGatedRunReport());
    const lines = out.split("\n");
    const gateAt = lines.findIndex((line) => line.includes("Gate failures"));
    expect(lines.slice(gateAt, gateAt + 2)).toEqual([
      "\u001b[31m\u001b[1mGate failures (the run fails for these besides check verdicts)\u001b[0m\u001b[0m",
      `  \u001b[31m✗ FAIL \u001b[0m expired waiver: errors.unknown-id-404 on getAnalytic (expired 2024-12-31) <script>alert(1)</script> ]]> bell nul esc red [REDACTED]`,
    ]);
  });

  it("cuts a long sampling list to a few lines and points to the reports", () => {
    const sampling = Array.from(
      { length: 8 },
      (_, index) => `listLandingPages: ${index + 1} listing walks stopped at --max-pages 50 ${"x".repeat(400)}`,
    );
    const out = run({ env: { NO_COLOR: "1" } }, false, makeRunReport(undefined, "default", { sampling }));
    const shown = out.split("\n").filter((line) => line.startsWith("  listLandingPages: "));
    expect(shown).toHaveLength(5);
    for (const line of shown) expect(line.length).toBeLessThanOrEqual(2 + 240);
    expect(out.split("\n").filter((line) => line.includes(" more in the reports"))).toEqual([
      "  … and 3 more in the reports",
    ]);
  });

  it("says a partial run's verdicts were selected, at the start and in the verdict line, and how to reproduce the run", () => {
    const report = makeRunReport(undefined, "default", {
      selection: { selectedVerdicts: 12, totalVerdicts: 104, checks: ["http.*"] },
    });
    let out = "";
    const reporter = new ConsoleReporter({
      env: { NO_COLOR: "1" },
      stream: { write: (chunk: string) => (out += chunk) },
    });
    reporter.onRunStart({ target: report.meta.target.baseUrl, profile: "default", checks: 12, totalVerdicts: 104 });
    reporter.onRunEnd(report, {});
    const lines = out.split("\n");
    expect(lines[0]).toBe("cms-conformance http://127.0.0.1:4010 · default profile · 12 of 104 verdicts selected");
    expect(lines.find((line) => line.startsWith(" FAIL "))).toMatch(
      /^ FAIL  — 12 of 104 verdicts selected: 2 failed · 1 error/,
    );
    expect(lines).toContain(`  Reproduce: ${FIXTURE_COMMAND_LINE}`);
    const whole = run({ env: { NO_COLOR: "1" } }, false);
    expect(whole).not.toContain("verdicts selected");
    expect(whole).not.toContain("checks to run");
  });

  it("prints a waived failure as waived, never as a failure", () => {
    const waived = makeRunReport().results.find((result) => result.outcome === "waived");
    expect(waived).toBeDefined();
    let out = "";
    const reporter = new ConsoleReporter({
      env: { NO_COLOR: "1" },
      stream: { write: (chunk: string) => (out += chunk) },
    });
    reporter.onRunStart({ target: "http://127.0.0.1:4010", profile: "default", checks: 1 });
    if (waived) reporter.onResult(waived);
    expect(out.split("\n")[1]).toBe(
      "  ~ WAIVED getAnalytic errors.unknown-id-404 — An unknown analytic id answered 400.",
    );
    expect(out).not.toContain("FAIL");
  });

  it("never passes the target's control characters to the terminal", () => {
    expect(sanitizeConsoleText("a\u001b[31mred\u001b]0;title\u0007 b\nc\u0000d")).toBe("ared ]0;title b c d");
    const out = run({ env: { NO_COLOR: "1" } }, false);
    expect(out).not.toMatch(/[\u0000-\u0008\u000b-\u001f\u007f]/);
  });
});

describe("the failed and errored verdicts at the end (issue 27.7)", () => {
  it("are listed again after the verdict, each with its replay line, and the shrunk counterexample redacted", () => {
    const out = run({ env: { NO_COLOR: "1" }, secrets: [PLANTED_TOKEN] }, true);
    const lines = out.split("\n");
    const at = lines.findIndex((line) => line.startsWith("Failed and errored verdicts ("));
    expect(at).toBeGreaterThan(lines.findIndex((line) => line.startsWith(" FAIL ")));
    expect(lines.slice(at).join("\n")).toMatch(
      /replay: cms-conformance run .* --seed 424242 --checks schema\.response-body --operation getWidget/,
    );
    expect(lines.slice(at).join("\n")).toMatch(/counterexample: \[\["admin"/);
    expect(out).not.toContain(PLANTED_TOKEN);
  });
});

describe("the live progress line on a terminal (issue 27.8)", () => {
  const progressLines = (columns: number) => {
    let out = "";
    const report = makeRunReport();
    const reporter = new ConsoleReporter({
      color: true,
      stream: { isTTY: true, columns, write: (chunk: string) => (out += chunk) },
    });
    reporter.onRunStart({ target: report.meta.target.baseUrl, profile: "default", checks: report.results.length });
    for (const result of report.results) reporter.onResult(result);
    return out
      .split("\r\u001b[2K")
      .slice(1)
      .map((chunk) => chunk.split("\n")[0] as string)
      .filter((line) => line.startsWith("  ["));
  };

  it("never wraps: at 60 columns every redraw is cut to 59 characters, colour codes aside", () => {
    const lines = progressLines(60);
    expect(lines.length).toBeGreaterThan(0);
    for (const line of lines) expect([...line.replace(/\u001b\[[0-9;]*m/g, "")].length).toBeLessThan(60);
    expect(lines.some((line) => line.endsWith("…"))).toBe(true);
  });

  it("is left whole on a wide terminal", () => {
    for (const line of progressLines(400)) expect(line.endsWith("…")).toBe(false);
  });
});

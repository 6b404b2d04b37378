import { describe, expect, it } from "vitest";
import { ConsoleReporter, type ConsoleReporterOptions } from "../../../reports/console/ConsoleReporter.js";
import { sanitizeConsoleText } from "../../../reports/console/sanitizeConsoleText.js";
import { makeRunReport } from "./runReportFixture.js";

const ANSI = /\u001b\[/;

function run(options: Omit<ConsoleReporterOptions, "stream">, isTTY: boolean): string {
  let out = "";
  const reporter = new ConsoleReporter({ ...options, stream: { isTTY, write: (chunk: string) => (out += chunk) } });
  const report = makeRunReport();
  reporter.onRunStart({ target: report.meta.target.baseUrl, profile: report.meta.profile, checks: report.results.length });
  for (const result of report.results) reporter.onResult(result);
  reporter.onRunEnd(report, { json: "reports/out/report.json", junit: "reports/out/junit.xml", html: "reports/out/index.html" });
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

  it("never passes the target's control characters to the terminal", () => {
    expect(sanitizeConsoleText("a\u001b[31mred\u001b]0;title\u0007 b\nc\u0000d")).toBe("ared ]0;title b c d");
    const out = run({ env: { NO_COLOR: "1" } }, false);
    expect(out).not.toMatch(/[\u0000-\u0008\u000b-\u001f\u007f]/);
  });
});

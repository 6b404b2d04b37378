/**
 * Runs test files of the `self` project in a scratch copy of the repository and says which failed. A run
 * that times out (the whole run, or a test past its timeout) is tried once more with twice the time, so a
 * loaded machine does not pass for a killed mutant (issue 45.3).
 */
import { spawnSync } from "node:child_process";
import { existsSync, readFileSync, rmSync } from "node:fs";
import { join, relative } from "node:path";

/** What a run of test files gave: the failing files (with their first failing test), and whether time ran out. */
export interface TestRun {
  readonly failing: readonly string[];
  readonly timedOut: boolean;
}

/** The `self` project's test timeout (vitest.config.ts), the first try's per-test limit. */
const TEST_TIMEOUT_MS = 60_000;
const RUN_TIMEOUT_MS = 600_000;

interface VitestJson {
  testResults: {
    name: string;
    status: string;
    assertionResults: { status: string; fullName: string; failureMessages?: string[] }[];
  }[];
}

/** One run of `tests`, with `scale` times the usual limits; `env` is added to the environment. */
function runOnce(scratch: string, tests: readonly string[], scale: number, env: Record<string, string>): TestRun {
  const report = join(scratch, ".verify-report.json");
  rmSync(report, { force: true });
  const result = spawnSync(
    process.execPath,
    [
      join(scratch, "node_modules/vitest/vitest.mjs"),
      "run",
      "--project",
      "self",
      "--bail",
      "1",
      "--testTimeout",
      String(TEST_TIMEOUT_MS * scale),
      "--reporter",
      "json",
      "--outputFile",
      report,
      ...tests,
    ],
    { cwd: scratch, encoding: "utf8", env: { ...process.env, NO_COLOR: "1", ...env }, timeout: RUN_TIMEOUT_MS * scale },
  );
  if (!existsSync(report))
    return {
      failing: [`(vitest wrote no report: ${result.error ? "it ran out of time" : `it exited ${result.status ?? result.signal}`})`],
      timedOut: result.error !== undefined || result.signal !== null,
    };
  const parsed = JSON.parse(readFileSync(report, "utf8")) as VitestJson;
  const failed = parsed.testResults.filter((file) => file.status === "failed");
  const timedOut = failed.some((file) =>
    file.assertionResults.some((test) => test.failureMessages?.some((message) => /Test timed out/.test(message))),
  );
  return {
    failing: failed.map((file) => {
      const test = file.assertionResults.find((assertion) => assertion.status === "failed");
      return `${relative(scratch, file.name)}${test ? ` > ${test.fullName}` : ""}`;
    }),
    timedOut,
  };
}

/** Runs `tests`; a run that ran out of time is run once more with twice the limits, and its result stands. */
export function runTests(scratch: string, tests: readonly string[], env: Record<string, string> = {}): TestRun & { retried: boolean } {
  const first = runOnce(scratch, tests, 1, env);
  if (!first.timedOut) return { ...first, retried: false };
  return { ...runOnce(scratch, tests, 2, env), retried: true };
}

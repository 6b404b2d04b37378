/**
 * Runs test files of the `self` project in a scratch copy of the repository and says which failed. A run
 * with any failure (a test past its timeout, or one whose verdict a loaded machine swayed) is tried once more
 * with twice the time, and the second run's result stands: a mutant a test really kills fails both times, so
 * a loaded machine neither passes nor fails a claim by accident (issue 45.3).
 */
import { spawnSync } from "node:child_process";
import { existsSync, readFileSync, rmSync } from "node:fs";
import { join, relative } from "node:path";

/** What a run of test files gave: the failing files (with their first failing test and its first message line). */
export interface TestRun {
  readonly failing: readonly string[];
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
    };
  const parsed = JSON.parse(readFileSync(report, "utf8")) as VitestJson;
  const failed = parsed.testResults.filter((file) => file.status === "failed");
  return {
    failing: failed.map((file) => {
      const test = file.assertionResults.find((assertion) => assertion.status === "failed");
      const why = test?.failureMessages?.[0]?.split("\n")[0]?.slice(0, 200);
      return `${relative(scratch, file.name)}${test ? ` > ${test.fullName}` : ""}${why ? ` (${why})` : ""}`;
    }),
  };
}

/**
 * Runs `tests`; a run with a failure is run once more with twice the limits, and its result stands. `firstTry`
 * keeps what failed the first time when the second run passed, so a flaky test shows in the output.
 */
export function runTests(
  scratch: string,
  tests: readonly string[],
  env: Record<string, string> = {},
): TestRun & { retried: boolean; firstTry: readonly string[] } {
  const first = runOnce(scratch, tests, 1, env);
  if (first.failing.length === 0) return { ...first, retried: false, firstTry: [] };
  return { ...runOnce(scratch, tests, 2, env), retried: true, firstTry: first.failing };
}

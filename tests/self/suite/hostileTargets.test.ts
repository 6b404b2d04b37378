/**
 * The runner against broken and hostile targets (issue 7): every run ends within a bound, with
 * a verdict (failures or errors with evidence, never a crash), and no secret in any output.
 */
import { mkdtempSync, readFileSync, readdirSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ConsoleReporter } from "../../../reports/console/ConsoleReporter.js";
import { writeReports } from "../../../reports/writeReports.js";
import { executeInProcess } from "../../../runner/execute/executeInProcess.js";
import { runConformance } from "../../../runner/runConformance.js";
import { ConfigurationError, resolveRunSettings } from "../../../runner/settings/resolveRunSettings.js";
import { HOSTILE_BEHAVIOURS, startHostileTarget, unusedBaseUrl, type HostileBehaviour, type HostileTarget } from "../support/hostileTarget.js";

const SECRETS = { clientId: "client-9f8e7d6c5b4a", token: "token-SECRET-0a1b2c3d4e5f", restrictedToken: "restricted-SECRET-77aa88bb" };
const TIMEOUT_MS = 400;
/** Generous for a loaded two-core CI: the run itself needs a few seconds at most. */
const BOUND_MS = 30_000;

async function runAgainst(baseUrl: string) {
  const outDir = mkdtempSync(join(tmpdir(), "cms-hostile-"));
  let consoleText = "";
  const settings = resolveRunSettings([
    {
      baseUrl,
      ...SECRETS,
      analyticIds: ["analytic://tenant/a1"],
      roles: ["role-a", "role-b"],
      timeoutMs: TIMEOUT_MS,
      maxExamples: 1,
      maxPages: 2,
      seed: 3,
      checks: ["http.valid-request-ok", "schema.response-body", "auth.missing-token-401", "pagination.default-first-10", "errors.malformed-json-400"],
    },
  ]);
  const console = new ConsoleReporter({ stream: { write: (text: string) => ((consoleText += text), true) }, color: false, secrets: Object.values(SECRETS) });
  const started = performance.now();
  const report = await runConformance({ settings, observer: console, executor: executeInProcess });
  console.onRunEnd(report, await writeReports(report, { outDir, secrets: Object.values(SECRETS) }));
  const outcome = { report, exitCode: report.verdict === "pass" ? 0 : 1 };
  const elapsedMs = performance.now() - started;
  const files = readdirSync(outDir).map((name) => readFileSync(join(outDir, name), "utf8"));
  return { outcome, elapsedMs, outputs: [consoleText, ...files] };
}

describe("the runner against hostile targets", () => {
  let target: HostileTarget;
  beforeAll(async () => {
    target = await startHostileTarget({ lateHeadersMs: 5_000, hugeBytes: 50 * 1024 * 1024, chunkIntervalMs: 50, rateLimitedTimes: 1, retryAfter: "0" });
  });
  afterAll(() => target.close());

  // Every behaviour of the hostile target, but those that answer normally and those that stop the run early (below).
  const STOP_BEFORE_RUNNING = ["late-headers", "never-answer"] as const;
  const behaviours = HOSTILE_BEHAVIOURS.filter(
    (behaviour): behaviour is HostileBehaviour => !["ok", "slow", ...STOP_BEFORE_RUNNING].includes(behaviour),
  );

  it.each(behaviours)("%s: ends in bounded time with a failing verdict and no leaked secret", async (behaviour) => {
    const { outcome, elapsedMs, outputs } = await runAgainst(target.baseUrlFor(behaviour));
    expect(elapsedMs).toBeLessThan(BOUND_MS);
    expect(outcome.exitCode).toBe(1);
    expect(outcome.report.summary.failed + outcome.report.summary.errors).toBeGreaterThan(0);
    for (const result of outcome.report.results.filter((r) => r.outcome === "failed")) {
      expect(result.message.length, result.checkId).toBeGreaterThan(0);
    }
    for (const text of outputs) for (const secret of Object.values(SECRETS)) expect(text.includes(secret), `${behaviour} leaked a secret`).toBe(false);
  });

  it.each(STOP_BEFORE_RUNNING)("%s: stops before running (exit 2) within the timeout, saying how to fix it", async (behaviour) => {
    const started = performance.now();
    await expect(runAgainst(target.baseUrlFor(behaviour))).rejects.toThrow(/did not answer within 400 ms; raise --timeout/);
    expect(performance.now() - started).toBeLessThan(BOUND_MS);
  });

  it("stops before running when nothing listens, with one sentence", async () => {
    const baseUrl = await unusedBaseUrl();
    await expect(runAgainst(baseUrl)).rejects.toThrow(ConfigurationError);
    await expect(runAgainst(baseUrl)).rejects.toThrow(/cannot be reached/);
  });
});

/**
 * Runs the conformance project through vitest's Node API against the target of `settings`,
 * then applies waivers and writes the reports. The engine: the CLI only parses options.
 */
import type { ConsoleReporter } from "../reports/console/ConsoleReporter.js";
import { writeReports, type ReportFormat, type WrittenReports } from "../reports/writeReports.js";
import { CHECK_CATALOGUE } from "../tests/conformance/checkCatalogue.js";
import { runSecrets } from "./engine/createTargetSession.js";
import { preflight } from "./preflight.js";
import { buildRunReport } from "./report/buildRunReport.js";
import type { CheckResult, RunReport } from "./report/model.js";
import type { RunSettings } from "./settings/RunSettings.js";
import type { CheckExecutor } from "./execute/CheckExecutor.js";
import { executeWithVitest } from "./execute/executeWithVitest.js";
import { applyWaivers } from "./waivers/applyWaivers.js";
import { loadWaivers } from "./waivers/loadWaivers.js";

/** What a run needs besides the settings. */
export interface RunOptions {
  readonly settings: RunSettings;
  readonly outDir: string;
  readonly formats?: readonly ReportFormat[];
  readonly waiversFile?: string;
  readonly console: ConsoleReporter;
  /** Today's date (UTC, YYYY-MM-DD) for waiver expiry; defaults to now. */
  readonly today?: string;
  /** How checks are run: through vitest (default) or in process. */
  readonly executor?: CheckExecutor;
  /** Skip writing report files (tests that only read the verdict). */
  readonly writeFiles?: boolean;
}

/** The outcome of a run. */
export interface RunOutcome {
  readonly report: RunReport;
  readonly paths: WrittenReports;
  /** 0 when nothing failed, 1 otherwise. */
  readonly exitCode: 0 | 1;
}

/** Results for planned checks that never reported: the suite could not judge them. */
function missingResults(planned: ReturnType<typeof CHECK_CATALOGUE.select>, results: readonly CheckResult[], runErrors: readonly string[]): CheckResult[] {
  const seen = new Set(results.map((result) => `${result.checkId} ${result.operation}`));
  const why = runErrors.length > 0 ? runErrors.join("; ") : "no verdict was reported";
  return planned
    .filter(({ check, operation }) => !seen.has(`${check.id} ${operation}`))
    .map(({ check, operation }) => ({
      checkId: check.id,
      title: check.title,
      family: check.family,
      operation,
      outcome: "error",
      level: check.level,
      specRefs: check.specRefs,
      registerRefs: [],
      message: `The suite could not run this check: ${why}`,
      evidence: [],
      durationMs: 0,
    }));
}

/** Runs the suite and writes the reports. Throws ConfigurationError (unreachable target) and WaiversFileError. */
export async function runConformance(options: RunOptions): Promise<RunOutcome> {
  const { settings } = options;
  const planned = CHECK_CATALOGUE.select(settings.checks, settings.excludeChecks, settings.operations);
  const waivers = options.waiversFile ? await loadWaivers(options.waiversFile, CHECK_CATALOGUE.ids()) : [];
  await preflight(settings);

  const startedAt = new Date();
  options.console.onRunStart({ target: settings.baseUrl, profile: settings.profile, checks: planned.length });
  const execute = options.executor ?? executeWithVitest;
  const execution = await execute(settings, planned, (result) => options.console.onResult(result));

  const judged = [...execution.results, ...missingResults(planned, execution.results, execution.runErrors)];
  const order = new Map(planned.map(({ check, operation }, index) => [`${check.id} ${operation}`, index]));
  judged.sort((a, b) => (order.get(`${a.checkId} ${a.operation}`) ?? 0) - (order.get(`${b.checkId} ${b.operation}`) ?? 0));
  const today = options.today ?? new Date().toISOString().slice(0, 10);
  const waived = applyWaivers(judged, waivers, today);
  const gateFailures = [
    ...waived.expired.map((waiver) => `expired waiver: ${waiver.checkId} on ${waiver.operation} (expired ${waiver.expires})`),
  ];
  const notes = waived.unused.map((waiver) => `unused waiver: ${waiver.checkId} on ${waiver.operation}`);
  const report = buildRunReport(waived.results, {
    settings,
    ...(options.waiversFile ? { waiversFile: options.waiversFile } : {}),
    startedAt,
    durationMs: Date.now() - startedAt.getTime(),
    ...(execution.statistics ? { statistics: execution.statistics } : {}),
    sampling: execution.statistics?.sampling ?? [],
    gateFailures,
    notes,
  });
  const secrets = runSecrets(settings).map((secret) => secret.value);
  const paths = options.writeFiles === false ? {} : await writeReports(report, { outDir: options.outDir, ...(options.formats ? { formats: options.formats } : {}), secrets });
  options.console.onRunEnd(report, paths);
  return { report, paths, exitCode: report.verdict === "pass" ? 0 : 1 };
}

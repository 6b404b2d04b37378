/**
 * The engine: plans the run, checks that the target answers, runs the checks (through vitest's
 * Node API by default), applies waivers and returns the RunReport. It writes nothing: the CLI
 * picks the reporters and writers (STYLE: Schemathesis keeps its engine apart from its output).
 */
import type { CheckCatalogue, PlannedCheck } from "./engine/CheckCatalogue.js";
import type { ExchangeLogSnapshot } from "./model/ExchangeLogSnapshot.js";
import { planRun } from "./planRun.js";
import { preflight } from "./preflight.js";
import { buildRunReport } from "./report/buildRunReport.js";
import { EXPIRED_WAIVER_PREFIX } from "./report/runGate.js";
import type { CheckResult, RunReport, Waiver } from "./model/RunReport.js";
import type { RunSettings } from "./model/RunSettings.js";
import type { CheckExecutor } from "./execute/CheckExecutor.js";
import { executeWithVitest } from "./execute/executeWithVitest.js";
import { applyWaivers } from "./waivers/applyWaivers.js";
import { loadWaivers } from "./waivers/loadWaivers.js";

/** What the engine knows when the checks start. */
export interface RunStart {
  readonly target: string;
  /** The bundled reference server, run because no base URL was given. */
  readonly embedded?: boolean;
  readonly profile: string;
  /** How many verdicts to expect (check × operation). */
  readonly checks: number;
  /** How many verdicts the whole suite has; more than `checks` in a partial run. */
  readonly totalVerdicts?: number;
}

/** Hooks the engine calls while it runs (the CLI passes its console reporter). */
export interface RunObserver {
  onRunStart?(start: RunStart): void;
  /** One verdict, as it comes, with its waiver already applied. */
  onResult?(result: CheckResult): void;
  /** Every exchange of the run, once the checks are done, when the settings keep them (exchangeLogLimit). */
  onExchanges?(log: ExchangeLogSnapshot): void;
}

/** What a run needs besides the settings. */
export interface RunOptions {
  readonly settings: RunSettings;
  /** Every check of the suite; the caller (the CLI) hands it in, so the runner depends on no check. */
  readonly catalogue: CheckCatalogue;
  readonly waiversFile?: string;
  readonly observer?: RunObserver;
  /** Today's date (UTC, YYYY-MM-DD) for waiver expiry; defaults to now. */
  readonly today?: string;
  /** How checks are run: through vitest (default) or in process. */
  readonly executor?: CheckExecutor;
  /** Aborted on SIGINT or SIGTERM: the run starts no other check and reports what finished; the rest are errors. */
  readonly signal?: AbortSignal;
}

/** Results for planned checks that never reported: the suite could not judge them. */
function missingResults(
  planned: readonly PlannedCheck[],
  results: readonly CheckResult[],
  runErrors: readonly string[],
  interruption: string | undefined,
): CheckResult[] {
  const seen = new Set(results.map((result) => `${result.checkId} ${result.operation}`));
  const why = interruption ?? (runErrors.length > 0 ? runErrors.join("; ") : "no verdict was reported");
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

/** What a reader of the report must know about how the run chose and stopped its verdicts. */
function planNotes(settings: RunSettings, planned: number, notRun: number): string[] {
  const notes: string[] = [];
  if (settings.rerunFailed)
    notes.push(
      `re-run of the ${settings.rerunFailed.verdicts.length} failed or errored verdicts of ${settings.rerunFailed.report} (--rerun-failed), with its seed`,
    );
  if (settings.shard)
    notes.push(
      `shard ${settings.shard.index}/${settings.shard.count}: ${planned} of the selected check × operation pairs; ` +
        "merge the shards' reports with cms-conformance merge",
    );
  if (notRun > 0)
    notes.push(
      `stopped once ${settings.maxFailures} verdict${settings.maxFailures === 1 ? " had" : "s had"} failed or errored ` +
        `(--max-failures ${settings.maxFailures}; checks already running finished): ` +
        `${notRun} of ${planned} check × operation pairs were not run`,
    );
  return notes;
}

/**
 * Runs the suite and returns its report ("pass" when nothing failed). Throws ConfigurationError
 * (unreachable target), UnknownCheckError (a selection naming no check) and WaiversFileError.
 */
export async function runConformance(options: RunOptions): Promise<RunReport> {
  const { settings, catalogue, observer = {} } = options;
  const planned = planRun(settings, catalogue);
  const waivers: readonly Waiver[] = options.waiversFile
    ? await loadWaivers(
        options.waiversFile,
        catalogue.ids(),
        (id) => catalogue.checks.find((check) => check.id === id)?.operations,
      )
    : [];
  const today = options.today ?? new Date().toISOString().slice(0, 10);
  // --max-run-time counts from here: the preflight's requests are part of the run.
  const timed: RunSettings = { ...settings, runStartedAt: settings.runStartedAt ?? Date.now() };
  await preflight(timed, new Set(planned.map(({ operation }) => operation)));

  const startedAt = new Date();
  const totalVerdicts = catalogue.select([], []).length;
  observer.onRunStart?.({
    target: settings.baseUrl,
    embedded: settings.embedded,
    profile: settings.profile,
    checks: planned.length,
    totalVerdicts,
  });
  const execute = options.executor ?? executeWithVitest;
  // Waivers apply as each verdict comes, so nothing shows a waived failure as a failure.
  const execution = await execute(
    timed,
    planned,
    (result) => observer.onResult?.(applyWaivers([result], waivers, today).results[0] ?? result),
    options.signal,
  );
  const interruption = options.signal?.aborted
    ? `the run was interrupted at ${new Date().toISOString()} (${String(options.signal.reason ?? "aborted")}) before this check finished`
    : undefined;

  if (execution.statistics?.exchanges) observer.onExchanges?.(execution.statistics.exchanges);
  // Pairs --max-failures kept from starting are not run, not errors: the notes say so.
  const notRun = new Set((execution.notRun ?? []).map(({ checkId, operation }) => `${checkId} ${operation}`));
  const unreported = planned.filter(({ check, operation }) => !notRun.has(`${check.id} ${operation}`));
  const judged = [
    ...execution.results,
    ...missingResults(unreported, execution.results, execution.runErrors, interruption),
  ];
  const order = new Map(planned.map(({ check, operation }, index) => [`${check.id} ${operation}`, index]));
  judged.sort(
    (a, b) => (order.get(`${a.checkId} ${a.operation}`) ?? 0) - (order.get(`${b.checkId} ${b.operation}`) ?? 0),
  );
  const waived = applyWaivers(judged, waivers, today);
  const gateFailures = [
    ...(interruption
      ? [interruption.replace(/ before this check finished$/, "; the verdicts still open then are errors")]
      : []),
    ...waived.expired.map((waiver) => `${EXPIRED_WAIVER_PREFIX}${describeWaiver(waiver)} (expired ${waiver.expires})`),
    ...skippedGateFailures(waived.results, settings),
    ...unverifiedGateFailures(waived.results, settings),
  ];
  const notes = [
    ...planNotes(settings, planned.length, notRun.size),
    // Errors of the run itself (the checks' worker died, a module did not load): the verdicts it left open say so too, and the console shows the notes.
    ...execution.runErrors.map((error) => `the run itself reported an error: ${error}`),
    ...waived.unused.map((waiver) => `unused waiver: ${describeWaiver(waiver)}`),
  ];
  return buildRunReport(waived.results, {
    settings,
    ...(options.waiversFile ? { waiversFile: options.waiversFile } : {}),
    startedAt,
    durationMs: Date.now() - startedAt.getTime(),
    totalVerdicts,
    ...(execution.statistics ? { statistics: execution.statistics } : {}),
    sampling: execution.statistics?.sampling ?? [],
    gateFailures,
    notes,
  });
}

/** With --fail-on-skipped, one gate failure per skipped verdict: what could not be judged must not pass the gate. */
function skippedGateFailures(results: readonly CheckResult[], settings: RunSettings): string[] {
  if (settings.failOnSkipped !== true) return [];
  return results
    .filter((result) => result.outcome === "skipped")
    .map(
      (result) =>
        `skipped (--fail-on-skipped): ${result.checkId} on ${result.operation}: ${result.skipReason ?? result.message}`,
    );
}

/** With --fail-on-unverified, one gate failure per permission verdict that could not be judged for want of a fact. */
function unverifiedGateFailures(results: readonly CheckResult[], settings: RunSettings): string[] {
  if (settings.failOnUnverified !== true) return [];
  return results
    .filter((result) => result.outcome === "warning" && /\[register: permission-facts\]/.test(result.message))
    .map((result) => `unverified (--fail-on-unverified): ${result.checkId} on ${result.operation}: ${result.message}`);
}

/** "schema.* on getAnalytic, finding /chart/series/", for gate failures and notes. */
function describeWaiver(waiver: Waiver): string {
  return `${waiver.checkId} on ${waiver.operation ?? "every operation"}${waiver.finding === undefined ? "" : `, finding /${waiver.finding}/`}`;
}

/** Assembles the RunReport from the verdicts and the facts of the run. */
import { readFileSync } from "node:fs";
import { createHash } from "node:crypto";
import { AMBIGUITY_REGISTER } from "../../contract/ambiguityRegister.js";
import { CONTRACT_SCHEMAS } from "../../contract/schemaCatalogue.js";
import { OPERATIONS, operationPath, type OperationName, type OperationPaths } from "../../contract/operations.js";
import type { RunStatistics } from "../model/RunStatistics.js";
import type { CheckResult, RunReport, RunSelection, RunSummary } from "../model/RunReport.js";
import { reproduceCommand, type ReproducibleSettings } from "./reproduceCommand.js";
import { fromProjectRoot } from "../../contract/projectRoot.js";

/** Version of this suite (package.json). */
const SUITE_VERSION: string = (JSON.parse(readFileSync(fromProjectRoot("package.json"), "utf8")) as { version: string })
  .version;

/** sha256 over the contract's schema files, so a report names the contract it judged against. */
const SCHEMA_HASH: string = createHash("sha256")
  .update(CONTRACT_SCHEMAS.map((doc) => `${doc.file}\n${JSON.stringify(doc.schema)}`).join("\n"))
  .digest("hex");

/** Counts by outcome. */
export function summarize(results: readonly CheckResult[]): RunSummary {
  const count = (outcome: CheckResult["outcome"]) => results.filter((result) => result.outcome === outcome).length;
  return {
    total: results.length,
    passed: count("passed"),
    failed: count("failed"),
    warnings: count("warning"),
    skipped: count("skipped"),
    errors: count("error"),
    waived: count("waived"),
  };
}

/** Facts of a run that are not in the results. */
export interface RunFacts {
  readonly settings: ReproducibleSettings;
  /** The waivers file of the run, when one was given (it is part of the command line that reproduces it). */
  readonly waiversFile?: string;
  readonly startedAt: Date;
  readonly durationMs: number;
  /** How many check × operation verdicts the whole suite has (more than the results in a partial run). */
  readonly totalVerdicts: number;
  readonly statistics?: RunStatistics;
  /** Listing walks cut at their page bound, in words (TargetSession.samplingNotes). */
  readonly sampling: readonly string[];
  /** Reasons the run fails besides check verdicts (an expired waiver). */
  readonly gateFailures: readonly string[];
  /** Things a reader should know that change no verdict (an unused waiver). */
  readonly notes: readonly string[];
}

function timingsByOperation(
  statistics: RunStatistics | undefined,
  paths: OperationPaths | undefined,
): RunReport["timings"] {
  const timings: Partial<Record<OperationName, number[]>> = {};
  for (const operation of OPERATIONS) {
    const durations = statistics?.durationsByPath[operationPath(operation.name, paths)];
    if (durations && durations.length > 0) timings[operation.name] = durations;
  }
  return timings;
}

/** Which verdicts the run judged out of the whole suite's check × operation pairs. */
function runSelection(settings: ReproducibleSettings, selectedVerdicts: number, totalVerdicts: number): RunSelection {
  return {
    selectedVerdicts,
    totalVerdicts,
    checks: [...settings.checks],
    excludeChecks: [...settings.excludeChecks],
    operations: [...settings.operations],
    ...(settings.shard ? { shard: { ...settings.shard } } : {}),
    ...(settings.rerunFailed ? { rerunFailed: settings.rerunFailed.report } : {}),
    ...(settings.maxFailures !== undefined ? { maxFailures: settings.maxFailures } : {}),
  };
}

const perSecond = (rate: number): string => `${rate} request${rate === 1 ? "" : "s"} per second`;
const times = (count: number): string => `${count} time${count === 1 ? "" : "s"}`;

/** The pace the run settled on against the target's rate limit (issue 23.1), in one sentence; undefined when it was not paced. */
function pacingNote(statistics: RunStatistics): string | undefined {
  const { pacing, retries429 } = statistics;
  const waited = `${retries429} answer${retries429 === 1 ? "" : "s"} of 429 (rate limited) waited out`;
  if (pacing === undefined) {
    return statistics.slowestRatePerSecond === undefined
      ? undefined
      : `The target answered 429 (rate limited) ${times(retries429)}; the run slowed down to ` +
          `${perSecond(statistics.slowestRatePerSecond)} (--rate-limit sets a pace from the start).`;
  }
  if (pacing.source === "waited")
    return (
      `The target answered 429 (rate limited) to about ${Math.round((pacing.refusedShare ?? 0) * 100)} % ` +
      `of the requests whatever the pace: the run kept no pace and waited out each 429 as its Retry-After ` +
      `asked (${waited}).`
    );
  const settled = perSecond(pacing.settledPerSecond ?? 0);
  if (pacing.source === "announced" && pacing.announced !== undefined)
    return (
      `The target announced a rate limit of ${pacing.announced.limit} ` +
      `request${pacing.announced.limit === 1 ? "" : "s"} per ${pacing.announced.windowSeconds} s ` +
      `(RateLimit fields); the run settled on a pace of ${settled}, 90 % of it (${waited}).`
    );
  const lowest =
    pacing.slowestPerSecond !== undefined && pacing.slowestPerSecond < (pacing.settledPerSecond ?? 0)
      ? `, lowest ${perSecond(pacing.slowestPerSecond)}`
      : "";
  // createRateLimiter keeps the announced limit when 429 answers forced a pace below it.
  const announcement =
    pacing.announced === undefined
      ? "without announcing its limit"
      : `below the rate limit it announced (${pacing.announced.limit} ` +
        `request${pacing.announced.limit === 1 ? "" : "s"} per ${pacing.announced.windowSeconds} s, ` +
        `RateLimit fields)`;
  return (
    `The target answered 429 (rate limited) ${times(retries429)} ${announcement}; the run settled on a ` +
    `pace of ${settled}${lowest}, 90 % of what it admitted, after slowing down ` +
    `${times(pacing.slowDowns)} (--rate-limit sets a pace from the start).`
  );
}

/** The 502, 503 and 504 answers waited out (issue 48.4), in one sentence; undefined when there were none. */
function unavailableNote(statistics: RunStatistics): string | undefined {
  const counts = Object.entries(statistics.retriesUnavailable ?? {}).filter(([, count]) => count > 0);
  if (counts.length === 0) return undefined;
  const listed = counts.map(([status, count]) => `${status} ${times(count)}`).join(", ");
  return (
    `The target was not available for a while: it answered ${listed}; each such answer was waited out ` +
    `(its Retry-After, or a back-off from 1 s doubling) and the request sent again, within --max-retry-wait ` +
    `(availability, not conformance: never a failure).`
  );
}

/** What a reader must know about how the run went: it stopped early, the pace it settled on, it trusted any certificate. */
function runConditions(facts: RunFacts): string[] {
  const notes: string[] = [];
  const statistics = facts.statistics;
  if (statistics?.stopped !== undefined)
    notes.push(`The run stopped early: ${statistics.stopped}; the checks still open then are errors.`);
  const pace = statistics === undefined ? undefined : pacingNote(statistics);
  if (pace !== undefined) notes.push(pace);
  const unavailable = statistics === undefined ? undefined : unavailableNote(statistics);
  if (unavailable !== undefined) notes.push(unavailable);
  const renewals = statistics?.tokenRenewals;
  if (renewals !== undefined && renewals.renewed > 0)
    notes.push(
      `A bearer token expired mid-run and was obtained anew ${renewals.renewed} ` +
        `time${renewals.renewed === 1 ? "" : "s"} (--token-command or --restricted-token-command); the ` +
        `requests that met the expiry were sent again with it.`,
    );
  for (const failure of renewals?.failures ?? [])
    notes.push(
      `A token could not be obtained anew after a 401: ${failure}; the run stopped there (the suite's own trouble).`,
    );
  if (facts.settings.insecure === true) notes.push("TLS certificates were not verified (--insecure).");
  for (const line of statistics?.bodyTexts ?? []) notes.push(`Answer text of ${line}`);
  return notes;
}

/** The report of a run. */
export function buildRunReport(results: readonly CheckResult[], facts: RunFacts): RunReport {
  const summary = summarize(results);
  const suiteTrouble = facts.statistics?.suiteTrouble;
  const failing =
    summary.failed > 0 || summary.errors > 0 || facts.gateFailures.length > 0 || suiteTrouble !== undefined;
  return {
    reportVersion: 1,
    verdict: failing ? "fail" : "pass",
    meta: {
      suiteVersion: SUITE_VERSION,
      schemaHash: SCHEMA_HASH,
      target: { baseUrl: facts.settings.baseUrl, embedded: facts.settings.embedded },
      profile: facts.settings.profile,
      seed: facts.settings.seed,
      startedAt: facts.startedAt.toISOString(),
      durationMs: facts.durationMs,
      requestCount: facts.statistics?.requests ?? 0,
      retries429: facts.statistics?.retries429 ?? 0,
      nodeVersion: process.version,
      maxExamples: facts.settings.maxExamples,
      selection: runSelection(facts.settings, results.length, facts.totalVerdicts),
      commandLine: reproduceCommand(
        facts.waiversFile !== undefined ? { ...facts.settings, waivers: facts.waiversFile } : facts.settings,
      ),
      ...(facts.settings.insecure === true ? { insecure: true } : {}),
      sampling: [...facts.sampling],
      gateFailures: [
        ...(suiteTrouble === undefined ? [] : [`the suite's own trouble ended the run: ${suiteTrouble}`]),
        ...facts.gateFailures,
      ],
      notes: [...runConditions(facts), ...facts.notes],
      ...(suiteTrouble === undefined ? {} : { suiteTrouble }),
    },
    summary,
    results,
    register: AMBIGUITY_REGISTER,
    timings: timingsByOperation(facts.statistics, facts.settings.operationPaths),
  };
}

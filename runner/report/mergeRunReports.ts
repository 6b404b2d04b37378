/**
 * Combines the report.json of the shards of one run (--shard i/n) into the report an unsharded run
 * would have written: every verdict once, in catalogue order, with the counts, requests, timings,
 * sampling and gate failures of all shards. Reports of different runs are refused, not mixed.
 */
import type { PlannedCheck } from "../engine/CheckCatalogue.js";
import type { OperationName } from "../../contract/operations.js";
import { summarize } from "./buildRunReport.js";
import type { CheckResult, RunReport } from "../model/RunReport.js";

/** Reports that cannot be merged: one sentence saying why and what to give instead. */
export class MergeError extends Error {}

/** A report and where it came from (named in errors and notes). */
export interface ShardReport {
  readonly source: string;
  readonly report: RunReport;
}

const unique = (items: readonly string[]): string[] => [...new Set(items)];

/** A report's target as its sentences name it. */
const targetWords = ({ target }: RunReport["meta"]) =>
  target.embedded ? `the bundled reference server (${target.baseUrl})` : target.baseUrl;

/**
 * Refuses shards of two targets: a shard that judged the bundled server (no --base-url) beside one of a real
 * target would let the bundled server's passes stand for the real target's. Shards of the bundled server each
 * start their own server on a port of their own, so their base URLs may differ.
 */
function checkSameTarget(first: ShardReport, others: readonly ShardReport[]): void {
  const { target } = first.report.meta;
  for (const other of others) {
    const { target: otherTarget } = other.report.meta;
    if (target.embedded && otherTarget.embedded) continue;
    if (target.embedded === otherTarget.embedded && target.baseUrl === otherTarget.baseUrl) continue;
    const judged = `${first.source} judged ${targetWords(first.report.meta)} and ${other.source} judged ${targetWords(other.report.meta)}`;
    throw new MergeError(`${judged}: merge only the shards of one run against one target`);
  }
}

/** Refuses reports that are not shards of one run. */
function checkSameRun(reports: readonly ShardReport[]): void {
  const [first, ...others] = reports;
  if (!first) throw new MergeError("give at least one shard's report folder");
  const facts = (report: RunReport) => ({
    "suite version": report.meta.suiteVersion,
    "contract (schema hash)": report.meta.schemaHash,
    seed: report.meta.seed,
    profile: report.meta.profile,
    "--max-examples": report.meta.maxExamples,
    "check and operation selection": JSON.stringify([
      report.meta.selection.checks,
      report.meta.selection.excludeChecks,
      report.meta.selection.operations,
    ]),
    "--rerun-failed": report.meta.selection.rerunFailed ?? "none",
    "--max-failures": report.meta.selection.maxFailures ?? "none",
    "shard count": report.meta.selection.shard?.count ?? "unsharded",
  });
  const expected = facts(first.report);
  for (const other of others) {
    for (const [name, value] of Object.entries(facts(other.report))) {
      const wanted = expected[name as keyof typeof expected];
      if (value !== wanted)
        throw new MergeError(
          `${first.source} and ${other.source} differ in ${name} (${String(wanted)} and ${String(value)}): merge only the shards of one run`,
        );
    }
  }
  checkSameTarget(first, others);
  const count = first.report.meta.selection.shard?.count;
  if (count === undefined) return;
  const seen = new Map<number, string>();
  for (const { source, report } of reports) {
    const index = report.meta.selection.shard?.index ?? 0;
    const twice = seen.get(index);
    if (twice) throw new MergeError(`${twice} and ${source} are both shard ${index}/${count}: give each shard once`);
    seen.set(index, source);
  }
  const missing = Array.from({ length: count }, (_, index) => index + 1).filter((index) => !seen.has(index));
  if (missing.length > 0)
    throw new MergeError(
      `shard${missing.length > 1 ? "s" : ""} ${missing.map((index) => `${index}/${count}`).join(", ")} missing: give the report folder of every shard`,
    );
}

/** The verdicts of all reports, each pair once, in the order of the catalogue. */
function mergedResults(reports: readonly ShardReport[], verdictOrder: readonly PlannedCheck[]): CheckResult[] {
  const order = new Map(verdictOrder.map(({ check, operation }, index) => [`${check.id} ${operation}`, index]));
  const from = new Map<string, string>();
  const results: CheckResult[] = [];
  for (const { source, report } of reports) {
    for (const result of report.results) {
      const key = `${result.checkId} ${result.operation}`;
      const earlier = from.get(key);
      if (earlier)
        throw new MergeError(
          `${result.checkId} on ${result.operation} is in both ${earlier} and ${source}: merge reports of disjoint shards`,
        );
      from.set(key, source);
      results.push(result);
    }
  }
  return results.sort(
    (a, b) =>
      (order.get(`${a.checkId} ${a.operation}`) ?? order.size) -
      (order.get(`${b.checkId} ${b.operation}`) ?? order.size),
  );
}

/** Notes of the merged run: an unused waiver only if no shard used it; each shard's own shard line replaced by one line. */
function mergedNotes(reports: readonly ShardReport[]): string[] {
  const all = reports.map(({ report }) => report.meta.notes);
  // These two note forms are written by runConformance: a waiver is unused overall only when every shard left it unused.
  const isUnusedWaiver = (note: string) => note.startsWith("unused waiver: ");
  const isShardLine = (note: string) => /^shard \d+\/\d+: /.test(note);
  const kept = unique(all.flat()).filter(
    (note) => !isShardLine(note) && (!isUnusedWaiver(note) || all.every((notes) => notes.includes(note))),
  );
  return [
    `merged from ${reports.length} report${reports.length === 1 ? "" : "s"}: ${reports.map(({ source }) => source).join(", ")}`,
    ...kept,
  ];
}

/** The report of the whole run. Throws MergeError when the reports are not the shards of one run. */
export function mergeRunReports(reports: readonly ShardReport[], verdictOrder: readonly PlannedCheck[]): RunReport {
  checkSameRun(reports);
  const results = mergedResults(reports, verdictOrder);
  const metas = reports.map(({ report }) => report.meta);
  const first = metas[0] as RunReport["meta"];
  const starts = metas.map((meta) => Date.parse(meta.startedAt));
  const start = Math.min(...starts);
  const end = Math.max(...metas.map((meta, index) => (starts[index] as number) + meta.durationMs));
  const gateFailures = unique(metas.flatMap((meta) => meta.gateFailures));
  const summary = summarize(results);
  const timings: Partial<Record<OperationName, number[]>> = {};
  for (const { report } of reports) {
    for (const [operation, durations] of Object.entries(report.timings) as [OperationName, readonly number[]][])
      timings[operation] = [...(timings[operation] ?? []), ...durations];
  }
  const { suiteTrouble: _firstTrouble, ...firstMeta } = first;
  const { shard: _shard, ...selection } = first.selection;
  // A shard ended by the suite's own trouble keeps the merged run from judging the target whole.
  const suiteTrouble = metas.find((meta) => meta.suiteTrouble !== undefined)?.suiteTrouble;
  return {
    reportVersion: 1,
    verdict: summary.failed > 0 || summary.errors > 0 || gateFailures.length > 0 ? "fail" : "pass",
    meta: {
      ...firstMeta,
      startedAt: new Date(start).toISOString(),
      durationMs: end - start,
      requestCount: metas.reduce((sum, meta) => sum + meta.requestCount, 0),
      retries429: metas.reduce((sum, meta) => sum + meta.retries429, 0),
      selection: { ...selection, selectedVerdicts: results.length },
      commandLine: first.commandLine.replace(/ --shard \d+\/\d+/, ""),
      ...(metas.some((meta) => meta.insecure === true) ? { insecure: true } : {}),
      sampling: unique(metas.flatMap((meta) => meta.sampling)),
      gateFailures,
      ...(suiteTrouble === undefined ? {} : { suiteTrouble }),
      notes: mergedNotes(reports),
    },
    summary,
    results,
    register: reports[0]?.report.register ?? [],
    timings,
  };
}

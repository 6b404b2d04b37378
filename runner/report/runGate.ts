/**
 * Who a finished run blames (README "Exit codes", issue 48.5): the target, when at least one verdict
 * failed or a waiver expired; nobody yet, when the run only could not judge (errors, an interrupted
 * shard, skips or unverified verdicts a --fail-on-* option turns into gate failures); nobody, when it
 * passed. The CLI turns the first into exit 1 and the second into exit 2 with `sentence`.
 */
import type { CheckResult, RunReport } from "../model/RunReport.js";

/** How runConformance starts the gate failure of an expired waiver: the one gate failure that blames the target. */
export const EXPIRED_WAIVER_PREFIX = "expired waiver: ";

/** The run's gate: passed, failed by the target, or not judged (one sentence naming the count and the first cause). */
export type RunGate =
  | { readonly kind: "passed" }
  | { readonly kind: "target-failed" }
  | { readonly kind: "not-judged"; readonly sentence: string };

/** Most characters of a cause quoted in the sentence: the report holds the whole of it. */
const CAUSE_LENGTH = 300;

/** The first line of `text`, cut to CAUSE_LENGTH. */
function firstLine(text: string): string {
  // A verdict's message ends its first line with how many findings follow: the sentence names one cause.
  const line = (text.split("\n")[0] ?? "")
    .trim()
    .replace(/ \(\+\d+ more findings?\)$/, "")
    .replace(/\.$/, "");
  return line.length > CAUSE_LENGTH ? `${line.slice(0, CAUSE_LENGTH)}…` : line;
}

const verdicts = (count: number): string => `${count} verdict${count === 1 ? "" : "s"}`;

/** "3 verdicts could not be judged (errors); the first, X on Y: cause". */
function errorsClause(errors: readonly CheckResult[]): string | undefined {
  const [first] = errors;
  if (first === undefined) return undefined;
  return (
    `${verdicts(errors.length)} could not be judged (error${errors.length === 1 ? "" : "s"}); ` +
    `the first, ${first.checkId} on ${first.operation}: ${firstLine(first.message)}`
  );
}

/** "2 gate failures besides the verdicts; the first: cause". */
function gateClause(gateFailures: readonly string[]): string | undefined {
  const [first] = gateFailures;
  if (first === undefined) return undefined;
  const count = gateFailures.length;
  return `${count} gate failure${count === 1 ? "" : "s"} besides the verdicts; the first: ${firstLine(first)}`;
}

/** The gate of a finished report (a run's or a merge's). */
export function runGate(report: Pick<RunReport, "verdict" | "summary" | "results" | "meta">): RunGate {
  if (report.verdict === "pass") return { kind: "passed" };
  const expired = report.meta.gateFailures.some((failure) => failure.startsWith(EXPIRED_WAIVER_PREFIX));
  if (report.summary.failed > 0 || expired) return { kind: "target-failed" };
  const errors = report.results.filter((result) => result.outcome === "error");
  const clauses = [errorsClause(errors), gateClause(report.meta.gateFailures)].filter(
    (clause): clause is string => clause !== undefined,
  );
  const why = clauses.length > 0 ? clauses.join("; and ") : "the report says why";
  return {
    kind: "not-judged",
    sentence: `no verdict failed, but the run could not judge everything: ${why} (exit 2: not a failure of the target; the report lists each)`,
  };
}

/**
 * The console reporter: progress while the runner works, one line per failure, and at the end
 * a summary table by family and outcome, the verdict, the gate failures and sampling of the run,
 * and where the reports are. Colour and the
 * live progress line only on a TTY without NO_COLOR; otherwise plain lines a CI log can keep.
 */
import type { CheckResult, Outcome, RunReport } from "../../runner/model/RunReport.js";
import type { OperationName } from "../../contract/operations.js";
import { OPERATIONS } from "../../contract/operations.js";
import { OUTCOME_LABEL, OUTCOME_ORDER } from "../outcomeOrder.js";
import { selectionPhrase } from "../selectionPhrase.js";
import { createRedactor, type Redactor, type SecretInput } from "../../runner/http/redactSecrets.js";
import { contractWording } from "../suiteWording.js";
import { createPaint, type Paint } from "./paint.js";
import { boundCommandLine } from "../boundText.js";
import { sanitizeConsoleText } from "./sanitizeConsoleText.js";
import { BUNDLED_TARGET_WORDS } from "../bundledTargetWording.js";

/** Where the reporter writes: process.stdout, or anything with `write` (tests capture it). */
export interface ConsoleStream {
  write(chunk: string): unknown;
  readonly isTTY?: boolean;
  /** The terminal's width, when it is one (process.stdout.columns). */
  readonly columns?: number;
}

/** Options of the console reporter. */
export interface ConsoleReporterOptions {
  /** Defaults to process.stdout. */
  readonly stream?: ConsoleStream;
  /** Forces colour on or off; by default on only for a TTY when NO_COLOR is unset or empty. */
  readonly color?: boolean;
  /** Environment to read NO_COLOR from (defaults to process.env). */
  readonly env?: Readonly<Record<string, string | undefined>>;
  /** Secrets never to print: { value, placeholder } pairs, or bare values shown as [REDACTED]. */
  readonly secrets?: readonly SecretInput[];
}

/** What the runner knows when it starts. */
export interface RunStartInfo {
  readonly target: string;
  /** The bundled reference server, run because no base URL was given. */
  readonly embedded?: boolean;
  readonly profile: string;
  /** How many verdicts to expect (check × operation). */
  readonly checks: number;
  /** How many verdicts the whole suite has; more than `checks` in a partial run. */
  readonly totalVerdicts?: number;
}

/** Where the report files were written, by format (json, junit, html, har …), in the order they are listed. */
export type ReportPaths = Readonly<Record<string, string | undefined>>;

// A waived failure is shown as waived (the runner applies waivers before onResult), never as a failure.
const SHOWN_AS_THEY_HAPPEN: ReadonlySet<Outcome> = new Set(["failed", "error", "warning", "waived"]);
/** Failed and errored verdicts listed again at the end; the reports hold the rest. */
const FAILED_SHOWN = 20;
const MARK: Readonly<Record<Outcome, string>> = {
  failed: "✗",
  error: "✗",
  warning: "!",
  waived: "~",
  skipped: "-",
  passed: "✓",
};

function emptyCounts(): Record<Outcome, number> {
  return { failed: 0, error: 0, warning: 0, waived: 0, skipped: 0, passed: 0 };
}

/** Sampling lines printed at the end; the rest are in the reports. */
const SAMPLING_LINES_SHOWN = 5;
/** Characters of one sampling line on the console. */
const SAMPLING_LINE_CHARS = 240;

/** "1 verdict", "2 verdicts". */
const counted = (count: number, noun: string): string => `${count} ${noun}${count === 1 ? "" : "s"}`;

function formatDuration(ms: number): string {
  // 999.6 ms rounds to a second, not to "1000 ms".
  return Math.round(ms) < 1000 ? `${Math.round(ms)} ms` : `${(ms / 1000).toFixed(1)} s`;
}

/** Reporter hooks the runner calls: onRunStart, onResult per verdict, onRunEnd once. */
export class ConsoleReporter {
  private readonly stream: ConsoleStream;
  private readonly paint: Paint;
  private readonly live: boolean;
  private redactor: Redactor;
  private readonly secrets: SecretInput[];
  /** The suite's own wording seen so far (contract, check ids and titles): left alone in the suite's sentences. */
  private wording = contractWording();
  private expected = 0;
  private done = 0;
  private step = 1;
  private readonly counts = emptyCounts();
  private readonly perOperation = new Map<OperationName, number>();
  private liveLineShown = false;

  constructor(options: ConsoleReporterOptions = {}) {
    this.stream = options.stream ?? process.stdout;
    const env = options.env ?? process.env;
    const noColor = (env.NO_COLOR ?? "") !== "";
    const color = options.color ?? (this.stream.isTTY === true && !noColor);
    this.paint = createPaint(color);
    // The live line redraws with ANSI codes, so it follows the colour decision.
    this.live = color && this.stream.isTTY === true;
    this.secrets = [...(options.secrets ?? [])];
    this.redactor = this.redactorOf(this.secrets);
  }

  private redactorOf(secrets: readonly SecretInput[]): Redactor {
    return createRedactor(secrets, { inSuiteWording: (secret) => this.wording.includes(secret) });
  }

  /** Secrets learned during the run (a token obtained anew): redacted from every line written after. */
  learnSecrets(learned: readonly SecretInput[]): void {
    const known = new Set(this.secrets.map((secret) => (typeof secret === "string" ? secret : secret.value)));
    const fresh = learned.filter((secret) => !known.has(typeof secret === "string" ? secret : secret.value));
    if (fresh.length === 0) return;
    this.secrets.push(...fresh);
    this.redactor = this.redactorOf(this.secrets);
  }

  /** A sentence the suite wrote. */
  private text(value: string, max?: number): string {
    return sanitizeConsoleText(value, this.redactor.suiteText, max);
  }

  /**
   * The reproduce line as written, never re-spaced or cut (that would change what it runs, issue
   * 24.1): it is quoted to be one visible line; one that is not (a merged shard's) is sanitised.
   */
  private commandLine(value: string): string {
    const line = boundCommandLine(this.redactor.suiteText(value));
    return /[\p{C}\p{Zl}\p{Zp}]/u.test(line) ? sanitizeConsoleText(line, (text) => text, line.length) : line;
  }

  /** Configured or target-supplied text (the base URL, a path). */
  private targetText(value: string, max?: number): string {
    return sanitizeConsoleText(value, this.redactor.text, max);
  }

  private write(line: string): void {
    if (this.liveLineShown) {
      this.stream.write("\r\u001b[2K");
      this.liveLineShown = false;
    }
    this.stream.write(`${line}\n`);
  }

  /** Announces the run. */
  onRunStart(info: RunStartInfo): void {
    this.expected = info.checks;
    this.step = info.checks > 0 ? Math.max(1, Math.ceil(info.checks / 10)) : 25;
    const partial = info.totalVerdicts !== undefined && info.checks < info.totalVerdicts;
    const count = partial
      ? `${info.checks} of ${info.totalVerdicts} verdicts selected`
      : `${info.checks} verdicts to judge (check × operation)`;
    this.write(
      `${this.paint.bold("cms-conformance")} ${this.targetText(info.target)}` +
        `${info.embedded === true ? ` (${BUNDLED_TARGET_WORDS})` : ""} · ${this.text(info.profile)} profile · ${count}`,
    );
  }

  private progressLine(): string {
    const width = String(Math.max(this.expected, this.done)).length;
    const total = this.expected > 0 ? `/${this.expected}` : "";
    const percent = this.expected > 0 ? ` ${String(Math.floor((this.done / this.expected) * 100)).padStart(3)}%` : "";
    const counts = OUTCOME_ORDER.filter((outcome) => this.counts[outcome] > 0 || outcome === "failed")
      .map((outcome) => this.paint.outcome(outcome, `${outcome} ${this.counts[outcome]}`))
      .join(" · ");
    const operations = OPERATIONS.filter((op) => this.perOperation.has(op.name))
      .map((op) => `${op.name} ${this.perOperation.get(op.name) ?? 0}`)
      .join(" · ");
    const line = `  [${String(this.done).padStart(width)}${total}]${percent}  ${counts}  ${this.paint.dim(`| ${operations}`)}`;
    return this.live ? this.fitTerminal(line) : line;
  }

  /**
   * The live line cut to the terminal's width (issue 27.8): a line that wraps is redrawn below
   * itself and fills the screen. Colour codes take no columns; a cut line loses its colour.
   */
  private fitTerminal(line: string): string {
    const columns = this.stream.columns;
    if (columns === undefined || columns < 10) return line;
    const plain = line.replace(/\u001b\[[0-9;]*m/g, "");
    return [...plain].length < columns ? line : `${[...plain].slice(0, columns - 2).join("")}…`;
  }

  /** Records one verdict: a line for a failure, error or warning, and progress. */
  onResult(result: CheckResult): void {
    this.wording += `\n${result.checkId}\n${result.title}`.toLowerCase();
    this.done += 1;
    this.counts[result.outcome] += 1;
    this.perOperation.set(result.operation, (this.perOperation.get(result.operation) ?? 0) + 1);
    if (SHOWN_AS_THEY_HAPPEN.has(result.outcome)) {
      const label = this.paint.outcome(
        result.outcome,
        `${MARK[result.outcome]} ${OUTCOME_LABEL[result.outcome].padEnd(5)}`,
      );
      this.write(`  ${label} ${result.operation} ${this.paint.bold(result.checkId)} — ${this.text(result.message)}`);
    }
    if (this.live) {
      // One line redrawn in place; write() clears it before any other line.
      this.stream.write(`\r\u001b[2K${this.progressLine()}`);
      this.liveLineShown = true;
    } else if (this.done % this.step === 0 || this.done === this.expected) {
      this.write(this.progressLine());
    }
  }

  /** Prints the summary table, the verdict and the report paths. */
  onRunEnd(report: RunReport, paths: ReportPaths): void {
    const families = [...new Set(report.results.map((result) => result.family))].sort();
    const columns: readonly Outcome[] = OUTCOME_ORDER;
    const familyWidth = Math.max(6, ...families.map((family) => family.length));
    const cell = (value: string | number, outcome?: Outcome, count?: number) => {
      const padded = String(value).padStart(8);
      return outcome && count !== undefined && count > 0 ? this.paint.outcome(outcome, padded) : padded;
    };
    const line = (name: string, results: readonly CheckResult[]) => {
      const counts = emptyCounts();
      for (const result of results) counts[result.outcome] += 1;
      return `  ${name.padEnd(familyWidth)}${columns.map((outcome) => cell(counts[outcome], outcome, counts[outcome])).join("")}${cell(results.length)}`;
    };
    this.write("");
    this.write(this.paint.bold("Summary by family"));
    this.write(
      this.paint.dim(
        `  ${"family".padEnd(familyWidth)}${columns.map((outcome) => cell(outcome)).join("")}${cell("total")}`,
      ),
    );
    for (const family of families)
      this.write(
        line(
          family,
          report.results.filter((result) => result.family === family),
        ),
      );
    this.write(this.paint.bold(line("total", report.results)));
    this.responseTimes(report);
    this.write("");

    const { summary, meta } = report;
    const counts: Readonly<Record<Outcome, number>> = {
      failed: summary.failed,
      error: summary.errors,
      warning: summary.warnings,
      waived: summary.waived,
      skipped: summary.skipped,
      passed: summary.passed,
    };
    const word = (outcome: Outcome, count: number) =>
      count !== 1 && (outcome === "warning" || outcome === "error") ? `${outcome}s` : outcome;
    const parts = OUTCOME_ORDER.filter((outcome) => counts[outcome] > 0).map((outcome) =>
      this.paint.outcome(outcome, `${counts[outcome]} ${word(outcome, counts[outcome])}`),
    );
    const gateCount = meta.gateFailures.length;
    if (gateCount > 0)
      parts.unshift(this.paint.outcome("failed", `${gateCount} gate failure${gateCount === 1 ? "" : "s"}`));
    const verdict = this.paint.verdict(report.verdict, ` ${report.verdict.toUpperCase()} `);
    const partial = selectionPhrase(report);
    const head = partial === undefined ? verdict : `${verdict} — ${partial}:`;
    this.write(
      `${head} ${parts.join(" · ") || "no verdicts"}  ` +
        this.paint.dim(
          `(${meta.profile} profile, ${counted(summary.total, "verdict")} in ${formatDuration(meta.durationMs)}, ` +
            `${counted(meta.requestCount, "request")}, seed ${meta.seed})`,
        ),
    );
    if (meta.profile === "default" && summary.warnings > 0)
      this.write(this.paint.dim("  Warnings do not fail the default profile; --profile strict makes them failures."));
    this.write(this.paint.dim(`  Reproduce: ${this.commandLine(meta.commandLine)}`));
    this.failedList(report);
    this.runLists(report);

    const written = Object.entries(paths).flatMap(([format, path]) => (path === undefined ? [] : [{ format, path }]));
    if (written.length > 0) {
      this.write("");
      this.write(this.paint.bold("Reports"));
      for (const { format, path } of written) this.write(`  ${format.padEnd(7)}${this.targetText(path, 500)}`);
    }
  }

  /**
   * The failed and errored verdicts again, at the end where a CI log is read (issue 27.7; merge prints
   * no verdict as it happens): each with its message, its shrunk counterexample when a property found
   * it, and the line that replays it alone.
   */
  private failedList(report: RunReport): void {
    const failing = report.results.filter((result) => result.outcome === "failed" || result.outcome === "error");
    if (failing.length === 0) return;
    const selects = /(^| )--(checks|exclude-checks|operation|shard|rerun-failed)[ =]/.test(report.meta.commandLine);
    this.write("");
    this.write(this.paint.outcome("failed", this.paint.bold(`Failed and errored verdicts (${failing.length})`)));
    for (const result of failing.slice(0, FAILED_SHOWN)) {
      const label = this.paint.outcome(
        result.outcome,
        `${MARK[result.outcome]} ${OUTCOME_LABEL[result.outcome].padEnd(5)}`,
      );
      this.write(
        `  ${label} ${result.operation} ${this.paint.bold(result.checkId)} — ${this.text(result.message, 300)}`,
      );
      if (result.property?.counterexample !== undefined)
        this.write(
          this.paint.dim(
            `      counterexample: ${this.targetText(JSON.stringify(result.property.counterexample) ?? "undefined", 300)}`,
          ),
        );
      if (!selects)
        this.write(
          this.paint.dim(
            `      replay: ${this.commandLine(`${report.meta.commandLine} --checks ${result.checkId} --operation ${result.operation}`)}`,
          ),
        );
    }
    if (failing.length > FAILED_SHOWN)
      this.write(
        this.paint.dim(
          `  … and ${failing.length - FAILED_SHOWN} more in the reports (--rerun-failed replays them all)`,
        ),
      );
  }

  /** p50, p95 and max of each operation's answers (issue 27.4): latency is visible whether or not it is judged. */
  private responseTimes(report: RunReport): void {
    const rows = OPERATIONS.flatMap((operation) => {
      const times = [...(report.timings[operation.name] ?? [])].sort((a, b) => a - b);
      if (times.length === 0) return [];
      const at = (q: number) => times[Math.min(times.length - 1, Math.max(0, Math.ceil(q * times.length) - 1))] ?? 0;
      const ms = (value: number) => `${Math.round(value)} ms`;
      return [
        `  ${operation.name.padEnd(26)}p50 ${ms(at(0.5))} · p95 ${ms(at(0.95))} · max ${ms(at(1))}  (${times.length} answer${times.length === 1 ? "" : "s"})`,
      ];
    });
    if (rows.length === 0) return;
    this.write("");
    this.write(this.paint.bold("Response times"));
    for (const row of rows) this.write(this.paint.dim(row));
  }

  /** Every skipped verdict with its reason (which says what to give): what the run could not judge is never silent. */
  private skipList(report: RunReport): void {
    const skipped = report.results.filter((result) => result.outcome === "skipped");
    if (skipped.length === 0) return;
    this.write("");
    const gate = report.meta.gateFailures.some((line) => line.startsWith("skipped (--fail-on-skipped)"));
    this.write(
      this.paint.outcome(
        "skipped",
        this.paint.bold(
          `Skipped: ${skipped.length} verdict(s) not judged` +
            (gate ? " (they fail the gate: --fail-on-skipped)" : " (--fail-on-skipped makes them fail the gate)"),
        ),
      ),
    );
    for (const result of skipped)
      this.write(
        `  ${this.paint.outcome("skipped", `${MARK.skipped} ${OUTCOME_LABEL.skipped.padEnd(5)}`)} ${result.operation} ` +
          `${this.paint.bold(result.checkId)} — ${this.text(result.skipReason ?? result.message, 300)}`,
      );
  }

  /** Gate failures in full (they fail the run), notes, and the sampling lines briefly (the reports hold them all). */
  private runLists(report: RunReport): void {
    const { gateFailures, notes, sampling } = report.meta;
    if (gateFailures.length > 0) {
      this.write("");
      this.write(
        this.paint.outcome("failed", this.paint.bold("Gate failures (the run fails for these besides check verdicts)")),
      );
      for (const line of gateFailures)
        this.write(
          `  ${this.paint.outcome("failed", `${MARK.failed} ${OUTCOME_LABEL.failed.padEnd(5)}`)} ${this.text(line, 500)}`,
        );
    }
    this.skipList(report);
    if (sampling.length > 0) {
      this.write("");
      this.write(this.paint.bold("Sampling (listing walks stopped at a page bound)"));
      for (const line of sampling.slice(0, SAMPLING_LINES_SHOWN))
        this.write(`  ${this.text(line, SAMPLING_LINE_CHARS)}`);
      if (sampling.length > SAMPLING_LINES_SHOWN)
        this.write(this.paint.dim(`  … and ${sampling.length - SAMPLING_LINES_SHOWN} more in the reports`));
    }
    if (notes.length > 0) {
      this.write("");
      this.write(this.paint.bold("Notes"));
      for (const line of notes) this.write(this.paint.dim(`  ${this.text(line, 300)}`));
    }
  }
}

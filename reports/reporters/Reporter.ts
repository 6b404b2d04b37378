/**
 * The one shape of every report format (issue 43.4), after vitest's reporters: the run calls `start` once,
 * `result` per verdict as it comes, `end` once with the finished run, then `write` — the file formats first,
 * the terminal last, so that the console's summary can say where the files went.
 */
import type { CheckResult, RunReport } from "../../runner/model/RunReport.js";
import type { ExchangeLogSnapshot } from "../../runner/model/ExchangeLogSnapshot.js";
import type { SecretInput } from "../../runner/http/redactSecrets.js";
import type { ConsoleStream, RunStartInfo } from "../console/ConsoleReporter.js";

/** What a run hands its reporters once it is over. */
export interface FinishedRun {
  readonly report: RunReport;
  /** Every exchange of the run, when a format asked for them (needsExchanges) and the run kept them. */
  readonly exchanges?: ExchangeLogSnapshot;
}

/** Where each format wrote its file, by format name, in the registry's order. */
export type WrittenReports = Readonly<Record<string, string>>;

/** What every reporter is created with. */
export interface ReporterContext {
  /** The terminal (process.stdout, or what a test captures). */
  readonly stream: ConsoleStream;
  /** The report folder (--out). */
  readonly outDir: string;
  /** Every secret known so far (tokens learned mid-run included): none is ever written or printed. */
  readonly secrets: () => readonly SecretInput[];
}

/** One report format. The hooks are optional; `write` is what it produces. */
export interface Reporter {
  /** The checks start. */
  start?(start: RunStartInfo): void;
  /** One verdict, its waiver applied. */
  result?(result: CheckResult): void;
  /** The run is over (stopped by a signal included). */
  end?(run: FinishedRun): void;
  /** Writes the output; a file format returns its path (or nothing when it had nothing to write). */
  write(written: WrittenReports): Promise<string | undefined>;
}

/**
 * The exit code of a finished report, by who is at fault (README "Exit codes"): 0 it passed; 1 the
 * target (a failed verdict, an expired waiver); 2 nobody yet: the run could not judge everything,
 * said in one sentence on stderr naming the count and the first cause.
 */
import type { RunReport } from "../runner/model/RunReport.js";
import { runGate } from "../runner/report/runGate.js";
import { EXIT, type CliIo } from "./io.js";

/** Exit 0, 1 or 2 for `report`, writing the sentence of a run that could not judge everything. */
export function exitOfGate(report: RunReport, command: "run" | "merge", io: Pick<CliIo, "stderr">): number {
  const gate = runGate(report);
  if (gate.kind === "passed") return EXIT.ok;
  if (gate.kind === "target-failed") return EXIT.failed;
  io.stderr.write(`cms-conformance ${command}: ${gate.sentence}\n`);
  return EXIT.usage;
}

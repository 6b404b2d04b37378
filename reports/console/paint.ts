/** ANSI colours for the console reporter, or none at all (NO_COLOR, a pipe, a CI log). */
import type { Outcome } from "../../runner/model/RunReport.js";

/** Colouring functions; identity functions when colour is off. */
export interface Paint {
  readonly enabled: boolean;
  bold(text: string): string;
  dim(text: string): string;
  outcome(outcome: Outcome, text: string): string;
  verdict(verdict: "pass" | "fail", text: string): string;
}

const CODES: Readonly<Record<Outcome, string>> = {
  failed: "31",
  error: "35",
  warning: "33",
  waived: "36",
  skipped: "2",
  passed: "32",
};

/** A Paint that emits ANSI codes only when `enabled`. */
export function createPaint(enabled: boolean): Paint {
  const wrap = (code: string, text: string) => (enabled ? `\u001b[${code}m${text}\u001b[0m` : text);
  return {
    enabled,
    bold: (text) => wrap("1", text),
    dim: (text) => wrap("2", text),
    outcome: (outcome, text) => wrap(CODES[outcome], text),
    verdict: (verdict, text) => wrap(verdict === "pass" ? "1;42;30" : "1;41;97", text),
  };
}

/**
 * Judges the status of an answer against what the spec (or the register) expects: an accepted
 * status passes; a 5xx always fails; a 2xx fails unless the register allows it; any other 4xx
 * fails, or departs from the register's default when an entry governs it.
 */
import { evidence, type Judgement } from "../../../runner/engine/Judgement.js";
import { describeAnswer, preview, type AnsweredExchange } from "./judgeExchange.js";

/** What a check expects of a status. */
export interface StatusRule {
  /** Statuses that pass. */
  readonly accept: readonly number[];
  /** "401 (§5, §7)": shown as the expected value. */
  readonly expected: string;
  /** The register entry that governs the statuses the spec does not settle. */
  readonly register?: string;
  /** How a 2xx is judged: a failure (default) or, where the register says so, a departure. */
  readonly success?: "failure" | "departure";
  /** When set, the only statuses the register governs (departures); any other status not accepted is a failure. */
  readonly governs?: readonly number[];
}

/** Records the verdict on one answer's status; returns true when it was accepted. */
export function judgeStatus(judge: Judgement, label: string, exchange: AnsweredExchange, rule: StatusRule): boolean {
  const status = exchange.response.status;
  const item = [evidence(label, exchange)];
  if (rule.register) judge.applied(rule.register);
  if (rule.accept.includes(status)) {
    judge.witness(item[0] as (typeof item)[number]);
    return true;
  }
  const details = {
    expected: rule.expected,
    actual: `${describeAnswer(exchange)}: ${preview(exchange, 200)}`,
    evidence: item,
  };
  const departs =
    rule.register !== undefined &&
    status < 500 &&
    (status >= 300 || rule.success === "departure") &&
    (rule.governs === undefined || rule.governs.includes(status));
  if (departs) judge.depart(rule.register as string, `${label} got ${status}.`, details);
  else judge.fail(`${label} got ${describeAnswer(exchange)}.`, details);
  return false;
}

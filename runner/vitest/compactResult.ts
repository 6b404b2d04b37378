/** Keeps a verdict small enough to cross to the CLI process: the parsed JSON duplicates bodyText. */
import type { CheckResult, EvidenceItem } from "../report/model.js";

/** The result without each exchange's parsed `json` (the body text stays). */
export function compactResult(result: CheckResult): CheckResult {
  const evidence = result.evidence.map((item): EvidenceItem => {
    const { json: _json, ...exchange } = item.exchange;
    return { ...item, exchange: { ...exchange, isJson: item.exchange.isJson } };
  });
  return { ...result, evidence };
}

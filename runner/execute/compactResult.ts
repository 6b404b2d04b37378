/**
 * Keeps a verdict small enough to cross to the CLI process and to hold in memory for the
 * report: judging is over, so its evidence is redacted as it will be written (secrets out, the
 * parsed JSON that duplicates bodyText dropped), and body texts are cut at
 * MAX_EVIDENCE_BODY_CHARS with a note (a hostile target's 5 MiB bodies must not pile up).
 */
import type { CheckResult, EvidenceItem } from "../model/RunReport.js";
import { exchangeRedactor } from "../http/exchangeRedactor.js";
import { redactExchange } from "../http/redactExchange.js";
import type { Exchange } from "../model/Exchange.js";
import { copiedPrefix, copiedText } from "../http/copiedPrefix.js";

/** Most characters of a request or response body kept as evidence. */
const MAX_EVIDENCE_BODY_CHARS = 64 * 1024;

function cut(text: string): string {
  if (text.length <= MAX_EVIDENCE_BODY_CHARS) return text;
  return `${copiedPrefix(text, MAX_EVIDENCE_BODY_CHARS)}\n… [evidence cut: ${text.length} characters in all]`;
}

function compactExchange(exchange: Exchange): Exchange {
  // Redacted before it is cut, so a cut never leaves the first characters of a secret behind.
  const rest = redactExchange(exchange, exchangeRedactor(exchange));
  return {
    ...rest,
    request: { ...rest.request, ...(rest.request.body !== undefined ? { body: cut(rest.request.body) } : {}) },
    ...(rest.response
      ? {
          response: {
            ...rest.response,
            bodyText: cut(rest.response.bodyText),
            truncated: rest.response.truncated || rest.response.bodyText.length > MAX_EVIDENCE_BODY_CHARS,
          },
        }
      : {}),
  };
}

/** The result with compact evidence; its texts are copies, so no answer they quote stays in memory. */
export function compactResult(result: CheckResult): CheckResult {
  const evidence = result.evidence.map((item): EvidenceItem => ({ ...item, exchange: compactExchange(item.exchange) }));
  return {
    ...result,
    message: copiedText(result.message),
    ...(result.expected === undefined ? {} : { expected: copiedText(result.expected) }),
    ...(result.actual === undefined ? {} : { actual: copiedText(result.actual) }),
    evidence,
  };
}

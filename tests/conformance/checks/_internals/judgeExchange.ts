/** Judging helpers shared by checks: did the target answer, and is the body what the contract says. */
import type { Exchange, RecordedResponse } from "../../../../runner/http/types.js";
import { validateBody } from "../../../../contract/validators.js";
import { formatSchemaIssue } from "../../../../contract/validators.js";
import { evidence, type Judgement } from "../../../../runner/engine/Judgement.js";

/** An exchange that got a status line. */
export type AnsweredExchange = Exchange & { readonly response: RecordedResponse };

/** "status 404", or what went wrong instead of a response. */
export function describeAnswer(exchange: Exchange): string {
  if (!exchange.response) return `no response (${exchange.failure?.kind ?? "unknown"}: ${exchange.failure?.message ?? "no detail"})`;
  const failure = exchange.failure ? ` (${exchange.failure.kind}: ${exchange.failure.message})` : "";
  return `status ${exchange.response.status}${failure}`;
}

/** A short preview of a body for expected/actual lines. */
export function preview(exchange: Exchange, limit = 300): string {
  const text = exchange.response?.bodyText ?? "";
  if (text.length === 0) return "(empty body)";
  return text.length > limit ? `${text.slice(0, limit)}… (${text.length} chars)` : text;
}

/**
 * True when the target answered with a usable response. Otherwise records why: the target
 * unreachable, or still rate-limiting (429) after the client waited out what it may, is an error
 * (we could not judge; DESIGN §8); a timeout, reset, redirect or oversized body is a failure of
 * the target; so is a 5xx, whatever the check is about: a server error is never
 * a conforming answer (§7, DESIGN §3), so no check, SHOULD ones included, may skip or pass on one.
 */
export function answered(judge: Judgement, label: string, exchange: Exchange): exchange is AnsweredExchange {
  const kind = exchange.failure?.kind;
  const item = [evidence(label, exchange)];
  if (exchange.response && kind !== "too-large" && kind !== "protocol" && kind !== "connection-reset" && kind !== "timeout") {
    if (exchange.response.status === 429) {
      judge.error(`${label}: the target still answered 429 (rate limited) after ${exchange.retriesAfter429} wait(s); nothing could be judged. Slow the run down with --rate-limit.`, { evidence: item });
      return false;
    }
    if (exchange.response.status < 500) return true;
    judge.fail(`${label} got ${describeAnswer(exchange)}: a server error is never a conforming answer.`, {
      expected: "a status below 500 (§7)",
      actual: `${describeAnswer(exchange)}: ${preview(exchange, 200)}`,
      evidence: item,
    });
    return false;
  }
  if (kind === "connection-refused" || kind === "dns") {
    judge.error(`${label}: the target could not be reached (${exchange.failure?.message ?? kind}).`, { evidence: item });
  } else {
    judge.fail(`${label}: the target gave no usable answer: ${describeAnswer(exchange)}.`, {
      expected: "an HTTP response with a complete body (§4)",
      actual: describeAnswer(exchange),
      evidence: item,
    });
  }
  return false;
}

/**
 * Validates a body: stated violations are failures, departures from register defaults are
 * departures. Returns true when the body satisfies what the spec states.
 */
export function judgeBody(judge: Judgement, label: string, exchange: AnsweredExchange, bodyName: string, section: string): boolean {
  if (!exchange.isJson) {
    judge.fail(`${label}: the body is not JSON, so it cannot be the §${section} ${bodyName} body.`, {
      expected: `a JSON ${bodyName} body (§${section})`,
      actual: preview(exchange),
      evidence: [evidence(label, exchange)],
    });
    return false;
  }
  const result = validateBody(bodyName, exchange.json);
  if (result.stated.length > 0) {
    judge.fail(`${label}: the body breaks the ${bodyName} schema: ${result.stated.slice(0, 3).map(formatSchemaIssue).join("; ")}`, {
      expected: `a body valid against ${bodyName} (§${section})`,
      actual: result.stated.map(formatSchemaIssue).join("\n"),
      evidence: [evidence(label, exchange, result.stated)],
    });
  }
  const byRegister = new Map<string, string[]>();
  for (const issue of result.registerDefaults) {
    const register = issue.register ?? "required-response-fields";
    byRegister.set(register, [...(byRegister.get(register) ?? []), formatSchemaIssue(issue)]);
  }
  for (const [register, lines] of byRegister) {
    judge.depart(register, `${label}: ${lines.slice(0, 3).join("; ")}${lines.length > 3 ? ` (+${lines.length - 3} more)` : ""}`, {
      expected: `the register's default for ${register}`,
      actual: lines.join("\n"),
      evidence: [evidence(label, exchange, result.registerDefaults)],
    });
  }
  if (result.stated.length === 0) judge.witness(evidence(label, exchange));
  return result.stated.length === 0;
}

/** Media type of a response without parameters, lower-cased ("" when absent). */
export function mediaType(exchange: AnsweredExchange): string {
  const header = Object.entries(exchange.response.headers).find(([name]) => name.toLowerCase() === "content-type")?.[1] ?? "";
  return (header.split(";")[0] ?? "").trim().toLowerCase();
}

/**
 * Judging helpers shared by checks: did the target answer, and is the body what the contract
 * says. The target's text they put in messages (a body preview, a failure) is redacted as it
 * is embedded; the rest of a message is the suite's own wording.
 */
import type { Exchange, RecordedResponse } from "../../../runner/model/Exchange.js";
import { exchangeRedactor } from "../../../runner/http/exchangeRedactor.js";
import { validateBody } from "../../../contract/validators.js";
import { formatSchemaIssue } from "../../../contract/schemaIssue.js";
import { incompleteAnswer } from "../../../runner/engine/incompleteAnswer.js";
import { evidence, type Judgement } from "../../../runner/engine/Judgement.js";

/** An exchange that got a status line. */
export type AnsweredExchange = Exchange & { readonly response: RecordedResponse };

/** "status 404", or what went wrong instead of a response (the failure's words redacted). */
export function describeAnswer(exchange: Exchange): string {
  const redact = exchangeRedactor(exchange).text;
  if (!exchange.response)
    return `no response (${exchange.failure?.kind ?? "unknown"}: ${redact(exchange.failure?.message ?? "no detail")})`;
  const failure = exchange.failure ? ` (${exchange.failure.kind}: ${redact(exchange.failure.message)})` : "";
  return `status ${exchange.response.status}${failure}`;
}

/** A short preview of a body for expected/actual lines, redacted as it is cut into the message. */
export function preview(exchange: Exchange, limit = 300): string {
  const text = exchange.response?.bodyText ?? "";
  if (text.length === 0) return "(empty body)";
  const cut = text.length > limit;
  const shown = exchangeRedactor(exchange).body(cut ? text.slice(0, limit) : text, { textWasCut: cut });
  return cut ? `${shown}… (${text.length} chars)` : shown;
}

/**
 * True when the target answered completely and without a server error. Otherwise records why:
 * transport trouble (refused, reset, timed out, truncated, TLS, a 429, 502, 503 or 504 beyond
 * --max-retry-wait, a run that stopped) leaves nothing to judge and is an error naming the cause, since only
 * a complete answer can break a rule (runner/engine/incompleteAnswer.ts); any other 5xx is a failure,
 * whatever the check is about: a server error is never a conforming answer (§7, docs/design.md §3), so
 * no check, SHOULD ones included, may skip or pass on one. A redirect is a complete answer.
 */
export function answered(judge: Judgement, label: string, exchange: Exchange): exchange is AnsweredExchange {
  const trouble = incompleteAnswer(exchange);
  const item = [evidence(label, exchange)];
  if (exchange.response && trouble === undefined) {
    if (exchange.response.status < 500) return true;
    judge.fail(`${label} got ${describeAnswer(exchange)}: a server error is never a conforming answer.`, {
      expected: "a status below 500 (§7)",
      actual: `${describeAnswer(exchange)}: ${preview(exchange, 200)}`,
      evidence: item,
    });
    return false;
  }
  const cause = exchangeRedactor(exchange)
    .text(trouble?.message ?? "no response")
    .replace(/\.$/, "");
  judge.error(`${label}: no complete answer to judge (${trouble?.kind ?? "other"}: ${cause}).`, { evidence: item });
  return false;
}

/**
 * Validates a body: stated violations are failures, departures from register defaults are
 * departures. Returns true when the body satisfies what the spec states.
 */
export function judgeBody(
  judge: Judgement,
  label: string,
  exchange: AnsweredExchange,
  bodyName: string,
  section: string,
): boolean {
  if (!exchange.isJson) {
    judge.fail(`${label}: the body is not JSON, so it cannot be the §${section} ${bodyName} body.`, {
      expected: `a JSON ${bodyName} body (§${section})`,
      actual: preview(exchange),
      evidence: [evidence(label, exchange)],
    });
    return false;
  }
  const result = validateBody(bodyName, exchange.json);
  // Body paths and params name the target's keys and values: redacted as they enter the message.
  const redact = exchangeRedactor(exchange).text;
  const line = (issue: (typeof result.stated)[number]): string => redact(formatSchemaIssue(issue));
  const more = (shown: number, total: number): string =>
    result.sampled === true
      ? " (+ more: a large body, of which the first issues are shown)"
      : total > shown
        ? ` (+${total - shown} more)`
        : "";
  if (result.stated.length > 0) {
    const total = result.statedTotal ?? result.stated.length;
    judge.fail(
      `${label}: the body breaks the ${bodyName} schema: ${result.stated.slice(0, 3).map(line).join("; ")}${more(Math.min(3, result.stated.length), total)}`,
      {
        expected: `a body valid against ${bodyName} (§${section})`,
        actual: `${result.stated.map(line).join("\n")}${more(result.stated.length, total)}`,
        evidence: [evidence(label, exchange, result.stated)],
      },
    );
  }
  const byRegister = new Map<string, string[]>();
  for (const issue of result.registerDefaults) {
    const register = issue.register ?? "required-response-fields";
    const lines = byRegister.get(register) ?? [];
    lines.push(line(issue));
    byRegister.set(register, lines);
  }
  for (const [register, lines] of byRegister) {
    // depart() tags the message with its register once; each line's own tag would say it again.
    const untagged = lines.map((text) => text.replace(` [register: ${register}]`, ""));
    judge.depart(
      register,
      `${label}: ${untagged.slice(0, 3).join("; ")}${lines.length > 3 ? ` (+${lines.length - 3} more)` : ""}`,
      {
        expected: `the register's default for ${register}`,
        actual: lines.join("\n"),
        evidence: [evidence(label, exchange, result.registerDefaults)],
      },
    );
  }
  judge.witness(evidence(label, exchange));
  return result.stated.length === 0;
}

/** Media type of a response without parameters, lower-cased ("" when absent). */
export function mediaType(exchange: AnsweredExchange): string {
  const header =
    Object.entries(exchange.response.headers).find(([name]) => name.toLowerCase() === "content-type")?.[1] ?? "";
  return (header.split(";")[0] ?? "").trim().toLowerCase();
}

/**
 * The rule that separates failures from errors (docs/design.md §3: failure, error, warning are about the
 * target's rules, not our luck): only a complete answer can break a rule. A timeout, a reset, a
 * truncated or undecodable body, a TLS or proxy failure, a 429 beyond --max-retry-wait, an
 * answer over the suite's size cap, or a request never sent because the run stopped is
 * transport trouble — an error naming its cause, never a failure; so is a proxy's 407. So is a 502, 503 or 504 that the
 * client's retries did not get past (runner/http/flowControl/retryNotNow.ts): availability, not conformance — a server
 * shedding load, down for maintenance, or a gateway whose node failed or timed out (a page that is not JSON
 * is named as the gateway's). A 500, a 501 and any other 5xx stay the checks' to judge: a server error.
 * A redirect is a complete answer: the checks judge its status.
 */
import type { Exchange, TransportFailure } from "../model/Exchange.js";
import { suiteTroubleOfExchange } from "../http/suiteTrouble.js";

/** Statuses that say the target is not available now (RFC 9110 §15.6.3–§15.6.5): never a conformance verdict. */
const UNAVAILABLE_STATUSES: ReadonlySet<number> = new Set([502, 503, 504]);

/** Why the exchange holds no complete answer to judge; undefined when it does. */
export function incompleteAnswer(exchange: Exchange): TransportFailure | undefined {
  const failure = exchange.failure;
  if (failure !== undefined && failure.kind !== "redirect") return failure;
  if (exchange.response === undefined) return { kind: "other", message: "no response was recorded." };
  // A 407 is a proxy's answer on the suite's side (RFC 9110 §15.5.8), never the target's: the suite's own trouble.
  const own = exchange.response.status === 407 ? suiteTroubleOfExchange(exchange) : undefined;
  if (own !== undefined) return { kind: "proxy", message: `${own}.` };
  const { status } = exchange.response;
  // A 429 kept without the client's verdict on it (an exchange made elsewhere) is no answer either.
  if (status === 429) {
    return {
      kind: "rate-limited",
      message: `the target still answered 429 (rate limited) after ${exchange.retriesAfter429} wait(s); lower the request rate with --rate-limit.`,
    };
  }
  if (!UNAVAILABLE_STATUSES.has(status)) return undefined;
  // A gateway or load balancer in front of the implementation answers with its own page when a node behind it
  // fails or is away: no answer of the implementation.
  if (!exchange.isJson) {
    const page = exchange.response.bodyText.replace(/\s+/g, " ").trim().slice(0, 120);
    return {
      kind: "gateway",
      message:
        `a gateway or load balancer answered ${status} with a body that is not JSON ` +
        `(a node behind it failed or is away): ${page || "(empty body)"}`,
    };
  }
  return {
    kind: "unavailable",
    message:
      `the target answered ${status} (not available now) after ${exchange.retriesAfter429} wait(s); ` +
      "raise --max-retry-wait, or run when it is available.",
  };
}

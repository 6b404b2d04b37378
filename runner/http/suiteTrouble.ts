/**
 * The suite's own trouble (issue 41.2): what stops a run without saying anything of the target. A token
 * command that fails when a token expired, a proxy asking for credentials (407), response headers over the
 * limit of the suite's HTTP client: each ends the run with exit 2 and one sentence; no verdict of the
 * target fails because of it (docs/design.md §3: infrastructure is not a rule breach).
 */
import type { Exchange, TransportFailure } from "../model/Exchange.js";
import { RESPONSE_HEADERS_LIMIT_WORDS } from "./classifyTransportError.js";

const PROXY_CREDENTIALS =
  "a proxy on the way to the target asked for credentials (407 Proxy Authentication Required), " +
  "so the request never reached the target; check the user and password in HTTPS_PROXY / HTTP_PROXY";

/**
 * The sentence for an exchange that met the suite's own trouble; undefined for any other. A 407 is a proxy's
 * answer (RFC 9110 §15.5.8) whether it refused a tunnel or came back through a plain-http proxy: no operation
 * of the interface answers it.
 */
export function suiteTroubleOfExchange(exchange: Pick<Exchange, "failure" | "response">): string | undefined {
  if (exchange.response?.status === 407) return PROXY_CREDENTIALS;
  return suiteTroubleOf(exchange.failure);
}

/** The sentence for a failure of the transport that is the suite's own trouble; undefined for any other. */
export function suiteTroubleOf(failure: TransportFailure | undefined): string | undefined {
  if (failure?.kind === "proxy" && /\(407\)/.test(failure.message)) return PROXY_CREDENTIALS;
  if (failure?.kind === "protocol" && failure.message.startsWith(RESPONSE_HEADERS_LIMIT_WORDS))
    return (
      "the target's response headers exceed the 16 KiB the suite's HTTP client reads, so its answers cannot be judged " +
      "(HTTP sets no such limit: this is the suite's limit, not a failure of the target)"
    );
  return undefined;
}

/** The sentence for a token that expired mid-run and whose command failed to obtain it anew (`why`, without the token). */
export function tokenRenewalTrouble(why: string): string {
  return (
    `a token expired mid-run and could not be obtained anew: ${why.replace(/[.;]?\s*$/, "")}; ` +
    "the verdicts still open then are errors, not failures of the target"
  );
}

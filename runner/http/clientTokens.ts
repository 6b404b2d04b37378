/**
 * The client's secrets and renewable tokens (--token-command): a token obtained anew is a secret before any
 * request carries it, and a request answered 401 is sent again with the token renewed, a few times at most when
 * its resend met a value renewed meanwhile (never a probe of wrong credentials: its 401 is the answer it asks for).
 */
import { createRedactor, type Redactor } from "./redactSecrets.js";
import { createRenewableTokens } from "./renewableTokens.js";
import { tokenRenewalTrouble } from "./suiteTrouble.js";
import type { Exchange } from "../model/Exchange.js";
import type { TokenRenewals } from "../model/RunStatistics.js";
import type { ClientStop, HttpClientOptions, OutgoingRequest } from "./types.js";

/** Times one request is sent again after a 401 to a token renewed meanwhile. */
const MAX_RESENDS = 3;
/** Distinct reasons a token renewal failed kept for the report. */
const MAX_RENEWAL_FAILURES_KEPT = 5;

/** The tokens of one client. */
export interface ClientTokens {
  /** The redactor of every secret known now. */
  redactor(): Redactor;
  /** Sends `request` through `send` with the tokens' current values, renewing one after a 401 and sending again. */
  send(request: OutgoingRequest, send: (request: OutgoingRequest) => Promise<Exchange>): Promise<Exchange>;
  /** Tokens renewed and why renewals failed; undefined while none was tried. */
  renewals(): TokenRenewals | undefined;
}

/** The tokens of a client with `options`; a failed renewal stops the run through `stopFor`. */
export function createClientTokens(options: HttpClientOptions, stopFor: (stop: ClientStop) => void): ClientTokens {
  let renewed = 0;
  const renewalFailures: string[] = [];
  let secrets = [...options.secrets];
  let redactor = createRedactor(secrets);
  // A token obtained anew is a secret before any request carries it: in this client's exchanges, and wherever onSecret tells.
  const tokens = createRenewableTokens(
    options.renewableTokens ?? [],
    (value, placeholder) => {
      secrets = [...secrets, { value, placeholder }];
      redactor = createRedactor(secrets);
      options.onSecret?.({ value, placeholder });
      renewed += 1;
    },
    (sentence) => {
      if (!renewalFailures.includes(sentence) && renewalFailures.length < MAX_RENEWAL_FAILURES_KEPT)
        renewalFailures.push(sentence);
      // The 401 that follows is the identity provider's outage, not the target's refusal: the run stops (exit 2).
      stopFor({ at: new Date().toISOString(), message: tokenRenewalTrouble(sentence), ownTrouble: true });
    },
  );
  const withCurrent = (request: OutgoingRequest): OutgoingRequest => ({
    ...request,
    path: tokens.currentPath(request.path),
    headers: tokens.current(request.headers),
  });
  return {
    redactor: () => redactor,
    async send(request, send) {
      let sent = withCurrent(request);
      let answer = await send(sent);
      // A request that waited in the queue while its token expired, or whose resend did, meets a 401 to a value
      // renewed since: it is sent again with the newest one, a few times at most (renewAfter401 renews a value
      // only once the target accepted it, so a refused credential ends this at once).
      for (let resends = 0; ; resends += 1) {
        if (answer.response !== undefined && answer.response.status !== 401) tokens.accepted(sent.headers);
        if (answer.response?.status !== 401 || request.probesCredentials === true) return answer;
        if (resends === MAX_RESENDS || !(await tokens.renewAfter401(sent.headers))) return answer;
        // Sent again with the new token at once, never behind others (issue 42.2): the new token is fresh now.
        const { priority: _ahead, ...now } = request;
        sent = withCurrent(now);
        answer = await send(sent);
      }
    },
    renewals: () =>
      renewed > 0 || renewalFailures.length > 0 ? { renewed, failures: [...renewalFailures] } : undefined,
  };
}

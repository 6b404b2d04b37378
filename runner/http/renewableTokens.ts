/**
 * Bearer tokens the run can obtain anew (--token-command, --restricted-token-command; issue 27.2).
 * The checks keep sending the token the run started with; each request that carries it as
 * `Authorization: Bearer <token>` goes out with the token's current value instead, and so does a
 * header that carries it alone or after another scheme, or a query parameter that carries it (the
 * credential forms of the auth checks: only the form, never an expired token, may explain their 401). When such a request
 * gets 401, the token is obtained anew (once for every request that met the same expiry), and the request
 * is sent again once with it. A value is renewed only after the target accepted it at least once (it
 * expired): a target that refuses the token just obtained is refusing the credential, not an expired
 * token, and the command is not run again; and at most MAX_RENEWALS times a run.
 * Requests that send no token or another one (the auth checks' 401 probes) are never touched, and the
 * client asks for no renewal after the 401 of a request marked as a probe (the token beside a client_id
 * the target never issued: OutgoingRequest.probesCredentials).
 */

/** A token the run can renew. */
export interface RenewableToken {
  /** The token the run started with: what the checks send. */
  readonly original: string;
  /** What stands for it in reports ($CMS_TOKEN), for the tokens obtained later too. */
  readonly placeholder: string;
  /** Obtains the token anew (runs its command). */
  readonly renew: () => Promise<string>;
}

/** Most renewals of one token in a run. */
export const MAX_RENEWALS = 100;

interface TokenState {
  readonly token: RenewableToken;
  current: string;
  /** Every value this token has had. */
  readonly sent: Set<string>;
  renewals: number;
  /** Whether the target answered a request carrying the current value with anything but 401. */
  accepted: boolean;
  inFlight?: Promise<boolean>;
}

/** The Authorization header of `headers`: its name as written, and its value. */
function authorizationOf(headers: Readonly<Record<string, string>>): [string, string] | undefined {
  const name = Object.keys(headers).find((key) => key.toLowerCase() === "authorization");
  return name === undefined ? undefined : [name, headers[name] as string];
}

/**
 * The token of an Authorization value under the Bearer scheme, in any letter case (RFC 9110 §11.1: the scheme is
 * case-insensitive; the checks send BEARER and bearer as valid forms, register bearer-scheme-case).
 */
function bearerTokenOf(value: string | undefined): string | undefined {
  const match = value === undefined ? null : /^bearer\s+(\S+)$/i.exec(value);
  return match?.[1];
}

const escapeRegExp = (text: string): string => text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

/** What the client asks of its renewable tokens. */
export interface RenewableTokens {
  /** `headers` with each renewable token the run started with replaced by its current value, as a whole value or after a scheme. */
  current(headers: Readonly<Record<string, string>>): Readonly<Record<string, string>>;
  /** `path` with each renewable token the run started with, as a whole query parameter value, replaced by its current value. */
  currentPath(path: string): string;
  /**
   * After a 401 to a request sent with `headers` (as sent): obtains the token anew when the request
   * carried a renewable token's current value; true when the request should be sent again (the token
   * has a new value, obtained now or by another request meanwhile).
   */
  renewAfter401(headers: Readonly<Record<string, string>>): Promise<boolean>;
  /** An answer other than 401 came to a request sent with `headers` (as sent): its token is accepted. */
  accepted(headers: Readonly<Record<string, string>>): void;
}

/**
 * Keeps `tokens` current; `onRenewed` hears each new value (to redact it everywhere) before any request
 * carries it, and `onFailure` each renewal that failed, in a sentence that never holds a token.
 */
export function createRenewableTokens(
  tokens: readonly RenewableToken[],
  onRenewed: (value: string, placeholder: string) => void,
  onFailure: (sentence: string) => void = () => undefined,
): RenewableTokens {
  const states: TokenState[] = tokens.map((token) => ({
    token,
    current: token.original,
    sent: new Set([token.original]),
    renewals: 0,
    accepted: false,
  }));

  const renew = async (state: TokenState): Promise<boolean> => {
    if (state.renewals >= MAX_RENEWALS || (state.renewals > 0 && !state.accepted)) return false;
    state.renewals += 1;
    try {
      const value = await state.token.renew();
      if (value === state.current) return false;
      onRenewed(value, state.token.placeholder);
      state.current = value;
      state.accepted = false;
      state.sent.add(value);
      return true;
    } catch (error) {
      onFailure(error instanceof Error ? error.message : String(error));
      return false;
    }
  };

  return {
    current(headers) {
      let changed: Record<string, string> | undefined;
      for (const [name, value] of Object.entries(headers)) {
        const credential = /^(\S+\s+)?(\S+)$/.exec(value);
        const state = states.find((candidate) => credential?.[2] === candidate.token.original);
        if (state === undefined || state.current === state.token.original) continue;
        changed ??= { ...headers };
        changed[name] = `${credential?.[1] ?? ""}${state.current}`;
      }
      return changed ?? headers;
    },
    currentPath(path) {
      let current = path;
      for (const state of states) {
        if (state.current === state.token.original) continue;
        const sent = `=${encodeURIComponent(state.token.original)}`;
        current = current.replace(
          new RegExp(`${escapeRegExp(sent)}(?=&|#|$)`, "g"),
          `=${encodeURIComponent(state.current)}`,
        );
      }
      return current;
    },
    accepted(headers) {
      const token = bearerTokenOf(authorizationOf(headers)?.[1]);
      const state = states.find((candidate) => token === candidate.current);
      if (state) state.accepted = true;
    },
    async renewAfter401(headers) {
      const token = bearerTokenOf(authorizationOf(headers)?.[1]);
      const state = states.find((candidate) => token !== undefined && candidate.sent.has(token));
      if (state === undefined) return false;
      // Sent with a value another request has renewed since: send it again with the new one.
      if (token !== state.current) return true;
      state.inFlight ??= renew(state).finally(() => (state.inFlight = undefined));
      return state.inFlight;
    },
  };
}

/**
 * One run's view of the target: sends requests as a chosen user with the headers of §5, and
 * keeps the run's sampling lines. What the checks learn about the target is kept by the checks'
 * discovery layer (TargetKnowledge), not here.
 */
import { operationPath, type OperationName } from "../../contract/operations.js";
import type { Exchange } from "../model/Exchange.js";
import type { HttpClient, RequestPriority } from "../http/types.js";
import type { RunSettings } from "../model/RunSettings.js";
import { describeSampledWalks, type SampledWalk } from "./describeSampledWalks.js";
import type { ExchangeLog } from "./ExchangeLog.js";
import type { ExchangeLogSnapshot } from "../model/ExchangeLogSnapshot.js";
import { nearMissToken, type NearMissKind } from "./nearMissTokens.js";
import { credentialsInForm, withQuery, type CredentialForm } from "./credentialForms.js";
import { CANONICAL_HEADER_FORM, headerName, type RequestHeaderForm } from "../../contract/requestHeaderForms.js";

/** Whose credentials a request carries. */
export type Caller =
  | "admin" // the configured token (§5)
  | "restricted" // the restricted user's token
  | "no-token" // no Authorization header
  | "invalid-token" // a bearer token the target cannot know
  | "no-client-id" // the admin token but no client_id header
  | "client-id-changed" // the admin token, the client_id with its last character changed (nearMissTokens)
  | "client-id-other" // the admin token, a client_id of another shape the target cannot have issued
  | "token-appended" // the admin token with one character appended (nearMissTokens)
  | "token-truncated" // the admin token without its last character
  | "token-changed" // the admin token with its last character changed
  | "token-case-changed" // the admin token with the letter case of every letter swapped
  | "empty-bearer" // "Authorization: Bearer " with no token
  | "bare-bearer"; // "Authorization: Bearer" alone

/** What to send. */
export interface SendOptions {
  readonly caller?: Caller;
  /** A JSON body (default {}), or raw text for malformed input. */
  readonly json?: unknown;
  readonly raw?: string;
  /** Sends the configured credentials in this form instead of the caller's (auth.*-form-* checks). */
  readonly form?: CredentialForm;
  /** How the §5 headers are spelled (RFC 9110 §5.1, §8.3.1; the scheme: register bearer-scheme-case); §5's own form when omitted. */
  readonly headerForm?: RequestHeaderForm;
  /** Sent ahead of its turn: waits while other requests are queued, until its turn comes (issue 42.2). */
  readonly priority?: RequestPriority;
}

/** A token no target can have issued: fixed text plus the run seed. */
function invalidToken(seed: number): string {
  return `cms-conformance-invalid-token-${seed.toString(36)}`;
}

/**
 * A client id of another shape than `clientId`, made from the seed: a UUID when the configured one is
 * not one, else a word-like identifier; never the configured one, and not derived from it (no secret).
 */
export function otherClientId(clientId: string, seed: number): string {
  const hex = (seed >>> 0).toString(16).padStart(8, "0");
  const uuid = `${hex}-c0f0-4c0f-8c0f-${hex}c0f0`;
  const isUuid = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(clientId);
  return isUuid || clientId === uuid ? `cms-conformance-client-${hex}` : uuid;
}

/** Sends requests to the target on behalf of checks. */
export class TargetSession {
  private readonly sampledWalks: SampledWalk[] = [];
  private readonly samplingLines = new Map<string, string>();
  private readonly bodyTextLines = new Map<string, string>();

  constructor(
    readonly settings: RunSettings,
    private readonly client: HttpClient,
    private readonly log?: ExchangeLog,
  ) {}

  /** Sends one request to an operation (§4) with the headers of §5. */
  send(operation: OperationName, options: SendOptions = {}): Promise<Exchange> {
    const caller = options.caller ?? "admin";
    const form = options.headerForm ?? CANONICAL_HEADER_FORM;
    const name = (text: string) => headerName(text, form.nameCase);
    const headers: Record<string, string> = {
      ...this.settings.headers,
      [name("Content-Type")]: form.contentType,
      [name("Accept")]: form.accept,
    };
    let path = operationPath(operation, this.settings.operationPaths);
    if (options.form !== undefined) {
      // A credential form writes its own headers (and query): the header form applies to the others only.
      const formed = credentialsInForm(options.form, this.credentialValues());
      Object.assign(headers, formed.headers);
      path = withQuery(path, formed.query);
    } else {
      const clientId = this.clientIdFor(caller);
      if (clientId !== undefined) headers[name("client_id")] = clientId;
      const token = this.tokenFor(caller);
      // register role-filters-authorization: the bearer token goes to getRoleFilters too, as the SDKs send it.
      if (token !== undefined)
        headers[name("Authorization")] = caller === "bare-bearer" ? form.scheme : `${form.scheme} ${token}`;
    }
    // `json: null` is a body of its own (a JSON null), distinct from no body given ({}).
    const body = options.raw !== undefined ? { raw: options.raw } : { json: "json" in options ? options.json : {} };
    // Every caller but the two users, and every credential form, probes credentials on purpose: a 401 to it never renews a token.
    const probesCredentials = options.form !== undefined || (caller !== "admin" && caller !== "restricted");
    return this.client
      .send({
        path,
        method: "POST",
        headers,
        body,
        ...(probesCredentials ? { probesCredentials } : {}),
        ...(options.priority ? { priority: options.priority } : {}),
      })
      .then((exchange) => this.noteBodyText(operation, exchange));
  }

  /** Keeps, once per operation and kind, what is odd about an answer's text (charset, byte order mark, invalid UTF-8). */
  private noteBodyText(operation: OperationName, exchange: Exchange): Exchange {
    const note = exchange.response?.textNote;
    if (note !== undefined && this.bodyTextLines.size < 50) {
      const kind = note.replace(/\d+/g, "N");
      if (!this.bodyTextLines.has(`${operation} ${kind}`))
        this.bodyTextLines.set(`${operation} ${kind}`, `${operation}: ${note}`);
    }
    return exchange;
  }

  /** What was odd about the answers' text, one line per operation and kind, for the report's meta.notes. */
  bodyTextNotes(): string[] {
    return [...this.bodyTextLines.values()];
  }

  /** True when the configuration has the restricted user's token. */
  hasRestrictedUser(): boolean {
    return Boolean(this.settings.credentials.restrictedToken);
  }

  /** Records a listing walk that stopped at its page bound, so the report can say what was not seen. */
  noteSampledWalk(walk: SampledWalk): void {
    this.sampledWalks.push(walk);
  }

  /** Records one line for the report's meta.sampling (a limit found in the target, a bound that cut what was read), one per key. */
  noteSampling(key: string, text: string): void {
    this.samplingLines.set(key, text);
  }

  /** How the target was sampled, for the report's meta.sampling: the lines noted, then one line per operation and kind of cut walk. */
  samplingNotes(): string[] {
    return [...this.samplingLines.values(), ...describeSampledWalks(this.sampledWalks, this.settings.maxPagesWalked)];
  }

  /** Why the session sends nothing more (the target stopped answering, or the run's time is up); undefined while it sends. */
  stopped() {
    return this.client.stopped();
  }

  /** Request counters, for the report. */
  stats() {
    return this.client.stats();
  }

  /** Response times by path, for the report. */
  durationsByPath() {
    return this.client.durationsByPath();
  }

  /** Every exchange so far, within the log's bounds; undefined when the run keeps none (no --format har). */
  exchangeLog(): ExchangeLogSnapshot | undefined {
    return this.log?.snapshot();
  }

  /** Closes the connections. */
  close(): Promise<void> {
    return this.client.close();
  }

  /** The configured credentials, for a credential form. */
  private credentialValues() {
    const { token, clientId } = this.settings.credentials;
    return { token, clientId };
  }

  private clientIdFor(caller: Caller): string | undefined {
    const { clientId } = this.settings.credentials;
    if (caller === "no-client-id") return undefined;
    if (caller === "client-id-changed") return nearMissToken(clientId, "changed");
    if (caller === "client-id-other") return otherClientId(clientId, this.settings.seed);
    return clientId;
  }

  private tokenFor(caller: Caller): string | undefined {
    switch (caller) {
      case "admin":
      case "no-client-id":
      case "client-id-changed":
      case "client-id-other":
        return this.settings.credentials.token;
      case "restricted":
        return this.settings.credentials.restrictedToken;
      case "invalid-token":
        return invalidToken(this.settings.seed);
      // Without the case, no-token falls through to a switch that returns undefined: the same answer.
      // Stryker disable next-line ConditionalExpression: falls through to undefined (proof: targetSessionNoToken.equivalence.test.ts)
      case "no-token":
        return undefined;
      case "token-appended":
      case "token-truncated":
      case "token-changed":
      case "token-case-changed":
        return nearMissToken(this.settings.credentials.token, caller.slice("token-".length) as NearMissKind);
      case "empty-bearer":
      case "bare-bearer":
        return "";
    }
  }
}

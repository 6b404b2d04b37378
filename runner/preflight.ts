/**
 * Up-front sanity before the run, one valid request per operation and user. It stops everything
 * with exit 2 and one sentence when the run could only bury the cause under dozens of findings: a
 * target that cannot be reached or does not answer in time; the main token refused (401, or 403) on
 * every content management operation; the restricted token refused there, or the same as the main
 * token; an operation not served where the run asks for it (a 404 no operation of the interface gives
 * to a valid request); every operation redirected elsewhere; a configured analytic id the target
 * answers 404 to; both listings empty for the main user (nothing to judge). Each is a problem of the
 * configuration or the deployment, not a failure of the target (issues 48.5, 50.5). What one operation does wrong beyond that is
 * the checks' business.
 */
import { ALL_OPERATIONS, CMS_OPERATIONS, type OperationName } from "../contract/operations.js";
import { createTargetSession, runSecrets } from "./engine/createTargetSession.js";
import type { Caller, TargetSession } from "./engine/TargetSession.js";
import { createRedactor } from "./http/redactSecrets.js";
import { ConfigurationError } from "./model/ConfigurationError.js";
import type { Exchange } from "./model/Exchange.js";
import type { RunSettings } from "./model/RunSettings.js";
import { isParserRefusal } from "./http/classifyTransportError.js";
import { suiteTroubleOfExchange } from "./http/suiteTrouble.js";
import { noInterfaceSentence } from "./noInterfaceAnswer.js";
import { emptyListingsRefusal } from "./emptyListingsRefusal.js";
import { unknownAnalyticRefusal } from "./unknownAnalyticRefusal.js";

/** The first widget id of a listing answer, whatever shape it chose for `widgets` (§2.11). */
function firstListedWidgetId(exchange: Exchange): string | undefined {
  const widgets = (exchange.json as { widgets?: unknown } | undefined)?.widgets;
  const first = Array.isArray(widgets) ? widgets[0] : widgets;
  const id = (first as { id?: unknown } | undefined)?.id;
  return typeof id === "string" ? id : undefined;
}

/** A valid request body of each operation, from the configuration and the listing just read (no field is required, §4). */
function validBody(operation: OperationName, settings: RunSettings, widgetId: string | undefined): unknown {
  const { analyticIds, roles, domainName, serviceName } = settings.fixtures;
  switch (operation) {
    case "getAnalytic":
      return { analyticId: analyticIds[0] ?? "analytic://cms-conformance/preflight" };
    case "getWidget":
      return { widgetId: widgetId ?? "widget://cms-conformance/preflight" };
    case "getRoleFilters":
      return {
        roles: [...roles],
        ...(domainName !== undefined ? { domainName } : {}),
        ...(serviceName !== undefined ? { serviceName } : {}),
      };
    default:
      return {};
  }
}

/** A 404 that is the operation's own "not found" answer (§7: reason OBJECT_NOT_FOUND), not a path the server lacks. */
function isNotFoundBody(exchange: Exchange): boolean {
  return (exchange.json as { reason?: unknown } | undefined)?.reason === "OBJECT_NOT_FOUND";
}

/**
 * Whether a 404 to a valid request says that the operation is not served there: the listings and
 * getRoleFilters have no 404 (§7); a read does, for an id it lacks, with the §7 body, so a read's
 * 404 counts only when it asked for an id the listing just returned (or one the user configured) and
 * came without that body.
 */
function missingOperation(operation: OperationName, exchange: Exchange, askedKnownId: boolean): boolean {
  if (exchange.response?.status !== 404) return false;
  if (operation === "getWidget" || operation === "getAnalytic") return askedKnownId && !isNotFoundBody(exchange);
  return true;
}

/** One valid request per operation as `caller`: the first (a listing) alone, so an unreachable target costs one request. */
async function askEveryOperation(
  session: TargetSession,
  settings: RunSettings,
  caller: Caller,
  onFirst: (exchange: Exchange) => void = () => undefined,
): Promise<Map<OperationName, Exchange>> {
  const [first, ...others] = ALL_OPERATIONS as [OperationName, ...OperationName[]];
  const firstExchange = await session.send(first, { caller, json: validBody(first, settings, undefined) });
  onFirst(firstExchange);
  const widgetId = firstListedWidgetId(firstExchange);
  const rest = await Promise.all(
    others.map((operation) => session.send(operation, { caller, json: validBody(operation, settings, widgetId) })),
  );
  return new Map(
    [first, ...others].map((operation, index) => [operation, [firstExchange, ...rest][index] as Exchange]),
  );
}

const RESTRICTED_IS_MAIN =
  "the restricted token is the main token: the permission checks would compare the main user with itself; " +
  "give the token of a user without the Visualizar permission (--restricted-token or CMS_RESTRICTED_TOKEN), or none";
const MAIN_REFUSED =
  "the token or client id was refused by the target: every content management operation answered 401 to a valid request; " +
  "check CMS_TOKEN and CMS_CLIENT_ID (or --token and --client-id)";
const MAIN_FORBIDDEN =
  "the main token is refused (403) on every operation: every content management operation answered 403 (permission " +
  "denied) to a valid request made with it, so nothing the target does can be judged; give the token of a user who " +
  "may use the interface, with the Visualizar permission (CMS_TOKEN or --token)";
const RESTRICTED_REFUSED =
  "the restricted token was refused by the target: every content management operation answered 401 to a valid request " +
  "made with it, while the main token was accepted; give a valid token of a user without the Visualizar permission " +
  "(--restricted-token or CMS_RESTRICTED_TOKEN), or none";

/** Why the run cannot go on after the first request, if so: the suite's own trouble, or no answer at all. */
function firstAnswerRefusal(first: Exchange, baseUrl: string, settings: RunSettings): string | undefined {
  const kind = first.failure?.kind;
  const own = suiteTroubleOfExchange(first);
  if (own !== undefined && kind !== "proxy") return own;
  if (first.response) return undefined;
  if (kind === "timeout") {
    return (
      `the target at ${baseUrl} did not answer within ${settings.timeoutMs} ms; ` +
      "raise --timeout if it is slow, or check that it is running"
    );
  }
  // A TLS or proxy failure says what it is (and what to give), never "cannot be reached".
  if (kind === "tls" || kind === "proxy")
    return `the target at ${baseUrl} cannot be used: ${first.failure?.message ?? kind}`.replace(/\.$/, "");
  if (kind === "connection-reset" && settings.clientCertificate && baseUrl.startsWith("https:")) {
    return (
      `the target at ${baseUrl} closed the connection without answering: it may refuse the client certificate of --cert ` +
      "(signed by an authority it does not trust, or expired); check --cert and --key"
    );
  }
  if (isParserRefusal(first.failure)) {
    const words = (first.failure?.message ?? "").replace(/^the target/, `the target at ${baseUrl}`).replace(/\.$/, "");
    return `${words}; nothing it answers can be judged`;
  }
  const failure = (first.failure?.message ?? kind ?? "no response").replace(/\.$/, "");
  return `the target at ${baseUrl} cannot be reached (${failure}); check --base-url and that the service is running`;
}

/** Why every operation redirected, if so: the suite follows no redirect. */
function redirectRefusal(exchanges: readonly Exchange[], baseUrl: string): string | undefined {
  const redirected = exchanges.filter(
    (exchange) => (exchange.response?.status ?? 0) >= 300 && (exchange.response?.status ?? 0) < 400,
  );
  if (redirected.length !== ALL_OPERATIONS.length) return undefined;
  const locations = [...new Set(redirected.map((exchange) => exchange.response?.headers.location ?? "no Location"))];
  return (
    `every operation under ${baseUrl} answered a redirect (${redirected[0]?.response?.status} to ${locations.join(", ")}); ` +
    "the suite follows none, so give the base URL they point to (--base-url)"
  );
}

/** Why some operations are not served where the run asks, if so (a 404 no operation gives to a valid request). */
function missingRefusal(answers: ReadonlyMap<OperationName, Exchange>, settings: RunSettings): string | undefined {
  const listedWidget = firstListedWidgetId(answers.get("listFactoryDefaultWidgets") as Exchange) !== undefined;
  const missing = ALL_OPERATIONS.filter((operation) =>
    missingOperation(
      operation,
      answers.get(operation) as Exchange,
      operation === "getWidget" ? listedWidget : settings.fixtures.analyticIds.length > 0,
    ),
  );
  if (missing.length === 0) return undefined;
  const where = missing.map((operation) => `${operation} (${answers.get(operation)?.request.url})`).join(", ");
  const one = missing.length === 1;
  const paths = missing.map((operation) => `--operation-path ${operation}=/…`).join(" ");
  return (
    `${one ? "an operation is" : "operations are"} not served where the run asks: ${where} answered 404 to a valid request ` +
    `while other operations answered; give where the deployment serves ${one ? "it" : "them"} with ${paths}`
  );
}

/** Why the main user's answers to every operation leave nothing to judge, if so. */
function answersRefusal(answers: ReadonlyMap<OperationName, Exchange>, settings: RunSettings): string | undefined {
  // The suite's own trouble met by any operation (a 407, headers over the client's limit) is named before anything else.
  for (const exchange of answers.values()) {
    const own = suiteTroubleOfExchange(exchange);
    if (own !== undefined) return own;
  }
  const status = (operation: OperationName) => answers.get(operation)?.response?.status;
  if (CMS_OPERATIONS.every((operation) => status(operation) === 401)) return MAIN_REFUSED;
  if (CMS_OPERATIONS.every((operation) => status(operation) === 403)) return MAIN_FORBIDDEN;
  if (ALL_OPERATIONS.every((operation) => status(operation) === 404)) {
    return (
      `no operation found under ${settings.baseUrl} — check the path prefix: every operation answered 404 to a valid request ` +
      "(give --operation-path where the deployment serves an operation elsewhere)"
    );
  }
  const exchanges = ALL_OPERATIONS.map((operation) => answers.get(operation) as Exchange);
  return (
    noInterfaceSentence(settings.baseUrl, exchanges) ??
    redirectRefusal(exchanges, settings.baseUrl) ??
    missingRefusal(answers, settings)
  );
}

/**
 * Throws ConfigurationError, with one sentence, when the run cannot judge the target as configured.
 * `planned`: the operations the run's plan judges (every operation when not given).
 */
export async function preflight(
  settings: RunSettings,
  planned: ReadonlySet<OperationName> = new Set(ALL_OPERATIONS),
): Promise<void> {
  const session = createTargetSession(settings);
  // The error is printed: the target's words and the configured URL leave without secrets.
  const redact = createRedactor(runSecrets(settings)).text;
  const refuseIf = (sentence: string | undefined): void => {
    if (sentence !== undefined) throw new ConfigurationError(redact(sentence));
  };
  try {
    const { restrictedToken, token } = settings.credentials;
    if (restrictedToken && restrictedToken === token) refuseIf(RESTRICTED_IS_MAIN);
    const answers = await askEveryOperation(session, settings, "admin", (first) =>
      refuseIf(firstAnswerRefusal(first, settings.baseUrl, settings)),
    );
    refuseIf(answersRefusal(answers, settings));
    refuseIf(await unknownAnalyticRefusal(session, settings, answers.get("getAnalytic") as Exchange));
    refuseIf(emptyListingsRefusal(answers, planned));
    if (restrictedToken) {
      const restricted = await askEveryOperation(session, settings, "restricted");
      if (CMS_OPERATIONS.every((operation) => restricted.get(operation)?.response?.status === 401))
        refuseIf(RESTRICTED_REFUSED);
    }
  } finally {
    await session.close();
  }
}

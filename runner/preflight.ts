/**
 * Up-front sanity, one valid request per operation before the run. A target that cannot be
 * reached or does not answer within the timeout, one that refuses the credentials on every
 * content management operation, or one with no operation under the base URL, stops everything
 * with exit 2 and one sentence: hundreds of requests into timeouts, 401s or 404s would only bury
 * the cause under 80 failures.
 */
import { ALL_OPERATIONS, type OperationName } from "../contract/operations.js";
import { createTargetSession, runSecrets } from "./engine/createTargetSession.js";
import { createRedactor } from "./http/redactSecrets.js";
import type { RunSettings } from "./model/RunSettings.js";
import { ConfigurationError } from "./model/ConfigurationError.js";

/** The operations that need the bearer token (§5); whether getRoleFilters does is not shown. */
const TOKEN_OPERATIONS: readonly OperationName[] = [
  "listFactoryDefaultWidgets",
  "listLandingPages",
  "getAnalytic",
  "getWidget",
];

/** A valid request body of each operation, from the configuration only (no field is required, §4). */
function validBody(operation: OperationName, settings: RunSettings): unknown {
  const { analyticIds, roles, domainName, serviceName } = settings.fixtures;
  switch (operation) {
    case "getAnalytic":
      return { analyticId: analyticIds[0] ?? "analytic://cms-conformance/preflight" };
    case "getWidget":
      return { widgetId: "widget://cms-conformance/preflight" };
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

/** Throws ConfigurationError when the target cannot be reached, refuses the credentials, or has no operation under the base URL. */
export async function preflight(settings: RunSettings): Promise<void> {
  const session = createTargetSession(settings);
  // The error is printed: the target's words and the configured URL leave without secrets.
  const redact = createRedactor(runSecrets(settings)).text;
  try {
    const [first, ...others] = ALL_OPERATIONS;
    const firstExchange = await session.send(first as OperationName, {
      json: validBody(first as OperationName, settings),
    });
    const kind = firstExchange.failure?.kind;
    if (!firstExchange.response && kind === "timeout") {
      throw new ConfigurationError(
        redact(
          `the target at ${settings.baseUrl} did not answer within ${settings.timeoutMs} ms; raise --timeout if it is slow, or check that it is running`,
        ),
      );
    }
    // A TLS or proxy failure says what it is (and what to give), never "cannot be reached".
    if (!firstExchange.response && (kind === "tls" || kind === "proxy")) {
      throw new ConfigurationError(
        redact(
          `the target at ${settings.baseUrl} cannot be used: ${firstExchange.failure?.message ?? kind}`.replace(
            /\.$/,
            "",
          ),
        ),
      );
    }
    if (!firstExchange.response) {
      throw new ConfigurationError(
        redact(
          `the target at ${settings.baseUrl} cannot be reached (${firstExchange.failure?.message ?? kind ?? "no response"}); check --base-url and that the service is running`,
        ),
      );
    }
    const rest = await Promise.all(
      others.map((operation) => session.send(operation, { json: validBody(operation, settings) })),
    );
    const status = new Map<OperationName, number | undefined>(
      [first as OperationName, ...others].map((operation, index) => [
        operation,
        [firstExchange, ...rest][index]?.response?.status,
      ]),
    );
    if (TOKEN_OPERATIONS.every((operation) => status.get(operation) === 401)) {
      throw new ConfigurationError(
        "the token or client id was refused by the target: every content management operation answered 401 to a valid request; check CMS_TOKEN and CMS_CLIENT_ID (or --token and --client-id)",
      );
    }
    if (ALL_OPERATIONS.every((operation) => status.get(operation) === 404)) {
      throw new ConfigurationError(
        redact(
          `no operation found under ${settings.baseUrl} — check the path prefix: every operation answered 404 to a valid request (give --operation-path where the deployment serves an operation elsewhere)`,
        ),
      );
    }
  } finally {
    await session.close();
  }
}

/** A running reference server as a run's configuration: its URL, credentials and fixtures. */
import type { RunConfigFile } from "../runner/settings/resolveRunSettings.js";
import { findFault } from "./faults/faultCatalogue.js";
import type { RunningReferenceServer } from "./startReferenceServer.js";
import { findVariant } from "./variants/variantCatalogue.js";

/** The configuration layer that points a run at `server` (or at one of its fault URLs). */
export function referenceRunConfig(
  server: RunningReferenceServer,
  baseUrl: string = server.baseUrl,
  fixtures = server.fixtures,
): RunConfigFile {
  return {
    baseUrl,
    clientId: server.credentials.clientId,
    token: server.credentials.token,
    restrictedToken: server.credentials.restrictedToken,
    analyticIds: fixtures.analyticIds,
    roles: fixtures.roles,
    domainName: fixtures.domainName,
    serviceName: fixtures.serviceName,
    roleFilters: fixtures.roleFilters,
    ...(fixtures.translatedWidgetText ? { translatedWidgetText: fixtures.translatedWidgetText } : {}),
    forbiddenWidgetIds: fixtures.forbiddenWidgetIds,
    forbiddenAnalyticIds: fixtures.forbiddenAnalyticIds,
    ownLandingPageIds: fixtures.ownLandingPageIds,
    othersLandingPageIds: fixtures.othersLandingPageIds,
  };
}

/** The configuration layer that points a run at one legitimate variant of `server`, with that variant's own fixtures and configuration. */
export function variantRunConfig(server: RunningReferenceServer, name: string): RunConfigFile {
  const config = referenceRunConfig(server, server.variantBaseUrl(name), server.variantFixtures(name));
  return findVariant(name)?.runConfig?.(config) ?? config;
}

/** The configuration layer that points a run at one fault of `server`, as the fault declares (facts withheld, when it is caught without them). */
export function faultRunConfig(server: RunningReferenceServer, name: string): RunConfigFile {
  const config = referenceRunConfig(server, server.faultBaseUrl(name), server.faultFixtures(name));
  return findFault(name)?.runConfig?.(config) ?? config;
}

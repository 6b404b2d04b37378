/** A running reference server as a run's configuration: its URL, credentials and fixtures. */
import type { RunConfigFile } from "../runner/settings/resolveRunSettings.js";
import type { RunningReferenceServer } from "./startReferenceServer.js";

/** The configuration layer that points a run at `server` (or at one of its fault URLs). */
export function referenceRunConfig(server: RunningReferenceServer, baseUrl: string = server.baseUrl): RunConfigFile {
  return {
    baseUrl,
    clientId: server.credentials.clientId,
    token: server.credentials.token,
    restrictedToken: server.credentials.restrictedToken,
    analyticIds: server.fixtures.analyticIds,
    roles: server.fixtures.roles,
    domainName: server.fixtures.domainName,
    serviceName: server.fixtures.serviceName,
  };
}

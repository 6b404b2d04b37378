/**
 * One request before the run. A target that cannot be reached, or that does not answer it within
 * the timeout, stops everything with exit 2 and one sentence: running hundreds of requests into
 * timeouts would only look like a hang.
 */
import { operationPath } from "../contract/operations.js";
import { createHttpClient } from "./http/createHttpClient.js";
import { runSecrets } from "./engine/createTargetSession.js";
import type { RunSettings } from "./settings/RunSettings.js";
import { ConfigurationError } from "./settings/resolveRunSettings.js";

/** Throws ConfigurationError when nothing answers at the base URL. */
export async function preflight(settings: RunSettings): Promise<void> {
  const client = createHttpClient({ baseUrl: settings.baseUrl, timeoutMs: settings.timeoutMs, secrets: runSecrets(settings) });
  try {
    const exchange = await client.send({
      path: operationPath("listFactoryDefaultWidgets", settings.operationPaths),
      headers: { ...settings.headers, "Content-Type": "application/json", Accept: "application/json", client_id: settings.credentials.clientId, Authorization: `Bearer ${settings.credentials.token}` },
      body: { json: {} },
    });
    const kind = exchange.failure?.kind;
    if (!exchange.response && kind === "timeout") {
      throw new ConfigurationError(`the target at ${settings.baseUrl} did not answer within ${settings.timeoutMs} ms; raise --timeout if it is slow, or check that it is running`);
    }
    if (!exchange.response) {
      throw new ConfigurationError(`the target at ${settings.baseUrl} cannot be reached (${exchange.failure?.message ?? kind ?? "no response"}); check --base-url and that the service is running`);
    }
  } finally {
    await client.close();
  }
}

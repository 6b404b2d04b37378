/** One request before the run: a target that cannot be reached stops everything with exit 2 (one sentence). */
import { operationSpec } from "../contract/operations.js";
import { createHttpClient } from "./http/createHttpClient.js";
import { runSecrets } from "./engine/createTargetSession.js";
import type { RunSettings } from "./settings/RunSettings.js";
import { ConfigurationError } from "./settings/resolveRunSettings.js";

/** Throws ConfigurationError when nothing answers at the base URL. */
export async function preflight(settings: RunSettings): Promise<void> {
  const client = createHttpClient({ baseUrl: settings.baseUrl, timeoutMs: settings.timeoutMs, secrets: runSecrets(settings) });
  try {
    const exchange = await client.send({
      path: operationSpec("listFactoryDefaultWidgets").path,
      headers: { "Content-Type": "application/json", Accept: "application/json", client_id: settings.credentials.clientId, Authorization: `Bearer ${settings.credentials.token}` },
      body: { json: {} },
    });
    const kind = exchange.failure?.kind;
    if (!exchange.response && (kind === "connection-refused" || kind === "dns" || kind === "timeout" || kind === "other")) {
      throw new ConfigurationError(`the target at ${settings.baseUrl} cannot be reached (${exchange.failure?.message ?? kind}); check --base-url and that the service is running`);
    }
  } finally {
    await client.close();
  }
}

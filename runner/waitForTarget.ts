/**
 * --wait-for-target: before the run, asks the target until it answers at all (a CI job that starts
 * the service in the background): any HTTP answer counts, whatever its status; only no answer is
 * waited out. Past the duration it stops with one sentence (exit 2), before the run starts.
 */
import { ALL_OPERATIONS } from "../contract/operations.js";
import { createTargetSession } from "./engine/createTargetSession.js";
import { ConfigurationError } from "./model/ConfigurationError.js";
import type { RunSettings } from "./model/RunSettings.js";

/** How long one poll waits between tries. */
const POLL_INTERVAL_MS = 500;

/** Resolves once the target answers; throws ConfigurationError when `waitMs` passes without an answer. */
export async function waitForTarget(settings: RunSettings, waitMs: number, describeWait: string): Promise<number> {
  const started = performance.now();
  const [operation] = ALL_OPERATIONS;
  let tries = 0;
  let last = "no answer";
  while (performance.now() - started < waitMs) {
    const left = waitMs - (performance.now() - started);
    const session = createTargetSession({ ...settings, timeoutMs: Math.max(1, Math.min(settings.timeoutMs, left)) });
    try {
      tries += 1;
      const exchange = await session.send(operation ?? "listFactoryDefaultWidgets");
      if (exchange.response) return tries;
      last = exchange.failure?.message ?? last;
    } finally {
      await session.close();
    }
    await new Promise((resolve) =>
      setTimeout(resolve, Math.min(POLL_INTERVAL_MS, Math.max(0, waitMs - (performance.now() - started)))),
    );
  }
  throw new ConfigurationError(
    `the target at ${settings.baseUrl} did not answer within ${describeWait} ` +
      `(--wait-for-target; ${tries} tries, last: ${last.replace(/\.$/, "")}); start it first, or wait longer`,
  );
}

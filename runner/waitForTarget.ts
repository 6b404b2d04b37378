/**
 * --wait-for-target: before the run, asks the target until it answers (a CI job that starts the service in
 * the background): any HTTP answer counts, whatever its status, except 502, 503 and 504 — a service warming
 * up, or a gateway whose node is not up yet, is not ready (availability, not an answer). No answer and those
 * are waited out, a poll every half second, or the Retry-After the answer asked for. Past the duration it
 * stops with one sentence (exit 2), before the run starts.
 */
import { ALL_OPERATIONS } from "../contract/operations.js";
import { createTargetSession } from "./engine/createTargetSession.js";
import { parseRetryAfter } from "./http/parseRetryAfter.js";
import { ConfigurationError } from "./model/ConfigurationError.js";
import type { RunSettings } from "./model/RunSettings.js";
import type { Exchange } from "./model/Exchange.js";

/** How long one poll waits between tries. */
const POLL_INTERVAL_MS = 500;
/** Answers that say the target is not ready yet. */
const NOT_READY_STATUSES: ReadonlySet<number> = new Set([502, 503, 504]);

/** Why `exchange` is not the answer of a ready target, and how long it asked to wait; undefined when it is. */
function notReady(exchange: Exchange): { readonly why: string; readonly askedMs?: number } | undefined {
  const response = exchange.response;
  if (response === undefined) return { why: exchange.failure?.message ?? "no answer" };
  if (!NOT_READY_STATUSES.has(response.status)) return undefined;
  const askedMs = parseRetryAfter(response.headers["retry-after"]);
  return { why: `answered ${response.status} (not ready)`, ...(askedMs === undefined ? {} : { askedMs }) };
}

/** Resolves once the target answers; throws ConfigurationError when `waitMs` passes without an answer. */
export async function waitForTarget(settings: RunSettings, waitMs: number, describeWait: string): Promise<number> {
  const started = performance.now();
  const [operation] = ALL_OPERATIONS;
  let tries = 0;
  let last = "no answer";
  while (performance.now() - started < waitMs) {
    const left = waitMs - (performance.now() - started);
    // The wait polls itself: each try is one request, its 502/503/504 not waited out by the client.
    const session = createTargetSession({
      ...settings,
      timeoutMs: Math.max(1, Math.min(settings.timeoutMs, left)),
      maxRetryWaitMs: 0,
    });
    let pauseMs = POLL_INTERVAL_MS;
    try {
      tries += 1;
      const exchange = await session.send(operation ?? "listFactoryDefaultWidgets");
      const pending = notReady(exchange);
      if (pending === undefined) return tries;
      last = pending.why;
      pauseMs = Math.max(POLL_INTERVAL_MS, pending.askedMs ?? 0);
    } finally {
      await session.close();
    }
    await new Promise((resolve) =>
      setTimeout(resolve, Math.min(pauseMs, Math.max(0, waitMs - (performance.now() - started)))),
    );
  }
  throw new ConfigurationError(
    `the target at ${settings.baseUrl} did not answer within ${describeWait} ` +
      `(--wait-for-target; ${tries} tries, last: ${last.replace(/\.$/, "")}); start it first, or wait longer`,
  );
}

/**
 * --wait-for-target: before the run, asks the target until it answers (a CI job that starts the service in
 * the background): any HTTP answer counts, whatever its status, except 502, 503 and 504 — a service warming
 * up, or a gateway whose node is not up yet, is not ready (availability, not an answer). No answer and those
 * are waited out, a poll every half second, or the Retry-After the answer asked for. Past the duration it
 * stops with one sentence (exit 2), before the run starts. A stop signal (SIGINT, SIGTERM) ends the wait at
 * once, mid-try or mid-pause (issue 50.4), and the caller starts no run.
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

/** Resolves when `signal` aborts (never without one); what a try or a pause is raced against. */
function whenAborted(signal: AbortSignal | undefined): Promise<"stopped"> {
  return new Promise((resolve) => {
    if (signal?.aborted) resolve("stopped");
    else signal?.addEventListener("abort", () => resolve("stopped"), { once: true });
  });
}

/** Waits `ms`, or less when `stopped` settles first. */
function pause(ms: number, stopped: Promise<"stopped">): Promise<unknown> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const elapsed = new Promise((resolve) => (timer = setTimeout(resolve, ms)));
  return Promise.race([elapsed, stopped]).finally(() => clearTimeout(timer));
}

/**
 * Resolves with the number of tries once the target answers, or with undefined at once when `signal` aborts
 * (a try in flight is abandoned, and an answer after the signal is not taken); throws ConfigurationError when
 * `waitMs` passes without an answer.
 */
export async function waitForTarget(
  settings: RunSettings,
  waitMs: number,
  describeWait: string,
  signal?: AbortSignal,
): Promise<number | undefined> {
  const started = performance.now();
  const [operation] = ALL_OPERATIONS;
  const stopped = whenAborted(signal);
  let tries = 0;
  let last = "no answer";
  while (performance.now() - started < waitMs) {
    if (signal?.aborted) return undefined;
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
      const exchange = await Promise.race([session.send(operation ?? "listFactoryDefaultWidgets"), stopped]);
      if (exchange === "stopped" || signal?.aborted) return undefined;
      const pending = notReady(exchange);
      if (pending === undefined) return tries;
      last = pending.why;
      pauseMs = Math.max(POLL_INTERVAL_MS, pending.askedMs ?? 0);
    } finally {
      // Not awaited once stopped: closing waits for the try in flight, which may never end.
      const closing = session.close().catch(() => undefined);
      if (!signal?.aborted) await closing;
    }
    await pause(Math.min(pauseMs, Math.max(0, waitMs - (performance.now() - started))), stopped);
  }
  throw new ConfigurationError(
    `the target at ${settings.baseUrl} did not answer within ${describeWait} ` +
      `(--wait-for-target; ${tries} tries, last: ${last.replace(/\.$/, "")}); start it first, or wait longer`,
  );
}

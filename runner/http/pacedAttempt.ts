/**
 * One attempt, paced: inside the concurrency limit (adaptiveSemaphore.ts) and the rate limit
 * (createRateLimiter.ts), never after the client stopped, and cut at the run's deadline.
 */
import type { SentRequest } from "./buildExchange.js";
import type { Connection, ResolvedUrl } from "./clientConnection.js";
import type { RateLimiter } from "./createRateLimiter.js";
import type { AdaptiveSemaphore } from "./adaptiveSemaphore.js";
import { failedAttempt } from "./failedAttempt.js";
import type { SendingStops } from "./sendingStops.js";
import type { AttemptResult } from "./sendOnce.js";
import type { RequestPriority } from "./types.js";

/** An attempt's result, with the number of its start when it started. */
export type PacedResult = AttemptResult & { readonly ticket?: number };

/** What a paced attempt waits on and sends through. */
export interface PacingParts {
  readonly semaphore: AdaptiveSemaphore;
  readonly limiter: RateLimiter;
  readonly connection: Connection;
  readonly stops: SendingStops;
  readonly isClosed: () => boolean;
}

/** Sends `sent` once its turn comes; `ticket` numbers its start. */
export function createPacedAttempt(
  parts: PacingParts,
): (sent: SentRequest, url: ResolvedUrl, requestTimeoutMs: number, priority?: RequestPriority) => Promise<PacedResult> {
  const { semaphore, limiter, connection, stops } = parts;
  return async (sent, url, requestTimeoutMs, priority) => {
    // A request sent ahead of its turn waits behind the others (issue 42.2).
    const release = await semaphore.acquire(priority);
    try {
      const ticket = await limiter.take();
      if (parts.isClosed()) return failedAttempt("other", "the HTTP client is closed.");
      const halted = stops.stopped() ?? stops.pathStopped(url.pathname);
      if (halted) return failedAttempt("stopped", `stopped: ${halted.message}; the request was not sent.`);
      const left = stops.left();
      const timeoutMs = Math.max(1, Math.min(requestTimeoutMs, left));
      // The adaptive limit learns the attempt's latency and whether the target pushed back (issue 42.1).
      const result = await semaphore.observe(
        connection.send(sent, url, timeoutMs, () => stops.stopped() !== undefined),
      );
      // A request cut short by the run's deadline did not time out on its own: its timer was the deadline's
      // (which may fire a millisecond before performance.now() reaches the deadline).
      if (result.failure?.kind === "timeout" && left < requestTimeoutMs) {
        const late = stops.passDeadline();
        return {
          ...result,
          failure: { kind: "stopped", message: `stopped: ${late.message}; the request was cut short.` },
          ticket,
        };
      }
      return { ...result, ticket };
    } finally {
      release();
    }
  };
}

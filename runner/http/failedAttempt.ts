import type { TransportFailure } from "../model/Exchange.js";
import type { AttemptResult } from "./sendOnce.js";

/** An attempt that sent nothing (or met the client's own failure), with why, as data. */
export function failedAttempt(kind: TransportFailure["kind"], message: string): AttemptResult {
  return { failure: { kind, message }, startedAt: new Date().toISOString(), durationMs: 0 };
}

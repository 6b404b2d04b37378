/**
 * Requests in flight at the server, from its request log: each record is written when the answer
 * was, and with `serve --latency L` every answer ends L after its request arrived, so a request was
 * in flight over [at − L, at]. Peak and time-weighted mean over the span from the first arrival to
 * the last answer. At 0 ms of latency the log cannot tell (no arrival times): undefined.
 */
import type { ReferenceRequestRecord } from "../reference/http/ReferenceRequestRecord.js";

/** Peak and mean requests in flight, and the span they were measured over. */
export interface InFlight {
  readonly peak: number;
  readonly mean: number;
  readonly spanMs: number;
}

/** In flight at the server during a run whose records are `records`, answered `latencyMs` after arrival. */
export function inFlight(
  records: readonly Pick<ReferenceRequestRecord, "at">[],
  latencyMs: number,
): InFlight | undefined {
  if (latencyMs <= 0 || records.length === 0) return undefined;
  const answers = records.map((record) => record.at).sort((a, b) => a - b);
  const events = answers.flatMap((at) => [
    { at: at - latencyMs, change: 1 },
    { at, change: -1 },
  ]);
  // An answer and an arrival at the same moment: the answer first (the two were not in flight together).
  events.sort((a, b) => a.at - b.at || a.change - b.change);
  let current = 0;
  let peak = 0;
  for (const event of events) {
    current += event.change;
    peak = Math.max(peak, current);
  }
  const spanMs = (answers[answers.length - 1] as number) - ((answers[0] as number) - latencyMs);
  return { peak, mean: (answers.length * latencyMs) / spanMs, spanMs };
}

/** Splits CPU time into a fixed cost and a cost per request, from two runs of different sizes. */

/** One measured run: how many requests it sent and the CPU it used. */
export interface CostSample {
  readonly requests: number;
  readonly cpuMs: number;
}

/** CPU per extra request (the slope) and the CPU of a run without requests (the intercept). */
export interface LinearCost {
  readonly perRequestMs: number;
  readonly fixedMs: number;
}

/** The line through two runs; throws when they sent the same number of requests. */
export function linearCost(small: CostSample, large: CostSample): LinearCost {
  const extraRequests = large.requests - small.requests;
  if (extraRequests <= 0) {
    throw new RangeError(
      `the larger run must send more requests than the smaller one, received ${small.requests} and ${large.requests}`,
    );
  }
  const perRequestMs = (large.cpuMs - small.cpuMs) / extraRequests;
  return { perRequestMs, fixedMs: small.cpuMs - perRequestMs * small.requests };
}

/** The median of some numbers (the mean of the middle two for an even count). */
export function median(values: readonly number[]): number {
  if (values.length === 0) throw new RangeError("median of no values");
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
}

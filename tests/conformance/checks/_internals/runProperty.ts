/**
 * Runs a fast-check property against the target and records a failure with everything that
 * replays it (seed, path, shrunk counterexample) and the exchange of the shrunk case.
 */
import fc from "fast-check";
import type { Exchange } from "../../../../runner/http/types.js";
import { evidence, type Judgement } from "../../../../runner/engine/Judgement.js";

/** What one example did: fine, why not (with the exchange that shows it), or nothing to judge (rate limited). */
export type ExampleVerdict =
  | { readonly ok: true }
  | { readonly ok: false; readonly message: string; readonly expected: string; readonly actual: string; readonly exchange: Exchange }
  | { readonly ok: "unjudged"; readonly reason: string; readonly exchange: Exchange };

/** Options of a property run. */
export interface PropertyOptions {
  readonly seed: number;
  readonly numRuns: number;
  /** Wall-clock bound for the run and its shrinking (milliseconds). */
  readonly timeLimitMs?: number;
}

/** Checks `predicate` on values of `arbitrary`; returns how many examples ran. */
export async function runProperty<T>(
  judge: Judgement,
  label: string,
  arbitrary: fc.Arbitrary<T>,
  predicate: (value: T) => Promise<ExampleVerdict>,
  options: PropertyOptions,
): Promise<number> {
  let lastFailure: Extract<ExampleVerdict, { ok: false }> | undefined;
  let firstUnjudged: Extract<ExampleVerdict, { ok: "unjudged" }> | undefined;
  let unjudged = 0;
  const details = await fc.check(
    fc.asyncProperty(arbitrary, async (value) => {
      const verdict = await predicate(value);
      if (verdict.ok === "unjudged") {
        // Counted as a pass for fast-check, so it never shrinks towards an answer that judged nothing.
        unjudged += 1;
        firstUnjudged ??= verdict;
        return true;
      }
      if (!verdict.ok) lastFailure = verdict;
      return verdict.ok;
    }),
    {
      seed: options.seed,
      numRuns: options.numRuns,
      interruptAfterTimeLimit: options.timeLimitMs ?? 60_000,
      markInterruptAsFailure: false,
    },
  );
  if (details.failed && lastFailure) {
    const counterexample = details.counterexample?.[0];
    judge.property({ seed: details.seed, path: details.counterexamplePath ?? "", numRuns: details.numRuns, counterexample });
    judge.fail(`${label}: ${lastFailure.message} (fast-check seed ${details.seed}, path ${details.counterexamplePath ?? "-"}, after ${details.numShrinks} shrinks)`, {
      expected: lastFailure.expected,
      actual: lastFailure.actual,
      evidence: [evidence(`${label}: shrunk counterexample`, lastFailure.exchange)],
    });
  } else if (details.failed && details.errorInstance) {
    throw details.errorInstance; // our predicate threw: a bug of ours, reported as an error
  }
  if (firstUnjudged) {
    judge.error(`${label}: ${unjudged} example(s) could not be judged: ${firstUnjudged.reason}. Slow the run down with --rate-limit.`, {
      evidence: [evidence(`${label}: unjudged example`, firstUnjudged.exchange)],
    });
  }
  return details.numRuns;
}

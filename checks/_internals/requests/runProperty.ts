/**
 * Runs a fast-check property against the target and records a failure with everything that
 * replays it (seed, path, shrunk counterexample) and the exchange of the shrunk case.
 * An example without a complete answer (a 429 beyond --max-retry-wait, a timeout, a reset, a
 * run that stopped) is no counterexample: the property ends there as an error naming the cause,
 * sends nothing more and never shrinks (shrinking would only hammer a target already in trouble).
 */
import fc from "fast-check";
import type { Exchange } from "../../../runner/model/Exchange.js";
import { exchangeRedactor } from "../../../runner/http/exchangeRedactor.js";
import { incompleteAnswer } from "../../../runner/engine/incompleteAnswer.js";
import { evidence, type Judgement } from "../../../runner/engine/Judgement.js";
import { examplesAhead } from "./examplesAhead.js";
import type { SendAhead } from "./sendAhead.js";

/** What one example did: fine, why not (with the exchange that shows it), or nothing to judge (rate limited). */
export type ExampleVerdict =
  | { readonly ok: true }
  | {
      readonly ok: false;
      readonly message: string;
      readonly expected: string;
      readonly actual: string;
      readonly exchange: Exchange;
    }
  | { readonly ok: "unjudged"; readonly reason: string; readonly exchange: Exchange };

/** Options of a property run. */
export interface PropertyOptions<T = unknown> {
  readonly seed: number;
  readonly numRuns: number;
  /** Wall-clock bound for the run and its shrinking (milliseconds). */
  readonly timeLimitMs?: number;
  /** Sends the requests of the examples to come ahead of their turn (examplesAhead.ts); the predicate takes them with its send(). */
  readonly sendAhead?: Pick<SendAhead<T>, "start" | "discard">;
}

/** Where a property ended: the example that got no complete answer, the verdict's one. */
interface PropertyEnd {
  readonly exchange: Exchange;
  readonly example: number;
  readonly reason?: string;
}

/** Records a property that ended on an example without a complete answer: an error, not shrunk, nothing judged. */
function judgeEnded(judge: Judgement, label: string, numRuns: number, ended: PropertyEnd): void {
  const trouble = incompleteAnswer(ended.exchange);
  // Stryker disable next-line StringLiteral: never read: incomplete answers have a trouble, unjudged ones a reason (proof: runPropertyEnd.equivalence.test.ts)
  const why = trouble?.message ?? ended.reason ?? "no response";
  const cause = exchangeRedactor(ended.exchange).text(why).replace(/\.$/, "");
  judge.error(
    `${label}: ended at example ${ended.example} of ${numRuns}, which got no complete answer ` +
      `(${trouble?.kind ?? "unjudged"}: ${cause}); not shrunk, nothing judged from it.`,
    {
      evidence: [evidence(`${label}: example ${ended.example}`, ended.exchange)],
    },
  );
}

/** Checks `predicate` on values of `arbitrary`; returns how many examples ran. */
export async function runProperty<T>(
  judge: Judgement,
  label: string,
  arbitrary: fc.Arbitrary<T>,
  predicate: (value: T) => Promise<ExampleVerdict>,
  options: PropertyOptions<T>,
): Promise<number> {
  let lastFailure: Extract<ExampleVerdict, { ok: false }> | undefined;
  let ended: PropertyEnd | undefined;
  let examples = 0;
  // The time limit is checked before each example rather than given to fast-check (interruptAfterTimeLimit),
  // which armed a timer and raced a promise for every example. An example under way when the limit
  // passes finishes, bounded by its requests' own timeouts.
  const deadline = Date.now() + (options.timeLimitMs ?? 60_000);
  let outOfTime = false;
  const ahead = examplesAhead(arbitrary, options, options.sendAhead);
  const details = await fc.check(
    fc.asyncProperty(arbitrary, async (value) => {
      // Stryker disable next-line BooleanLiteral: once ended, later examples send nothing; `ended` has the verdict (proof: runPropertyEnd.equivalence.test.ts)
      if (ended) return true; // the property has ended: the remaining examples send nothing
      if (outOfTime) return true; // past the time limit: a pass for fast-check, and nothing sent
      if (Date.now() >= deadline) {
        outOfTime = true;
        return true;
      }
      examples += 1;
      ahead.next(value);
      const verdict = await predicate(value);
      if (verdict.ok !== true) ahead.stop();
      // Nothing to judge (a 429 past the waits, a timeout, a reset, a stopped run): counted as a pass
      // for fast-check, so it never shrinks towards it, and the property ends there.
      if (verdict.ok === "unjudged") {
        ended = { exchange: verdict.exchange, example: examples, reason: verdict.reason };
        // Stryker disable next-line BooleanLiteral: as above (proof: runPropertyEnd.equivalence.test.ts)
        return true;
      }
      const trouble = verdict.ok ? undefined : incompleteAnswer(verdict.exchange);
      if (!verdict.ok && trouble) {
        ended = { exchange: verdict.exchange, example: examples };
        // Stryker disable next-line BooleanLiteral: as above (proof: runPropertyEnd.equivalence.test.ts)
        return true;
      }
      if (!verdict.ok) lastFailure = verdict;
      return verdict.ok;
    }),
    { seed: options.seed, numRuns: options.numRuns },
  );
  ahead.stop();
  if (ended) {
    judgeEnded(judge, label, options.numRuns, ended);
    return ended.example - 1;
  }
  if (details.failed && lastFailure) {
    const counterexample = requestBodyOf(details.counterexample?.[0]);
    judge.property({
      seed: details.seed,
      path: details.counterexamplePath ?? "",
      numRuns: details.numRuns,
      counterexample,
    });
    judge.fail(
      // The run's seed replays it (the console's replay line, report.json's property.path for fast-check itself).
      `${label}: ${lastFailure.message} (shrunk ${details.numShrinks} time${details.numShrinks === 1 ? "" : "s"}; property seed ${details.seed})`,
      {
        expected: lastFailure.expected,
        actual: lastFailure.actual,
        evidence: [evidence(`${label}: shrunk counterexample`, lastFailure.exchange)],
      },
    );
  } else if (details.errorInstance) {
    throw details.errorInstance; // our predicate threw: a bug of ours, reported as an error
  }
  // Past the time limit fast-check counts the examples that sent nothing as runs: only those judged count.
  return outOfTime && !details.failed ? examples : details.numRuns;
}

/**
 * What a reader should see of a shrunk counterexample (issue 27.7): the request body sent, when the
 * example is one of the suite's request wrappers ({ body: { json } } or { body: { raw } }), not the wrapper.
 */
export function requestBodyOf(example: unknown): unknown {
  if (typeof example !== "object" || example === null || !("body" in example)) return example;
  const body = (example as { body: unknown }).body;
  if (typeof body !== "object" || body === null) return example;
  if ("json" in body) return (body as { json: unknown }).json;
  if ("raw" in body) return (body as { raw: unknown }).raw;
  return example;
}

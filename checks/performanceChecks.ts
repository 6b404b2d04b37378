/**
 * Performance (§8 states no limit; register response-time): with --max-response-time, a few valid
 * requests per operation, each answer's time judged against it. Without it, nothing is judged.
 */
import { ALL_OPERATIONS } from "../contract/operations.js";
import type { CheckDefinition } from "../runner/engine/CheckDefinition.js";
import { evidence } from "../runner/engine/Judgement.js";
import type { Exchange } from "../runner/model/Exchange.js";
import { answered } from "./_internals/judges/judgeExchange.js";
import { wellFormedRequestBody } from "./_internals/requests/sampleRequests.js";

/** Valid requests timed per operation: enough to see a slow path, few enough for any target. */
const SAMPLES = 5;

/** The value at quantile `q` (above 0, at most 1) of sorted `values`, nearest rank. */
function quantile(sorted: readonly number[], q: number): number {
  return sorted[Math.ceil(q * sorted.length) - 1] ?? 0;
}

/** Checks of the performance family. */
export const performanceChecks: readonly CheckDefinition[] = [
  {
    id: "performance.response-time",
    title: "Answers come within --max-response-time",
    rule:
      "Not stated (§8 shows no limits; register response-time): with --max-response-time, an answer to a " +
      "valid request slower than it is a warning, a failure under --profile strict.",
    family: "performance",
    specRefs: ["8"],
    level: "SHOULD",
    operations: ALL_OPERATIONS,
    registerRefs: ["response-time"],
    async run({ operation, target, judge }) {
      const max = target.settings.maxResponseTimeMs;
      if (max === undefined)
        return judge.skip("no bound was given: --max-response-time DURATION (e.g. 500ms) judges response times.");
      judge.applied("response-time");
      const body = await wellFormedRequestBody(target, operation);
      const timed: Exchange[] = [];
      for (let sample = 1; sample <= SAMPLES; sample += 1) {
        const exchange = await target.send(operation, { json: body });
        if (answered(judge, `valid request ${sample} of ${SAMPLES}`, exchange)) timed.push(exchange);
      }
      if (timed.length === 0) return;
      const durations = timed.map((exchange) => exchange.durationMs).sort((a, b) => a - b);
      const slow = timed.filter((exchange) => exchange.durationMs > max);
      const figures = `p50 ${quantile(durations, 0.5)} ms, p95 ${quantile(durations, 0.95)} ms, max ${quantile(durations, 1)} ms`;
      const slowest = [...timed].sort((a, b) => b.durationMs - a.durationMs)[0] as Exchange;
      if (slow.length > 0) {
        judge.depart(
          "response-time",
          `${slow.length} of ${timed.length} answers took longer than ${max} ms (${figures}).`,
          {
            expected: `every answer within ${max} ms (--max-response-time)`,
            actual: `slowest ${slowest.durationMs} ms`,
            evidence: [evidence(`the slowest answer, ${slowest.durationMs} ms`, slowest)],
          },
        );
        return;
      }
      judge.witness(evidence(`the slowest answer, ${slowest.durationMs} ms`, slowest));
      judge.note(`${timed.length} answers within ${max} ms (${figures}).`);
    },
  },
];

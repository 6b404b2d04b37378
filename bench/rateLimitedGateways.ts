/**
 * `npm run bench:gateways`: whole runs against the reference behind a rate-limiting gateway (issue 23.1):
 * a sliding window, a fixed window and a token bucket, each announcing its limit with the RateLimit-*
 * fields and Retry-After, with Retry-After alone, or with a bare 429. For each run it prints the exit code
 * the CLI would give, the verdict counts, the 429s, the wall time against the time the limit itself imposes
 * (requests admitted ÷ limit, the bound being 1.3×) and the pace the report says the run settled on.
 * The self-tests prove convergence with small runs (tests/self/runner/http/rateLimitConvergence.test.ts); the
 * times are measured here, not in a timed test.
 *
 *   npx tsx bench/rateLimitedGateways.ts [--limit 40] [--max-examples 100] [--algorithm sliding-window]
 *                                        [--signals ratelimit-headers] [--operation getWidget] [--count-refused] [--concurrency 4]
 */
import { parseArgs } from "node:util";
import { executeInProcess } from "../checks/executeInProcess.js";
import { runConformance } from "../runner/runConformance.js";
import { resolveRunSettings } from "../runner/settings/resolveRunSettings.js";
import { CHECK_CATALOGUE } from "../checks/checkCatalogue.js";
import { referenceRunConfig } from "../reference/referenceRunConfig.js";
import { startReferenceServer } from "../reference/startReferenceServer.js";
import {
  startRateLimitingGateway,
  type RateLimitAlgorithm,
  type RateLimitSignals,
} from "../reference/transport/rateLimitingGateway.js";
import type { OperationName } from "../contract/operations.js";

/** Most a run may take, as a multiple of the time its limit imposes. */
const BOUND = 1.3;

const ALGORITHMS: readonly RateLimitAlgorithm[] = ["sliding-window", "fixed-window", "token-bucket"];
const SIGNALS: readonly RateLimitSignals[] = ["ratelimit-headers", "retry-after", "bare"];

async function main(): Promise<number> {
  const { values } = parseArgs({
    options: {
      limit: { type: "string", multiple: true },
      "max-examples": { type: "string" },
      algorithm: { type: "string", multiple: true },
      signals: { type: "string", multiple: true },
      operation: { type: "string", multiple: true },
      "count-refused": { type: "boolean" },
      concurrency: { type: "string" },
    },
  });
  const limits = (values.limit ?? ["40"]).map(Number);
  const algorithms = (values.algorithm ?? ALGORITHMS) as RateLimitAlgorithm[];
  const signals = (values.signals ?? SIGNALS) as RateLimitSignals[];
  const maxExamples = values["max-examples"] === undefined ? undefined : Number(values["max-examples"]);
  const server = await startReferenceServer({ seed: 1 });
  let missed = 0;
  try {
    for (const limit of limits)
      for (const algorithm of algorithms)
        for (const signal of signals) {
          const gateway = await startRateLimitingGateway(server.baseUrl, {
            algorithm,
            limit,
            signals: signal,
            ...(values["count-refused"] === true ? { countRefused: true } : {}),
          });
          try {
            const settings = resolveRunSettings([
              referenceRunConfig(server, gateway.baseUrl),
              {
                seed: 1,
                ...(maxExamples === undefined ? {} : { maxExamples }),
                ...(values.concurrency === undefined ? {} : { concurrency: Number(values.concurrency) }),
                ...(values.operation ? { operations: values.operation as OperationName[] } : {}),
              },
            ]);
            const started = performance.now();
            const report = await runConformance({ settings, catalogue: CHECK_CATALOGUE, executor: executeInProcess });
            const seconds = (performance.now() - started) / 1000;
            const imposed = gateway.admitted() / limit;
            const ratio = seconds / imposed;
            const clean = report.summary.failed === 0 && report.summary.errors === 0;
            const met = clean && ratio <= BOUND;
            if (!met) missed += 1;
            const pace = report.meta.notes.find((note) => /429|pace/i.test(note)) ?? "(no note on pacing)";
            process.stdout.write(
              [
                `${algorithm} ${limit}/s, ${signal}: exit ${report.verdict === "pass" ? 0 : 1}, ${JSON.stringify(report.summary)}`,
                `  ${gateway.admitted()} requests admitted, ${gateway.refused()} answered 429; ` +
                  `${seconds.toFixed(1)} s against ${imposed.toFixed(1)} s imposed by the limit = ` +
                  `${ratio.toFixed(2)}× (bound ${BOUND}×): ${met ? "met" : "NOT met"}`,
                `  ${pace}`,
                "",
              ].join("\n"),
            );
          } finally {
            await gateway.close();
          }
        }
  } finally {
    await server.close();
  }
  return missed === 0 ? 0 : 1;
}

process.exitCode = await main();

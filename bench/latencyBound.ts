/**
 * `npm run bench:latency` (issue 28.4): the default run against the reference with 10 ms and with 50 ms
 * of latency on every answer (serve --latency), beside the bound the latency itself imposes:
 * requests × latency ÷ concurrency. A run that keeps its pool of connections full comes close to it;
 * checks that wait on each other, or repeat discovery, do not. Prints one line per latency with the
 * ratio and "met" when it is at most 1.2. The reference runs in this process: its CPU is small next to
 * the waits.
 */
import { referenceRunConfig } from "../reference/referenceRunConfig.js";
import { startReferenceServer } from "../reference/startReferenceServer.js";
import { executeInProcess } from "../runner/execute/executeInProcess.js";
import { RUN_DEFAULTS } from "../runner/model/RunSettings.js";
import { runConformance } from "../runner/runConformance.js";
import { resolveRunSettings } from "../runner/settings/resolveRunSettings.js";
import { CHECK_CATALOGUE } from "../tests/conformance/checkCatalogue.js";

const TARGET_RATIO = 1.2;

async function measure(latencyMs: number): Promise<boolean> {
  const server = await startReferenceServer({ seed: 1, latencyMs });
  try {
    const settings = resolveRunSettings([referenceRunConfig(server), { seed: 1 }]);
    const started = performance.now();
    const report = await runConformance({ settings, catalogue: CHECK_CATALOGUE, executor: executeInProcess });
    const seconds = (performance.now() - started) / 1000;
    const requests = report.meta.requestCount;
    const bound = (requests * latencyMs) / 1000 / RUN_DEFAULTS.concurrency;
    const ratio = seconds / bound;
    const met = ratio <= TARGET_RATIO;
    process.stdout.write(
      `latency ${latencyMs} ms: ${requests} requests in ${seconds.toFixed(1)} s; bound ${bound.toFixed(1)} s (requests × latency ÷ concurrency ${RUN_DEFAULTS.concurrency}); ${ratio.toFixed(2)} × the bound (target ≤ ${TARGET_RATIO}): ${met ? "met" : "NOT met"}; ${(requests / report.summary.total).toFixed(1)} requests per verdict; ${report.verdict.toUpperCase()}\n`,
    );
    return met;
  } finally {
    await server.close();
  }
}

const results = [await measure(10), await measure(50)];
process.exitCode = results.every(Boolean) ? 0 : 1;

/**
 * `npm run bench:hostile`: how long, and how much memory, the suite takes to judge bodies built to
 * break the judge, at full size: a listing of 1,000,000 invalid items and JSON nested 100,000
 * levels deep, each against every check that reads items. Prints one line per body with its bound
 * and "met"; exits 1 when a bound is missed. The self-tests judge the same bodies at smaller sizes
 * for their verdicts (tests/self/suite/hostileTargets.test.ts); time and memory are measured here,
 * not in a timed test. Run with node --expose-gc for a steadier baseline (the script asks for it).
 */
import { executeInProcess } from "../runner/execute/executeInProcess.js";
import { runConformance } from "../runner/runConformance.js";
import { resolveRunSettings } from "../runner/settings/resolveRunSettings.js";
import { CHECK_CATALOGUE } from "../tests/conformance/checkCatalogue.js";
import { startHostileTarget } from "../tests/self/support/hostileTarget.js";

const ITEM_CHECKS = [
  "schema.*",
  "pagination.*",
  "search.*",
  "consistency.*",
  "http.valid-request-ok",
  "http.no-server-error",
];

const BODIES = [
  {
    behaviour: "invalid-items",
    label: "a listing of 1,000,000 invalid items",
    timeoutMs: 10_000,
    maxSeconds: 120,
    maxRssMiB: 2_500,
  },
  {
    behaviour: "deep-json",
    label: "JSON nested 100,000 levels deep",
    timeoutMs: 5_000,
    maxSeconds: 120,
    maxRssMiB: 1_500,
  },
] as const;

async function main(): Promise<number> {
  const target = await startHostileTarget({ deepJsonLevels: 100_000, invalidItems: 1_000_000 });
  let missed = 0;
  try {
    for (const body of BODIES) {
      const settings = resolveRunSettings([
        {
          baseUrl: target.baseUrlFor(body.behaviour),
          clientId: "client-bench-0123",
          token: "token-bench-0123456789",
          analyticIds: ["analytic://tenant/a1"],
          roles: ["role-a"],
          checks: [...ITEM_CHECKS],
          timeoutMs: body.timeoutMs,
          maxExamples: 2,
          maxPages: 2,
          seed: 3,
        },
      ]);
      globalThis.gc?.();
      const base = process.memoryUsage().rss;
      let peak = 0;
      const timer = setInterval(() => (peak = Math.max(peak, process.memoryUsage().rss - base)), 20);
      const started = performance.now();
      const report = await runConformance({ settings, catalogue: CHECK_CATALOGUE, executor: executeInProcess });
      const seconds = (performance.now() - started) / 1000;
      clearInterval(timer);
      const rssMiB = Math.max(peak, process.memoryUsage().rss - base) / 1024 / 1024;
      const met = seconds <= body.maxSeconds && rssMiB <= body.maxRssMiB;
      if (!met) missed += 1;
      process.stdout.write(
        `${body.label}: ${seconds.toFixed(1)} s (bound ${body.maxSeconds} s), peak RSS +${rssMiB.toFixed(0)} MiB (bound ${body.maxRssMiB} MiB), ${met ? "met" : "NOT met"}; verdicts ${JSON.stringify(report.summary)}\n`,
      );
    }
  } finally {
    await target.close();
  }
  return missed === 0 ? 0 : 1;
}

process.exitCode = await main();

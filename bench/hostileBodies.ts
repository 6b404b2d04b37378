/**
 * `npm run bench:hostile`: how long, and how much memory, the suite takes to judge bodies built to
 * break the judge, at full size: a listing of 1,000,000 invalid items and JSON nested 100,000
 * levels deep, each against every check that reads items. Prints one line per body with its bound
 * and "met"; exits 1 when a bound is missed. The self-tests judge the same bodies at smaller sizes
 * for their verdicts (tests/self/suite/hostileTargets.test.ts); time and memory are measured here,
 * not in a timed test. Run with node --expose-gc for a steadier baseline (the script asks for it).
 * A third run is the whole suite against the reference whose every getWidget answer carries a
 * description of 4.5 MB (under the 5 MiB cap): memory must stay bounded (issue 23.9).
 */
import { executeInProcess } from "../checks/executeInProcess.js";
import { runConformance } from "../runner/runConformance.js";
import { resolveRunSettings } from "../runner/settings/resolveRunSettings.js";
import { CHECK_CATALOGUE } from "../checks/checkCatalogue.js";
import { referenceRunConfig } from "../reference/referenceRunConfig.js";
import { startReferenceServer } from "../reference/startReferenceServer.js";
import type { RunSettings } from "../runner/model/RunSettings.js";
import { startHostileTarget } from "../reference/transport/hostileTarget.js";
import { startReferenceProxy } from "../reference/transport/referenceProxy.js";

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
      const { seconds, rssMiB, report } = await measured(settings);
      const met = seconds <= body.maxSeconds && rssMiB <= body.maxRssMiB;
      if (!met) missed += 1;
      process.stdout.write(
        `${body.label}: ${seconds.toFixed(1)} s (bound ${body.maxSeconds} s), ` +
          `peak RSS +${rssMiB.toFixed(0)} MiB (bound ${body.maxRssMiB} MiB), ` +
          `${met ? "met" : "NOT met"}; verdicts ${JSON.stringify(report.summary)}\n`,
      );
    }
  } finally {
    await target.close();
  }
  if (!(await bigDescriptions())) missed += 1;
  return missed === 0 ? 0 : 1;
}

/** Runs `settings` in this process; wall time, peak RSS growth (sampled every 20 ms) and the report. */
async function measured(settings: RunSettings) {
  globalThis.gc?.();
  const base = process.memoryUsage().rss;
  let peak = 0;
  const timer = setInterval(() => (peak = Math.max(peak, process.memoryUsage().rss - base)), 20);
  const started = performance.now();
  const report = await runConformance({ settings, catalogue: CHECK_CATALOGUE, executor: executeInProcess });
  const seconds = (performance.now() - started) / 1000;
  clearInterval(timer);
  const rssMiB = Math.max(peak, process.memoryUsage().rss - base) / 1024 / 1024;
  return { seconds, rssMiB, report };
}

const DESCRIPTION_BYTES = 4.5 * 1024 * 1024;
const MAX_RSS_MIB = 1_024;

/** The default run against the reference whose getWidget answers carry a 4.5 MB description; true when under the bound. */
async function bigDescriptions(): Promise<boolean> {
  const server = await startReferenceServer({ seed: 1 });
  const filler = "x".repeat(DESCRIPTION_BYTES);
  const proxy = await startReferenceProxy(server.baseUrl, {
    rewriteBody: (payload, _headers, path) => {
      if (!path.endsWith("/getWidget")) return payload;
      const body = JSON.parse(payload.toString("utf8")) as { id?: string; description?: string };
      if (typeof body.id !== "string") return payload;
      body.description = filler;
      return Buffer.from(JSON.stringify(body));
    },
  });
  try {
    const settings = resolveRunSettings([referenceRunConfig(server, proxy.baseUrl), { seed: 1 }]);
    const { seconds, rssMiB, report } = await measured(settings);
    const met = rssMiB <= MAX_RSS_MIB;
    process.stdout.write(
      `the default run, every getWidget answer with a 4.5 MB description: ${seconds.toFixed(1)} s, ` +
        `peak RSS +${rssMiB.toFixed(0)} MiB (bound ${MAX_RSS_MIB} MiB), ` +
        `${met ? "met" : "NOT met"}; verdicts ${JSON.stringify(report.summary)}\n`,
    );
    return met;
  } finally {
    await proxy.close();
    await server.close();
  }
}

process.exitCode = await main();

/** Runs the conformance project through vitest's Node API (DESIGN §1: the suite is a vitest suite). */
import { accessSync, constants } from "node:fs";
import { fileURLToPath } from "node:url";
import { createVitest } from "vitest/node";
import { ResultCollector } from "../vitest/ResultCollector.js";
import { toSelectedVerdicts } from "../planRun.js";
import { RUN_KEY } from "../vitest/vitestBridge.js";
import type { CheckExecutor } from "./CheckExecutor.js";

const ROOT = fileURLToPath(new URL("../../", import.meta.url));

/**
 * vitest keeps the TypeScript it transformed in node_modules/.experimental-vitest-cache, keyed by
 * file content, which saves about 0.5 s of CPU on every run after the first (BENCHMARKS.md).
 * vitest cannot do without the folder once asked to, so it is only asked when it can write there;
 * in a read-only install (EACCES, EROFS) the run writes nothing into node_modules at all.
 */
function canCacheModules(): boolean {
  try {
    accessSync(`${ROOT}node_modules`, constants.W_OK);
    return true;
  } catch {
    return false;
  }
}

/** The CLI's executor: the settings and the planned pairs go in through provide, verdicts come back through meta. */
export const executeWithVitest: CheckExecutor = async (settings, planned, onResult) => {
  const collector = new ResultCollector(onResult);
  const writable = canCacheModules();
  const vitest = await createVitest(
    "test",
    {
      root: ROOT,
      config: `${ROOT}vitest.config.ts`,
      // vitest's results cache is off (one test file, nothing to order). Vite bundles a TypeScript
      // config into node_modules/.vite-temp, and fails on a read-only file system, so a read-only
      // install has its config loaded through Vite's module runner, which writes nothing.
      cache: false,
      ...(writable ? { experimental: { fsModuleCache: true } } : { configLoader: "runner" as const }),
      project: ["conformance"],
      watch: false,
      reporters: [collector],
      passWithNoTests: true,
    },
    { logLevel: "silent" },
  );
  try {
    vitest.provide(RUN_KEY, { settings, verdicts: toSelectedVerdicts(planned) });
    await vitest.start();
  } finally {
    await vitest.close();
  }
  return { results: collector.results, ...(collector.statistics ? { statistics: collector.statistics } : {}), runErrors: collector.runErrors, ...(collector.notRun.length > 0 ? { notRun: collector.notRun } : {}) };
};

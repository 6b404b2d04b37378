/** Runs the conformance project through vitest's Node API (docs/design.md §1: the suite is a vitest suite). */
import { accessSync, constants } from "node:fs";
import { PROJECT_ROOT } from "../../contract/projectRoot.js";
import { createVitest } from "vitest/node";
import { compiledTestsPath } from "./vitest/compiledTests.js";
import { ResultCollector } from "./vitest/ResultCollector.js";
import { toSelectedVerdicts } from "./vitest/selectedVerdicts.js";
import { RUN_KEY } from "./vitest/vitestBridge.js";
import type { CheckExecutor } from "./CheckExecutor.js";

const ROOT = `${PROJECT_ROOT}/`;

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

/** What vitest 4.1 emits, on an emitter nobody listens to any more, when a worker that already reported its death exits. */
const WORKER_EXIT = "Worker exited unexpectedly";

/**
 * Runs `work` with vitest's late "Worker exited unexpectedly" kept from ending the process with a
 * stack trace: the worker's death (a heap that ran out) has reached the collector as a run error by
 * then, and the checks it did not finish become errors saying so. Any other uncaught error is
 * thrown again, as if this guard were not there.
 */
async function survivingWorkerExit(work: () => Promise<void>, workerStopped: () => boolean): Promise<void> {
  const guard = (error: unknown) => {
    if (error instanceof Error && error.message === WORKER_EXIT) return;
    process.off("uncaughtException", guard);
    setImmediate(() => {
      throw error;
    });
  };
  process.on("uncaughtException", guard);
  try {
    await work();
  } finally {
    // The exit comes a moment after the error that ended the run.
    if (workerStopped()) await new Promise((resolve) => setTimeout(resolve, 250));
    process.off("uncaughtException", guard);
  }
}

/** The signals that stop a run (cli/commands/run.ts turns them into its AbortSignal). */
const STOP_SIGNALS: readonly NodeJS.Signals[] = ["SIGINT", "SIGTERM"];

/** The CLI's executor: the settings and the planned pairs go in through provide, verdicts come back through meta. */
export const executeWithVitest: CheckExecutor = async (settings, planned, onResult, signal) => {
  const collector = new ResultCollector(onResult);
  const writable = canCacheModules();
  const signalListeners = new Map(STOP_SIGNALS.map((name) => [name, process.listeners(name)]));
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
  // vitest's logger ends the process on SIGINT and SIGTERM; the run stops by its signal instead, so
  // that the reports of what finished are written. Its listeners go; whoever listened before stays.
  for (const name of STOP_SIGNALS) {
    for (const listener of process.listeners(name)) {
      if (!signalListeners.get(name)?.includes(listener)) process.off(name, listener);
    }
  }
  const compiledTests = compiledTestsPath();
  vitest.provide(RUN_KEY, {
    settings,
    verdicts: toSelectedVerdicts(planned),
    ...(compiledTests === undefined ? {} : { compiledTests }),
  });
  await survivingWorkerExit(
    async () => {
      // An interruption does not wait for the checks under way: closing vitest ends its worker, and
      // what finished by then is all the run reports (the rest become errors saying so).
      const interrupted = new Promise<void>((resolve) => {
        if (signal?.aborted) resolve();
        signal?.addEventListener("abort", () => resolve(), { once: true });
      });
      try {
        await Promise.race([vitest.start(), interrupted]);
      } finally {
        // vitest's close waits for the tests under way, and an interrupted run does not: it gets a
        // second to wind down, and the CLI ends the process once the reports are written.
        const closing = vitest.close();
        if (signal?.aborted) {
          closing.catch(() => undefined);
          await Promise.race([closing, new Promise((resolve) => setTimeout(resolve, 1_000).unref())]);
        } else await closing;
      }
    },
    () => collector.workerStopped,
  );
  return {
    results: [...collector.results],
    ...(collector.statistics ? { statistics: collector.statistics } : {}),
    runErrors: collector.runErrors,
    ...(collector.notRun.length > 0 ? { notRun: collector.notRun } : {}),
  };
};

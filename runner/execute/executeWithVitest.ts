/** Runs the conformance project through vitest's Node API (docs/design.md §1: the suite is a vitest suite). */
import { accessSync, constants } from "node:fs";
import { PROJECT_ROOT } from "../../contract/projectRoot.js";
import { createVitest, type Vitest } from "vitest/node";
import type { CheckResult } from "../model/RunReport.js";
import { compiledTestsPath } from "./vitest/compiledTests.js";
import { conformanceProject } from "./vitest/conformanceProject.js";
import { ResultCollector } from "./vitest/ResultCollector.js";
import { openRunHandOver } from "./vitest/runHandOver.js";
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

/** A vitest started before the run is known: its worker loads the checks while the CLI reads its configuration. */
export interface StartedVitestExecutor {
  /** Hands the run over and waits for it; call it at most once. */
  readonly execute: CheckExecutor;
  /** Ends vitest and its worker when execute was never called (the run stopped before its checks); then nothing. */
  dispose(): Promise<void>;
}

/** What execute was called with, or undefined when the run was dropped. */
type Call = { readonly signal?: AbortSignal } | undefined;

/**
 * vitest with the conformance project, reporting to `collector`, told where the run will be handed over;
 * its signal listeners removed (vitest's logger ends the process on SIGINT and SIGTERM).
 */
async function createConformanceVitest(collector: ResultCollector, handOverName: string): Promise<Vitest> {
  const signalListeners = new Map(STOP_SIGNALS.map((name) => [name, process.listeners(name)]));
  const vitest = await createVitest(
    "test",
    {
      root: ROOT,
      // No config file: the conformance project is given here (conformanceProject.ts), so Vite bundles
      // nothing and writes nothing (vitest.config.ts lists the same project for `vitest --project conformance`).
      config: false,
      projects: [conformanceProject(ROOT, false)],
      // vitest's results cache is off (one test file, nothing to order).
      cache: false,
      ...(canCacheModules() ? { experimental: { fsModuleCache: true } } : {}),
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
  vitest.provide(RUN_KEY, { handOver: handOverName, ...(compiledTests === undefined ? {} : { compiledTests }) });
  return vitest;
}

/** Resolves after `ms`, without keeping the process alive. */
const pause = (ms: number): Promise<unknown> => new Promise((resolve) => setTimeout(resolve, ms).unref());

/**
 * vitest's run from start to close: it starts at once, waits for the call (or its drop), for the checks (or
 * an interruption), and is closed; the process's exit code is left as it was.
 */
async function vitestLifecycle(vitest: Vitest, call: Promise<Call>, closeHandOver: () => void): Promise<void> {
  // vitest sets the process's exit code for the runs it ends (failed tests, a file without tests): the
  // executor's caller decides the exit code, so whatever vitest sets here is undone once it has ended.
  const exitCodeBefore = process.exitCode;
  const started = vitest.start();
  started.catch(() => undefined); // awaited below, unless the run was dropped
  const request = await call;
  const signal = request?.signal;
  try {
    // An interruption does not wait for the checks under way: closing vitest ends its worker, and
    // what finished by then is all the run reports (the rest become errors saying so).
    const interrupted = new Promise<void>((resolve) => {
      if (signal?.aborted) resolve();
      signal?.addEventListener("abort", () => resolve(), { once: true });
    });
    // A dropped run does not wait for the worker either: it registered no test, and close ends it.
    if (request !== undefined) await Promise.race([started, interrupted]);
  } finally {
    // vitest's close waits for the tests under way, and an interrupted run does not: it gets a
    // second to wind down, and the CLI ends the process once the reports are written.
    const closing = vitest.close();
    if (signal?.aborted) {
      closing.catch(() => undefined);
      await Promise.race([closing, pause(1_000)]);
    } else await closing;
    // A dropped run's start may still be winding down after close, and set the exit code then. Bounded, as close is.
    if (request === undefined) await Promise.race([started.catch(() => undefined), pause(1_000)]);
    closeHandOver();
    process.exitCode = exitCodeBefore;
  }
}

/**
 * Creates vitest and starts the conformance project at once (createVitest awaited here, so that vitest's
 * signal listeners are known and removed before anyone else's come); the worker loads the checks and waits
 * for the run (runHandOver.ts), which execute sends. Settings and pairs still cross once, from this process.
 */
export async function startVitestExecutor(): Promise<StartedVitestExecutor> {
  let deliver: (result: CheckResult) => void = () => undefined;
  const collector = new ResultCollector((result) => deliver(result));
  const handOver = openRunHandOver();
  let vitest: Vitest;
  try {
    vitest = await createConformanceVitest(collector, handOver.name);
  } catch (error) {
    handOver.close();
    throw error;
  }
  let called: (call: Call) => void = () => undefined;
  const call = new Promise<Call>((resolve) => (called = resolve));
  const lifecycle = survivingWorkerExit(
    () => vitestLifecycle(vitest, call, () => handOver.close()),
    () => collector.workerStopped,
  );
  lifecycle.catch(() => undefined); // awaited by execute or dispose

  let executed = false;
  return {
    execute: async (settings, planned, onResult, signal) => {
      if (executed) throw new Error("this vitest executor has run already");
      executed = true;
      deliver = onResult;
      handOver.send({ settings, verdicts: toSelectedVerdicts(planned) });
      called(signal ? { signal } : {});
      await lifecycle;
      return {
        results: [...collector.results],
        ...(collector.statistics ? { statistics: collector.statistics } : {}),
        runErrors: collector.runErrors,
        ...(collector.notRun.length > 0 ? { notRun: collector.notRun } : {}),
      };
    },
    dispose: async () => {
      if (!executed) {
        executed = true;
        handOver.cancel();
        called(undefined);
      }
      await lifecycle.catch(() => undefined);
    },
  };
}

/** The executor as one call: vitest started, the run handed over, vitest ended. */
export const executeWithVitest: CheckExecutor = async (settings, planned, onResult, signal) => {
  const started = await startVitestExecutor();
  try {
    return await started.execute(settings, planned, onResult, signal);
  } finally {
    await started.dispose();
  }
};

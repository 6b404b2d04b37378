/**
 * The conformance project's test file (registerConformanceTests.ts declares its tests). Run it with
 * `cms-conformance run` (or `vitest --project conformance` with CMS_BASE_URL, CMS_CLIENT_ID and CMS_TOKEN set).
 * The CLI starts vitest before it knows the run, and hands the run over later (runHandOver.ts).
 *
 * When the CLI runs compiled (dist/), it names the compiled tests in the provided run, and the worker imports
 * them natively: the conformance project (runner/execute/vitest/conformanceProject.ts) leaves dist/ to Node.
 * Otherwise the sources go through vitest's module runner, each of the checks' hundreds of modules a round trip
 * to the main thread; loading them natively took about 0.2 s off the start-up to the first check request
 * (issue 28.3, BENCHMARKS.md).
 */
import { afterAll, inject, test } from "vitest";
import { startWorkerProfile, stopWorkerProfile } from "../../runner/execute/vitest/profileWorker.js";
import { receiveRun } from "../../runner/execute/vitest/runHandOver.js";
import { RUN_KEY } from "../../runner/execute/vitest/vitestBridge.js";

// Started before the checks load, so that `npm run bench -- --profile`'s profile of the worker holds their loading.
await startWorkerProfile();
const provided = inject(RUN_KEY);
const compiledTests = "handOver" in provided ? provided.compiledTests : undefined;
const { registerConformanceTests }: typeof import("../../checks/registerConformanceTests.js") =
  compiledTests === undefined
    ? await import("../../checks/registerConformanceTests.js")
    : await import(/* @vite-ignore */ compiledTests);
// The CLI hands the run over once it has read its configuration and the target answered; a run
// that stopped before its checks (a usage error, a target that does not answer) cancels it.
const run = "handOver" in provided ? await receiveRun(provided.handOver) : provided;
if (run) registerConformanceTests(run, { afterAll, test, onChecksDone: stopWorkerProfile });

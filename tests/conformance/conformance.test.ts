/**
 * The conformance project's test file (registerConformanceTests.ts declares its tests). Run it with
 * `cms-conformance run` (or `vitest --project conformance` with CMS_BASE_URL, CMS_CLIENT_ID and CMS_TOKEN set).
 *
 * When the CLI runs compiled (dist/), it names the compiled tests in the provided run, and the worker imports
 * them natively: vitest.config.ts has vitest leave dist/ to Node. Otherwise the sources go through vitest's
 * module runner, each of the checks' hundreds of modules a round trip to the main thread; loading them
 * natively takes about 0.25 s off the start-up to the first check request (issue 28.3, BENCHMARKS.md).
 */
import { afterAll, inject, test } from "vitest";
import { startWorkerProfile, stopWorkerProfile } from "../../runner/execute/vitest/profileWorker.js";
import { RUN_KEY } from "../../runner/execute/vitest/vitestBridge.js";

// Started before the checks load, so that `npm run bench -- --profile`'s profile of the worker holds their loading.
await startWorkerProfile();
const run = inject(RUN_KEY);
const { registerConformanceTests }: typeof import("./registerConformanceTests.js") =
  run.compiledTests === undefined
    ? await import("./registerConformanceTests.js")
    : await import(/* @vite-ignore */ run.compiledTests);
registerConformanceTests(run, { afterAll, test, onChecksDone: stopWorkerProfile });

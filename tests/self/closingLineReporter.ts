/** Prints the plain closing line CI reads: "N passed, N failed" (and skipped when any). */
import type { Reporter, TestModule } from "vitest/node";

/** Counts test outcomes over the whole run. */
export default class ClosingLineReporter implements Reporter {
  onTestRunEnd(testModules: ReadonlyArray<TestModule>): void {
    let passed = 0;
    let failed = 0;
    let skipped = 0;
    for (const module of testModules) {
      for (const test of module.children.allTests()) {
        const state = test.result().state;
        if (state === "passed") passed += 1;
        else if (state === "failed") failed += 1;
        else skipped += 1;
      }
      // A file that failed to load has no tests but must still count as a failure.
      if (module.state() === "failed" && [...module.children.allTests()].length === 0) failed += 1;
    }
    const tail = skipped > 0 ? `, ${skipped} skipped` : "";
    process.stdout.write(`\n${passed} passed, ${failed} failed${tail}\n`);
  }
}

import { fileURLToPath } from "node:url";
import { defineConfig } from "vitest/config";
import { conformanceProject } from "./runner/execute/vitest/conformanceProject.js";

export default defineConfig({
  test: {
    reporters: ["default", "./tests/self/closingLineReporter.ts"],
    // Much self-test time waits on loopback servers and Retry-After, not on the CPU: four workers on a
    // two-core machine keep both cores busy while some of them wait.
    maxWorkers: 4,
    // The TypeScript vitest transformed, kept in node_modules/.experimental-vitest-cache by file content (as
    // cms-conformance run keeps it): a second npm test transforms only what changed.
    experimental: { fsModuleCache: true },
    projects: [
      {
        test: {
          name: "self",
          include: ["tests/self/**/*.test.ts"],
          testTimeout: 60_000,
          // expect.poll waits for something to happen, not for it to happen fast: 1 s (vitest's default) is
          // a verdict on the machine's speed.
          expect: { poll: { timeout: 30_000 } },
          // The files of a worker share its loaded modules instead of each loading the product again
          // (issue 25.5: 204 s → 143 s wall, 327 s → 215 s CPU on 2 cores). Files leave no state behind:
          // servers, sessions and stubbed variables are closed or restored in afterAll/afterEach.
          isolate: false,
        },
      },
      // The checks themselves; cms-conformance run selects this project and provides the settings.
      conformanceProject(fileURLToPath(new URL(".", import.meta.url)), true),
    ],
  },
});

import { defineConfig } from "vitest/config";

export default defineConfig({
  test: {
    reporters: ["default", "./tests/self/closingLineReporter.ts"],
    // Most self-test time waits on loopback servers and Retry-After, not on the CPU: three workers on a
    // two-core machine run the suite in about 3 minutes instead of about 5 (one worker per core less one).
    maxWorkers: 3,
    projects: [
      {
        test: {
          name: "self",
          include: ["tests/self/**/*.test.ts"],
          testTimeout: 60_000,
        },
      },
      {
        // The checks themselves; cms-conformance run selects this project and provides the settings.
        test: {
          name: "conformance",
          include: ["tests/conformance/**/*.test.ts"],
          globalSetup: ["tests/conformance/globalSetup.ts"],
          testTimeout: 600_000,
          hookTimeout: 60_000,
          maxConcurrency: 8,
          pool: "threads",
        },
      },
    ],
  },
});

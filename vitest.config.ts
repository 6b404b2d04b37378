import { defineConfig } from "vitest/config";

export default defineConfig({
  test: {
    reporters: ["default", "./tests/self/closingLineReporter.ts"],
    projects: [
      {
        test: {
          name: "self",
          include: ["tests/self/**/*.test.ts"],
          testTimeout: 60_000,
        },
      },
    ],
  },
});

/**
 * The conformance project's vitest options, in one place: vitest.config.ts lists them for
 * `vitest --project conformance`, and the CLI hands them to createVitest itself, so that a run
 * loads no config file (Vite would bundle vitest.config.ts first: about 30 ms of the start-up).
 */

/**
 * The options of the project that runs the checks, for the package at `root` (a folder path ending in "/").
 * `plansItself`: vitest runs the project alone (`vitest --project conformance`), so its globalSetup reads the
 * settings from the environment and plans the run; the CLI plans and provides the run itself and leaves the
 * globalSetup out (loading it through Vite's module runner delayed the worker's start by 0.05-0.09 s).
 */
export function conformanceProject(root: string, plansItself: boolean) {
  const compiled = `${root}dist/`;
  return {
    test: {
      name: "conformance",
      include: ["tests/conformance/**/*.test.ts"],
      ...(plansItself ? { globalSetup: ["tests/conformance/globalSetup.ts"] } : {}),
      testTimeout: 600_000,
      hookTimeout: 60_000,
      maxConcurrency: 32,
      pool: "threads" as const,
      // Node, not vitest's module runner, loads the compiled product (tests/conformance/conformance.test.ts says when).
      server: { deps: { external: [new RegExp(`^${compiled.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}`)] } },
    },
  };
}

/** The conformance project's vitest options (runner/execute/vitest/conformanceProject.ts). */
import { describe, expect, it } from "vitest";
import { conformanceProject } from "../../../../../runner/execute/vitest/conformanceProject.js";

describe("conformanceProject", () => {
  it("has the globalSetup that plans the run only when vitest runs the project alone", () => {
    expect(conformanceProject("/pkg/", true).test.globalSetup).toEqual(["tests/conformance/globalSetup.ts"]);
    expect(conformanceProject("/pkg/", false).test).not.toHaveProperty("globalSetup");
  });

  it("leaves to Node exactly the package's dist/ folder, its root taken literally", () => {
    const [compiled] = conformanceProject("/work/a.b+c/", false).test.server.deps.external;
    expect(compiled?.test("/work/a.b+c/dist/checks/registerConformanceTests.js")).toBe(true);
    expect(compiled?.test("/work/aXb+c/dist/x.js")).toBe(false);
    expect(compiled?.test("/work/a.bbc/dist/x.js")).toBe(false);
    expect(compiled?.test("/work/a.b+c/distant/x.js")).toBe(false);
    expect(compiled?.test("/elsewhere/work/a.b+c/dist/x.js")).toBe(false);
    expect(compiled?.test("/work/a.b+c/checks/registerConformanceTests.ts")).toBe(false);
  });

  it("runs the checks' test file in threads, 16 tests at once", () => {
    const { test } = conformanceProject("/pkg/", false);
    expect(test).toMatchObject({
      name: "conformance",
      include: ["tests/conformance/**/*.test.ts"],
      pool: "threads",
      maxConcurrency: 32,
    });
  });
});

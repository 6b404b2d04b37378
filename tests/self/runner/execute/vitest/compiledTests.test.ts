/** The compiled tests the CLI names to the vitest worker: only when the CLI itself runs compiled (issue 28.3). */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { compiledTestsPath } from "../../../../../runner/execute/vitest/compiledTests.js";

let root: string;
const moduleUrl = (file: string) => pathToFileURL(join(root, file)).href;
const body = () => join(root, "dist", "checks", "registerConformanceTests.js");

beforeEach(() => {
  root = mkdtempSync(join(tmpdir(), "cms-compiled-tests-"));
  mkdirSync(join(root, "dist", "checks"), { recursive: true });
  writeFileSync(body(), "export {};\n");
});
afterEach(() => rmSync(root, { recursive: true, force: true }));

describe("compiledTestsPath", () => {
  it("names the compiled tests beside a compiled module (dist/runner/execute/vitest/)", () => {
    expect(compiledTestsPath(moduleUrl("dist/runner/execute/vitest/compiledTests.js"))).toBe(body());
  });

  it("names nothing when the module runs from its TypeScript source", () => {
    mkdirSync(join(root, "checks"), { recursive: true });
    writeFileSync(join(root, "checks", "registerConformanceTests.js"), "export {};\n");
    expect(compiledTestsPath(moduleUrl("runner/execute/vitest/compiledTests.ts"))).toBeUndefined();
  });

  it("names nothing when the compiled tests are missing", () => {
    rmSync(body());
    expect(compiledTestsPath(moduleUrl("dist/runner/execute/vitest/compiledTests.js"))).toBeUndefined();
  });

  it("names nothing for a module that is not a file", () => {
    expect(compiledTestsPath("data:text/javascript,export{}//.js")).toBeUndefined();
  });

  it("defaults to its own module: from the sources, as npm test runs it, nothing", () => {
    expect(compiledTestsPath()).toBeUndefined();
  });
});

/**
 * The compiled conformance tests the worker may load natively (tests/conformance/conformance.test.ts): only
 * when the CLI itself runs compiled, i.e. when the bin found dist/ current (bin/compiledBuild.mjs) and loaded
 * this module from there. Run from the sources (tsx), the worker loads the sources too, never a stale dist/.
 */
import { existsSync } from "node:fs";
import { fileURLToPath } from "node:url";

/** The compiled tests' path when `moduleUrl` (this module's own, by default) is compiled JavaScript; otherwise undefined. */
export function compiledTestsPath(moduleUrl: string = import.meta.url): string | undefined {
  if (!moduleUrl.startsWith("file:") || !moduleUrl.endsWith(".js")) return undefined;
  const path = fileURLToPath(new URL("../../../checks/registerConformanceTests.js", moduleUrl));
  return existsSync(path) ? path : undefined;
}

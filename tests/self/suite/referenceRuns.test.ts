/**
 * Whole runs through the engine (runConformance, in process) against the reference server: it
 * passes with nearly every check executed, strict fails exactly where default warns, and a seed
 * replays the same counterexample. Check by check verdicts are the matrix's (verdictMatrix.test.ts).
 */
import { describe, expect, it } from "vitest";
import { startReferenceServer } from "../../../reference/startReferenceServer.js";
import { referenceRunConfig, variantRunConfig } from "../../../reference/referenceRunConfig.js";
import { runInProcess } from "./runInProcess.js";

describe("a whole run against the reference server", () => {
  it("passes, with no failure, no error, no warning, and at least 90 % of the verdicts executed", async () => {
    const server = await startReferenceServer({ seed: 3 });
    try {
      const report = await runInProcess(referenceRunConfig(server), { timeoutMs: 60_000 });
      expect(
        report.results
          .filter((result) => result.outcome !== "passed" && result.outcome !== "skipped")
          .map(
            (result) => `${result.outcome} ${result.checkId} [${result.operation}]: ${result.message.slice(0, 300)}`,
          ),
      ).toEqual([]);
      expect(report.verdict).toBe("pass");
      const executed = report.results.filter((result) => result.outcome !== "skipped").length;
      expect(executed / report.results.length).toBeGreaterThanOrEqual(0.9);
    } finally {
      await server.close();
    }
  });

  it("fails under --profile strict only where the default profile warns", async () => {
    const server = await startReferenceServer({ seed: 3 });
    try {
      // Its error answers are application/problem+json: a departure from register response-content-type.
      const config = variantRunConfig(server, "problem-json-errors");
      const lenient = await runInProcess(config, { checks: ["http.json-content-type"] });
      const strict = await runInProcess(config, { checks: ["http.json-content-type"], profile: "strict" });
      const warned = lenient.results.filter((result) => result.outcome === "warning").map((result) => result.operation);
      expect(warned.length).toBeGreaterThan(0);
      expect(
        lenient.results.filter((result) => result.outcome === "warning").map((result) => result.registerRefs),
      ).toEqual(warned.map(() => ["response-content-type"]));
      expect(strict.results.filter((result) => result.outcome === "failed").map((result) => result.operation)).toEqual(
        warned,
      );
    } finally {
      await server.close();
    }
  });

  it("replays the same counterexample from the same seed", async () => {
    const server = await startReferenceServer({ seed: 5, fault: "malformed-json-500" });
    try {
      const runs = await Promise.all(
        [1, 2].map(() =>
          runInProcess(referenceRunConfig(server), {
            checks: ["http.no-server-error"],
            operations: ["getWidget"],
            seed: 42,
          }),
        ),
      );
      const [first, second] = runs.map((report) => report.results[0]);
      expect(first?.outcome).toBe("failed");
      expect(second?.message).toBe(first?.message);
      expect(second?.evidence.map((item) => item.exchange.request.body)).toEqual(
        first?.evidence.map((item) => item.exchange.request.body),
      );
    } finally {
      await server.close();
    }
  });
});

/** serve --latency (issue 28.4): every answer of the reference waits the latency first, the first one included. */
import { describe, expect, it } from "vitest";
import { startReferenceServer } from "../../../reference/startReferenceServer.js";
import { callOperation } from "./referenceClient.js";

describe("the reference server's latency", () => {
  it("delays every answer by at least the latency asked, and answers as without it", async () => {
    const slow = await startReferenceServer({ seed: 2, latencyMs: 150 });
    const plain = await startReferenceServer({ seed: 2 });
    try {
      const started = performance.now();
      const answer = await callOperation(slow, "listLandingPages", {});
      // A lower bound only: a loaded machine may take longer, never less.
      expect(performance.now() - started).toBeGreaterThanOrEqual(145);
      expect(answer.status).toBe(200);
      const reference = await callOperation(plain, "listLandingPages", {});
      expect(Object.keys(answer.json as object)).toEqual(Object.keys(reference.json as object));
    } finally {
      await slow.close();
      await plain.close();
    }
  });
});

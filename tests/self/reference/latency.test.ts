/** serve --latency (issue 28.4): every answer of the reference waits the latency first, the first one included. */
import { describe, expect, it } from "vitest";
import { startReferenceServer } from "../../../reference/startReferenceServer.js";
import { answerDelay } from "./answerDelay.js";
import { callOperation, headersFor, PATHS } from "./referenceClient.js";

describe("the reference server's latency", () => {
  it("delays every answer by the latency asked, and answers as without it", async () => {
    const slow = await startReferenceServer({ seed: 2, latencyMs: 150 });
    const plain = await startReferenceServer({ seed: 2 });
    try {
      // On a fake clock that moves only once the server holds its answer on a timer: exactly the latency.
      const delayed = await answerDelay(`${slow.baseUrl}${PATHS.listLandingPages}`, headersFor(slow, "admin"), {});
      expect(delayed).toEqual({ status: 200, delayMs: 150 });
      const answer = await callOperation(slow, "listLandingPages", {});
      expect(answer.status).toBe(200);
      const reference = await callOperation(plain, "listLandingPages", {});
      expect(Object.keys(answer.json as object)).toEqual(Object.keys(reference.json as object));
    } finally {
      await slow.close();
      await plain.close();
    }
  });
});

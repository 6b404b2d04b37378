/** --max-run-time counts from the start of the run (its preflight included), not from the client's creation. */
import { describe, expect, it } from "vitest";
import { createHttpClient } from "../../../runner/http/createHttpClient.js";
import { SECRETS } from "./httpTestKit.js";

describe("the run's clock", () => {
  it("stops a client made after the run's time was spent, and names the limit as given", async () => {
    const client = createHttpClient({
      baseUrl: "http://127.0.0.1:9",
      maxRunTimeMs: 60_000,
      runStartedAt: Date.now() - 61_000,
      secrets: SECRETS,
    });
    try {
      expect(client.stopped()?.message).toMatch(/^the run passed its time limit \(--max-run-time 60 s\)/);
    } finally {
      await client.close();
    }
  });

  it("lets a client made inside the run's time send", async () => {
    const client = createHttpClient({
      baseUrl: "http://127.0.0.1:9",
      maxRunTimeMs: 60_000,
      runStartedAt: Date.now() - 1_000,
      secrets: SECRETS,
    });
    try {
      expect(client.stopped()).toBeUndefined();
    } finally {
      await client.close();
    }
  });
});

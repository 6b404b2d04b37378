/**
 * createHttpClient's refusals and requests it cannot build (issue 25.3): each invalid option names itself and
 * the value, and a request that cannot be built becomes an exchange that says why, never a thrown error.
 */
import { describe, expect, it } from "vitest";
import { createHttpClient } from "../../../../runner/http/createHttpClient.js";

const BASE = { baseUrl: "http://127.0.0.1:9", secrets: [] };

describe("createHttpClient", () => {
  it("refuses each invalid option with its name and value", () => {
    expect(() => createHttpClient({ ...BASE, baseUrl: "ftp://h" })).toThrow(
      new RangeError("baseUrl must be an http(s) URL, received ftp:"),
    );
    for (const [name, value] of [
      ["timeoutMs", 0],
      ["timeoutMs", Number.POSITIVE_INFINITY],
      ["maxResponseBytes", -1],
      ["maxConsecutiveTransportFailures", Number.NaN],
      ["maxRunTimeMs", 0],
    ] as const)
      expect(() => createHttpClient({ ...BASE, [name]: value }), name).toThrow(
        new RangeError(`${name} must be a positive number, received ${String(value)}`),
      );
    for (const [name, value] of [
      ["max429Retries", -1],
      ["max429Retries", 1.5],
      ["maxRetryWaitMs", -5],
    ] as const)
      expect(() => createHttpClient({ ...BASE, [name]: value }), name).toThrow(
        new RangeError(`${name} must be a whole number ≥ 0, received ${String(value)}`),
      );
    expect(() => createHttpClient({ ...BASE, max429Retries: 0, maxRetryWaitMs: 0, timeoutMs: 1 })).not.toThrow();
  });

  it("makes an exchange that says why of a request it cannot build, sending nothing", async () => {
    const client = createHttpClient(BASE);
    try {
      const nothing = await client.send({ path: "/x", headers: {}, body: { json: undefined } });
      expect(nothing.failure).toEqual({
        kind: "other",
        message: "the request could not be built: the JSON body serialises to nothing.",
      });
      expect(client.stats().requests).toBe(0);
      expect(client.stats().transportFailures).toBe(1);
    } finally {
      await client.close();
    }
  });
});

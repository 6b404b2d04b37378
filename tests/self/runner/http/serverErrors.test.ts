/**
 * A 500 to everything is a response (the checks judge it), not a transport failure; a 503 to everything is the
 * target not available: retried, then an "unavailable" failure (retryNotNow.test.ts tests the waits).
 */
import { describe, expect, it } from "vitest";
import { createHttpClient } from "../../../../runner/http/createHttpClient.js";
import { startHostileTarget } from "../../../../reference/transport/hostileTarget.js";
import { postRequest, SECRETS } from "./httpTestKit.js";

describe("server errors", () => {
  it("500 to every path: a response with the status, no failure, JSON parsed, nothing retried", async () => {
    const target = await startHostileTarget({ behaviour: "error-500" });
    const client = createHttpClient({ baseUrl: target.baseUrl, timeoutMs: 2_000, secrets: SECRETS });
    const paths = ["/platform/cms/getWidget", "/platform/authorization/getRoleFilters"];
    for (const path of paths) {
      const exchange = await client.send(postRequest(path));
      expect(exchange.response?.status).toBe(500);
      expect(exchange.failure).toBeUndefined();
      expect(exchange.isJson).toBe(true);
    }
    expect(client.stats()).toEqual({ requests: 2, retries429: 0, transportFailures: 0 });
    await client.close();
    await target.close();
  });

  it("503 to every path, with --max-retry-wait 0: the answer kept as an unavailable failure", async () => {
    const target = await startHostileTarget({ behaviour: "error-503" });
    const client = createHttpClient({ baseUrl: target.baseUrl, timeoutMs: 2_000, maxRetryWaitMs: 0, secrets: SECRETS });
    const exchange = await client.send(postRequest("/platform/cms/getWidget"));
    expect(exchange.response?.status).toBe(503);
    expect(exchange.failure).toEqual({
      kind: "unavailable",
      message:
        "the target still answered 503 (unavailable) after 0 retries over 0 s (--max-retry-wait 0 s); the target was not available to judge; raise --max-retry-wait, or run when it is.",
    });
    await client.close();
    await target.close();
  });
});

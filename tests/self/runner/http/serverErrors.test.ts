/** 500 and 503 to everything are responses (the checks judge them), not transport failures. */
import { describe, expect, it } from "vitest";
import { createHttpClient } from "../../../../runner/http/createHttpClient.js";
import { startHostileTarget } from "../../../../reference/transport/hostileTarget.js";
import { postRequest, SECRETS } from "./httpTestKit.js";

describe("server errors", () => {
  for (const [behaviour, status] of [
    ["error-500", 500],
    ["error-503", 503],
  ] as const) {
    it(`${status} to every path: a response with the status, no failure, JSON parsed`, async () => {
      const target = await startHostileTarget({ behaviour });
      const client = createHttpClient({ baseUrl: target.baseUrl, timeoutMs: 2_000, secrets: SECRETS });
      const paths = ["/platform/cms/getWidget", "/platform/authorization/getRoleFilters"];
      for (const path of paths) {
        const exchange = await client.send(postRequest(path));
        expect(exchange.response?.status).toBe(status);
        expect(exchange.failure).toBeUndefined();
        expect(exchange.isJson).toBe(true);
      }
      expect(client.stats()).toEqual({ requests: 2, retries429: 0, transportFailures: 0 });
      await client.close();
      await target.close();
    });
  }
});

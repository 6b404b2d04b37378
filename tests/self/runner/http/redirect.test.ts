/** A 3xx is returned as it is: never followed, so credentials never reach the other host. */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createHttpClient } from "../../../../runner/http/createHttpClient.js";
import { startHostileTarget, type HostileTarget } from "../../../../reference/transport/hostileTarget.js";
import { expectNoSecrets, postRequest, SECRETS, writtenCopy } from "./httpTestKit.js";

let target: HostileTarget;
beforeAll(async () => {
  target = await startHostileTarget();
});
afterAll(async () => {
  await target.close();
});

describe("redirects", () => {
  it("302 to another host: redirect failure, status kept, the other host never contacted", async () => {
    const client = createHttpClient({ baseUrl: target.baseUrlFor("redirect"), timeoutMs: 2_000, secrets: SECRETS });
    const exchange = await client.send(postRequest("/platform/cms/getWidget"));
    await client.close();
    expect(exchange.response?.status).toBe(302);
    expect(exchange.failure?.kind).toBe("redirect");
    expect(exchange.failure?.message).toMatch(
      /^redirect \(302\) to http:\/\/localhost:\d+\/collect\/redirect\/platform\/cms\/getWidget not followed\.$/,
    );
    expect(exchange.response?.headers["location"]).toMatch(/^http:\/\/localhost:/);
    expect(target.hits("/redirect/platform/cms/getWidget")).toBe(1);
    expect(target.decoyRequests()).toEqual([]);
    expectNoSecrets(writtenCopy(exchange));
  });
});

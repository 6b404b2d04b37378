/** stats() counts attempts, 429 waits and failures; durationsByPath() feeds the timing chart. */
import { describe, expect, it } from "vitest";
import { createHttpClient } from "../../../../runner/http/createHttpClient.js";
import { startHostileTarget, unusedBaseUrl } from "../../../../reference/transport/hostileTarget.js";
import { postRequest, SECRETS } from "./httpTestKit.js";
import { onEventClock } from "./onEventClock.js";

describe("stats and durations", () => {
  it("records a duration per answered request, by path, and counts what happened", async () => {
    const target = await startHostileTarget({ slowMs: 40, rateLimitedTimes: 1, retryAfter: "0" });
    const client = createHttpClient({ baseUrl: target.origin, timeoutMs: 300, secrets: SECRETS });
    // On the event clock, so that the durations are the target's own delays and a loaded machine's slowness is never
    // a timeout. The slow and the unanswered requests wait on timers at the target: they are held, not on the wire.
    const held = (): number => target.requests().filter((request) => request.endedAt === undefined).length;
    await onEventClock(
      async () => {
        await client.send(postRequest("/slow/a"));
        await client.send(postRequest("/slow/a?page=2"));
        await client.send(postRequest("/ok/b"));
        await client.send(postRequest("/rate-limited/c"));
        await client.send(postRequest("/never-answer/d"));
      },
      { held },
    );
    const durations = client.durationsByPath();
    expect([...durations.keys()].sort()).toEqual(["/ok/b", "/rate-limited/c", "/slow/a"]);
    expect(durations.get("/slow/a")).toEqual([40, 40]);
    expect(durations.get("/ok/b")).toEqual([0]);
    // 5 sends, one of them retried once after a 429; one timed out.
    expect(client.stats()).toMatchObject({ requests: 6, retries429: 1, transportFailures: 1 });
    await client.close();
    await target.close();
  });

  it("close() is idempotent when idle (a close that waited on something would hang to the test's timeout)", async () => {
    const client = createHttpClient({ baseUrl: await unusedBaseUrl(), secrets: SECRETS });
    await client.send(postRequest("/x"));
    await client.close();
    await client.close();
    expect(client.stats().transportFailures).toBe(1);
  });
});

/**
 * Infrastructure is not a rule breach (issue 13.3): after consecutive transport failures the
 * client stops sending and says why in every exchange it did not send; the run's time limit
 * (--max-run-time) stops it the same way.
 */
import { afterEach, describe, expect, it } from "vitest";
import { createHttpClient, HTTP_CLIENT_DEFAULTS } from "../../../../../runner/http/createHttpClient.js";
import type { HttpClient } from "../../../../../runner/http/types.js";
import {
  startHostileTarget,
  unusedBaseUrl,
  type HostileTarget,
} from "../../../../../reference/transport/hostileTarget.js";
import { postRequest, SECRETS } from "../httpTestKit.js";

let target: HostileTarget | undefined;
let client: HttpClient | undefined;
afterEach(async () => {
  await client?.close();
  await target?.close();
  client = undefined;
  target = undefined;
});

describe("the circuit breaker", () => {
  it("trips after 5 consecutive transport failures by default", () => {
    expect(HTTP_CLIENT_DEFAULTS.maxConsecutiveTransportFailures).toBe(5);
  });

  it("nothing listens: after 5 refusals the next sends fail at once, naming when and why, without a request", async () => {
    client = createHttpClient({ baseUrl: await unusedBaseUrl(), timeoutMs: 1_000, secrets: SECRETS });
    for (let i = 0; i < 5; i += 1)
      expect((await client.send(postRequest(`/x${i}`))).failure?.kind).toBe("connection-refused");
    const stop = client.stopped();
    expect(stop?.message).toMatch(
      /^the target stopped answering at \d{4}-\d\d-\d\dT[\d:.]+Z after 5 consecutive transport failures \(last: connection refused by http:\/\/127\.0\.0\.1:\d+: is the target running\?\)$/,
    );
    const exchange = await client.send(postRequest("/after"));
    expect(exchange.failure).toEqual({
      kind: "stopped",
      message: `stopped: ${stop?.message}; the request was not sent.`,
    });
    // Failed at once: no sixth request left the client.
    expect(client.stats()).toMatchObject({ requests: 5, transportFailures: 5 });
  });

  it("one path that keeps failing is stopped alone while the others are still sent (issue 23.2)", async () => {
    target = await startHostileTarget();
    client = createHttpClient({
      baseUrl: target.origin,
      timeoutMs: 300,
      maxConsecutiveTransportFailures: 3,
      secrets: SECRETS,
    });
    expect((await client.send(postRequest("/ok/list"))).failure).toBeUndefined();
    for (let i = 0; i < 3; i += 1)
      expect((await client.send(postRequest("/reset-mid-body/read"))).failure?.kind).toBe("connection-reset");
    const skipped = await client.send(postRequest("/reset-mid-body/read"));
    expect(skipped.failure?.kind).toBe("stopped");
    expect(skipped.failure?.message).toMatch(
      /^stopped: the target at \/reset-mid-body\/read stopped answering at .+ after 3 consecutive transport failures \(last: the target reset the connection mid-body/,
    );
    expect(client.stopped()).toBeUndefined();
    expect((await client.send(postRequest("/ok/list"))).failure).toBeUndefined();
    expect(client.stats().requests).toBe(5);
  });

  it("stops the run once every path it used is stopped, naming each", async () => {
    target = await startHostileTarget();
    client = createHttpClient({
      baseUrl: target.origin,
      timeoutMs: 300,
      maxConsecutiveTransportFailures: 2,
      secrets: SECRETS,
    });
    for (const path of ["/reset-mid-body/a", "/reset-mid-body/b", "/reset-mid-body/a"])
      await client.send(postRequest(path));
    // /a is stopped, /b has been used and is not: the run goes on.
    expect(client.stopped()).toBeUndefined();
    await client.send(postRequest("/reset-mid-body/b"));
    expect(client.stopped()?.message).toMatch(
      /^every path of the target stopped answering \(the target at \/reset-mid-body\/a stopped answering .+; the target at \/reset-mid-body\/b stopped answering .+\)$/,
    );
    expect((await client.send(postRequest("/ok/new"))).failure?.kind).toBe("stopped");
  });

  it("complete answers that are wrong (500, a redirect, HTML) are answers: they never trip it", async () => {
    target = await startHostileTarget();
    client = createHttpClient({ baseUrl: target.origin, maxConsecutiveTransportFailures: 2, secrets: SECRETS });
    for (const path of ["/error-500/a", "/redirect/b", "/non-json/c"]) await client.send(postRequest(path));
    expect(client.stopped()).toBeUndefined();
  });
});

describe("the run's time limit", () => {
  it("once passed, nothing more is sent and the request in flight is cut short, both saying so", async () => {
    target = await startHostileTarget({ lateHeadersMs: 10_000 });
    client = createHttpClient({ baseUrl: target.origin, timeoutMs: 5_000, maxRunTimeMs: 300, secrets: SECRETS });
    // Cut short by the run's limit, not by the request's own 5 s timeout (whose failure would be "timeout").
    const cut = await client.send(postRequest("/late-headers/a"));
    expect(cut.failure?.kind).toBe("stopped");
    expect(cut.failure?.message).toMatch(
      /^stopped: the run passed its time limit \(--max-run-time 0\.3 s\) at .+; the request was cut short\.$/,
    );
    const later = await client.send(postRequest("/ok/b"));
    expect(later.failure?.message).toMatch(/^stopped: the run passed its time limit .+; the request was not sent\.$/);
    expect(target.hits("/ok/b")).toBe(0);
  });
});

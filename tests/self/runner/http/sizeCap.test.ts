/** A 50 MB body is cut at the cap, reported as too-large, and never buffered past the cap. */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createHttpClient, HTTP_CLIENT_DEFAULTS } from "../../../../runner/http/createHttpClient.js";
import { INCOMPLETE_BODY_KEPT_BYTES } from "../../../../runner/http/buildExchange.js";
import { startHostileTarget, type HostileTarget } from "../../../../reference/transport/hostileTarget.js";
import { expectNoSecrets, postRequest, SECRETS, writtenCopy } from "./httpTestKit.js";

const MiB = 1024 * 1024;

let target: HostileTarget;
beforeAll(async () => {
  target = await startHostileTarget({ hugeBytes: 50_000_000 });
});
afterAll(async () => {
  await target.close();
});

/** Peak growth of rss and arrayBuffers over the baseline while `work` runs (sampled every 2 ms). */
async function peakMemoryDelta<T>(work: () => Promise<T>): Promise<{ result: T; rss: number; arrayBuffers: number }> {
  globalThis.gc?.();
  const before = process.memoryUsage();
  let rss = 0;
  let arrayBuffers = 0;
  const sample = (): void => {
    const now = process.memoryUsage();
    rss = Math.max(rss, now.rss - before.rss);
    arrayBuffers = Math.max(arrayBuffers, now.arrayBuffers - before.arrayBuffers);
  };
  const timer = setInterval(sample, 2);
  try {
    const result = await work();
    sample();
    return { result, rss, arrayBuffers };
  } finally {
    clearInterval(timer);
  }
}

describe("response size cap", () => {
  it("defaults to 5 MiB", () => {
    expect(HTTP_CLIENT_DEFAULTS.maxResponseBytes).toBe(5 * MiB);
  });

  it("a 50 MB body: cut at 5 MiB, too-large, memory well under 50 MB", async () => {
    // Far above what the work takes: the cap is judged, not how fast a loaded machine reads 5 MiB.
    const client = createHttpClient({ baseUrl: target.origin, timeoutMs: 60_000, secrets: SECRETS });
    const { result, rss, arrayBuffers } = await peakMemoryDelta(() =>
      client.send(postRequest("/huge/platform/cms/listLandingPages")),
    );
    await client.close();
    const exchange = result;
    expect(exchange.failure).toEqual({ kind: "too-large", message: `response larger than ${5 * MiB} bytes.` });
    expect(exchange.response?.status).toBe(200);
    expect(exchange.response?.truncated).toBe(true);
    // The cut body cannot be judged: only its head is kept as evidence, bodyBytes says how much came.
    expect(exchange.response?.bodyText.length).toBe(INCOMPLETE_BODY_KEPT_BYTES);
    expect(exchange.response?.bodyBytes).toBeGreaterThan(5 * MiB);
    expect(exchange.response?.bodyBytes).toBeLessThan(6 * MiB);
    expect(exchange.isJson).toBe(false);
    // The kept body (5 MiB as bytes, then as a string) is the floor; 50 MB would be the failure.
    expect(arrayBuffers).toBeLessThan(20 * MiB);
    expect(rss).toBeLessThan(40 * MiB);
    // The target stopped streaming soon after the cut: the client read far less than 50 MB.
    expect(target.bytesStreamed()).toBeLessThan(20_000_000);
    expectNoSecrets(writtenCopy(exchange));
    console.info(
      `50 MB body: peak rss +${(rss / MiB).toFixed(1)} MiB, arrayBuffers +${(arrayBuffers / MiB).toFixed(1)} MiB`,
    );
  });

  it("a small cap cuts a small body exactly at the cap", async () => {
    const client = createHttpClient({
      baseUrl: target.origin,
      timeoutMs: 60_000,
      maxResponseBytes: 1000,
      secrets: SECRETS,
    });
    const exchange = await client.send(postRequest("/huge/small"));
    await client.close();
    expect(exchange.failure).toEqual({ kind: "too-large", message: "response larger than 1000 bytes." });
    expect(exchange.response?.bodyText).toBe("a".repeat(1000));
    expect(exchange.response?.truncated).toBe(true);
  });

  it("a body exactly at the cap is whole, not too-large", async () => {
    const client = createHttpClient({ baseUrl: target.origin, maxResponseBytes: 11, secrets: SECRETS });
    const exchange = await client.send(postRequest("/ok/x"));
    await client.close();
    expect(exchange.response?.bodyText).toBe('{"ok":true}');
    expect(exchange.response?.truncated).toBe(false);
    expect(exchange.failure).toBeUndefined();
    expect(exchange.isJson).toBe(true);
  });

  it("control: with a 60 MB cap the same body is held whole, and the measurement sees it", async () => {
    const client = createHttpClient({
      baseUrl: target.origin,
      timeoutMs: 60_000,
      maxResponseBytes: 60_000_000,
      secrets: SECRETS,
    });
    const { result, arrayBuffers } = await peakMemoryDelta(() => client.send(postRequest("/huge/control")));
    await client.close();
    expect(result.failure).toBeUndefined();
    expect(result.response?.bodyBytes).toBe(50_000_000);
    // Proves the bound above has teeth: buffering the body would show up as ~50 MB.
    expect(arrayBuffers).toBeGreaterThan(30 * MiB);
  });
});

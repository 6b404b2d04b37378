/**
 * Odd but legal answers (issue 13.6): a body gzipped unasked is decoded within the size cap (a
 * gzip bomb stops at the cap), a coding the suite cannot read is named, and an unsolicited
 * "100 Continue" before the answer is skipped.
 */
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createHttpClient } from "../../../../runner/http/createHttpClient.js";
import type { HttpClient } from "../../../../runner/http/types.js";
import { startHostileTarget, type HostileTarget } from "../../../../reference/transport/hostileTarget.js";
import { postRequest, SECRETS } from "./httpTestKit.js";

const MiB = 1024 * 1024;

let target: HostileTarget;
let client: HttpClient;
beforeAll(async () => {
  target = await startHostileTarget({ bombBytes: 100_000_000 });
  client = createHttpClient({
    baseUrl: target.origin,
    // Far above what the work takes: what is judged is the cap, not how fast a loaded machine inflates 100 MB.
    timeoutMs: 60_000,
    maxConsecutiveTransportFailures: 1_000,
    secrets: SECRETS,
  });
});
afterAll(async () => {
  await client.close();
  await target.close();
});

/** A server answering every request with `status`, `headers` and raw `body` bytes. */
async function rawServer(headers: Record<string, string>, body: Buffer): Promise<{ origin: string; server: Server }> {
  const server = createServer((_request, response) => response.writeHead(200, headers).end(body));
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return { origin: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, server };
}

describe("Content-Encoding the suite did not ask for", () => {
  it("gzip: decoded and judged as the JSON it is, the coding recorded", async () => {
    const exchange = await client.send(postRequest("/gzip/platform/cms/getWidget"));
    expect(target.requests().at(-1)?.headers["accept-encoding"]).toBeUndefined(); // unasked indeed
    expect(exchange.failure).toBeUndefined();
    expect(exchange.response?.decodedFrom).toBe("gzip");
    expect(exchange.isJson).toBe(true);
    expect(exchange.json).toEqual({ ok: true, encoded: "gzip" });
  });

  it("a gzip bomb (100 MB of zeros in ~100 KB): cut at the cap on the decoded bytes, memory bounded", async () => {
    globalThis.gc?.();
    const before = process.memoryUsage();
    let peak = 0;
    const timer = setInterval(
      () => (peak = Math.max(peak, process.memoryUsage().arrayBuffers - before.arrayBuffers)),
      2,
    );
    const exchange = await client.send(postRequest("/gzip-bomb/x"));
    clearInterval(timer);
    expect(exchange.failure).toEqual({ kind: "too-large", message: `response larger than ${5 * MiB} bytes.` });
    expect(exchange.response?.decodedFrom).toBe("gzip");
    expect(exchange.response?.bodyBytes).toBeLessThan(1 * MiB); // on the wire
    expect(peak).toBeLessThan(40 * MiB);
    console.info(
      `gzip bomb: wire ${exchange.response?.bodyBytes} bytes, peak arrayBuffers +${(peak / MiB).toFixed(1)} MiB`,
    );
  });

  it("a body that does not inflate: a protocol failure naming the coding", async () => {
    const { origin, server } = await rawServer(
      { "content-type": "application/json", "content-encoding": "gzip" },
      Buffer.from('{"not":"gzip"}'),
    );
    const local = createHttpClient({ baseUrl: origin, secrets: SECRETS });
    const exchange = await local.send(postRequest("/x"));
    await local.close();
    server.close();
    expect(exchange.failure?.kind).toBe("protocol");
    expect(exchange.failure?.message).toMatch(
      /^the body declares Content-Encoding gzip but does not decode \(Z_DATA_ERROR\)\.$/,
    );
  });

  it("a coding the suite cannot read: kept as it came, the failure names it", async () => {
    const { origin, server } = await rawServer(
      { "content-type": "application/json", "content-encoding": "zstd" },
      Buffer.from([0x28, 0xb5, 0x2f, 0xfd]),
    );
    const local = createHttpClient({ baseUrl: origin, secrets: SECRETS });
    const exchange = await local.send(postRequest("/x"));
    await local.close();
    server.close();
    expect(exchange.response?.status).toBe(200);
    expect(exchange.failure).toEqual({
      kind: "protocol",
      message:
        'the body is encoded with Content-Encoding "zstd", which the suite cannot decode (it reads gzip, deflate and br).',
    });
  });
});

describe("interim answers", () => {
  it("an unsolicited 100 Continue before the answer is skipped", async () => {
    const exchange = await client.send(postRequest("/continue-100/platform/cms/getWidget"));
    expect(exchange.failure).toBeUndefined();
    expect(exchange.response?.status).toBe(200);
    expect(exchange.json).toEqual({ ok: true, after: "100 Continue" });
  });

  it("the connection stays usable afterwards, and ordinary answers pass through untouched", async () => {
    const answers = await Promise.all(
      ["/ok/a", "/continue-100/b", "/ok/c", "/hostile-strings/d"].map((path) => client.send(postRequest(path))),
    );
    expect(answers.map((exchange) => exchange.response?.status)).toEqual([200, 200, 200, 200]);
    expect(answers.every((exchange) => exchange.failure === undefined)).toBe(true);
  });
});

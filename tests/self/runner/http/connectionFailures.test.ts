/** Refused, reset, truncated and unresolvable targets become the right failure kind, never a rejection. */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { classifyTransportError } from "../../../../runner/http/classifyTransportError.js";
import { createHttpClient } from "../../../../runner/http/createHttpClient.js";
import {
  startHostileTarget,
  unusedBaseUrl,
  type HostileTarget,
} from "../../../../reference/transport/hostileTarget.js";
import { expectNoSecrets, postRequest, postRequestCurl, SECRETS, TOKEN, writtenCopy } from "./httpTestKit.js";

let target: HostileTarget;
beforeAll(async () => {
  target = await startHostileTarget();
});
afterAll(async () => {
  await target.close();
});

describe("connection failures", () => {
  it("nothing listens: connection-refused, one sentence", async () => {
    const baseUrl = await unusedBaseUrl();
    const client = createHttpClient({ baseUrl, timeoutMs: 1_000, secrets: SECRETS });
    const exchange = await client.send(postRequest("/platform/cms/getWidget"));
    await client.close();
    expect(exchange.failure).toEqual({
      kind: "connection-refused",
      message: `connection refused by ${baseUrl}: is the target running?`,
    });
    expect(exchange.response).toBeUndefined();
  });

  it("a secret in the base URL never reaches the message or the recorded URL", async () => {
    const baseUrl = `${await unusedBaseUrl()}/tenant/${TOKEN}`;
    const client = createHttpClient({ baseUrl, timeoutMs: 1_000, secrets: SECRETS });
    const exchange = await client.send(postRequest("/x"));
    await client.close();
    expect(exchange.failure?.kind).toBe("connection-refused");
    expect(writtenCopy(exchange).request.url).toMatch(/\/tenant\/\$CMS_TOKEN\/x$/);
    expect(exchange.curl).toBe(postRequestCurl(`${baseUrl.replace(TOKEN, '"$CMS_TOKEN"')}/x`, "1"));
    expectNoSecrets(writtenCopy(exchange));
  });

  it("reset mid-body: connection-reset with the partial response", async () => {
    const client = createHttpClient({ baseUrl: target.origin, timeoutMs: 2_000, secrets: SECRETS });
    const exchange = await client.send(postRequest("/reset-mid-body/x"));
    await client.close();
    // The target sends RST after 1,010 of the 100,000 bytes it announced. Whether the client's socket
    // reports the reset (ECONNRESET) or only its end (undici's "other side closed") depends on kernel
    // timing: either way an error naming what happened, never an answer.
    const expected: Record<string, RegExp> = {
      "connection-reset": /^the target reset the connection mid-body after \d+ bytes\.$/,
      protocol: /^truncated body: the connection ended after \d+ bytes of the 100000 announced by Content-Length\.$/,
    };
    expect(Object.keys(expected)).toContain(exchange.failure?.kind);
    expect(exchange.failure?.message).toMatch(expected[exchange.failure?.kind ?? ""] ?? /^$/);
    expect(exchange.response?.status).toBe(200);
    expect(exchange.isJson).toBe(false);
  });

  it("Content-Length larger than what follows: protocol, truncated body", async () => {
    const client = createHttpClient({ baseUrl: target.origin, timeoutMs: 2_000, secrets: SECRETS });
    const exchange = await client.send(postRequest("/truncated/x"));
    await client.close();
    expect(exchange.failure).toEqual({
      kind: "protocol",
      message: "truncated body: the connection ended after 18 bytes of the 1000 announced by Content-Length.",
    });
    expect(exchange.response?.bodyText).toBe('{"truncated":"abc"');
    expect(exchange.response?.truncated).toBe(false);
    expect(exchange.isJson).toBe(false);
  });

  it("the target goes away while requests are in flight: every send resolves", async () => {
    const doomed = await startHostileTarget();
    const client = createHttpClient({ baseUrl: doomed.origin, timeoutMs: 1_000, secrets: SECRETS });
    const pending = ["a", "b", "c"].map((name) => client.send(postRequest(`/never-answer/${name}`)));
    await new Promise((resolve) => setTimeout(resolve, 100));
    await doomed.close();
    const exchanges = await Promise.all(pending);
    await client.close();
    for (const exchange of exchanges) expect(["connection-reset", "timeout"]).toContain(exchange.failure?.kind);
  });

  it("a send after close resolves with an 'other' failure", async () => {
    const client = createHttpClient({ baseUrl: target.origin, secrets: SECRETS });
    await client.close();
    const exchange = await client.send(postRequest("/ok/x"));
    expect(exchange.failure).toEqual({ kind: "other", message: "the HTTP client is closed." });
  });

  it("DNS errors (classified without touching the network)", () => {
    const context = {
      timedOut: false,
      timeoutMs: 1000,
      headersReceived: false,
      bytesReceived: 0,
      contentLength: undefined,
      origin: "http://cms.invalid",
    };
    const error = Object.assign(new Error("getaddrinfo ENOTFOUND cms.invalid"), { code: "ENOTFOUND" });
    expect(classifyTransportError(error, context)).toEqual({
      kind: "dns",
      message: "the host name of http://cms.invalid could not be resolved (ENOTFOUND).",
    });
    expect(classifyTransportError(Object.assign(new Error("x"), { code: "EAI_AGAIN" }), context).kind).toBe("dns");
  });

  it("odd errors still classify: parser errors are protocol, unknown ones other, non-Errors too", () => {
    const context = {
      timedOut: false,
      timeoutMs: 1000,
      headersReceived: true,
      bytesReceived: 3,
      contentLength: undefined,
      origin: "http://h",
    };
    expect(
      classifyTransportError(
        Object.assign(new Error("Invalid chunk size"), { code: "HPE_INVALID_CHUNK_SIZE" }),
        context,
      ).kind,
    ).toBe("protocol");
    expect(classifyTransportError("a string", context)).toEqual({
      kind: "other",
      message: "the request failed: a string.",
    });
    expect(classifyTransportError(new Error("boom\nstack"), { ...context, timedOut: true }).kind).toBe("timeout");
  });

  it("a request that cannot be built resolves with 'other' (a header with a newline)", async () => {
    const client = createHttpClient({ baseUrl: target.origin, secrets: SECRETS });
    const exchange = await client.send({ path: "/ok/x", headers: { "x-bad": "a\r\nInjected: 1" } });
    await client.close();
    expect(exchange.failure?.kind).toBe("other");
    expect(target.requests().some((request) => "injected" in request.headers)).toBe(false);
  });
});

/**
 * Proxies (issue 15.2): HTTP_PROXY, HTTPS_PROXY and NO_PROXY are honoured (undici's
 * EnvHttpProxyAgent); plain-http targets go as absolute-URI requests, https ones through CONNECT;
 * proxy credentials are secrets like any other.
 */
import { createServer, type Server } from "node:https";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createHttpClient } from "../../../../runner/http/createHttpClient.js";
import { proxyCredentialSecrets, proxyFromEnvironment } from "../../../../runner/http/proxyFromEnvironment.js";
import { startForwardProxy, type ForwardProxy } from "../../support/forwardProxy.js";
import { startHostileTarget, type HostileTarget } from "../../../../reference/transport/hostileTarget.js";
import { hasOpenssl, makeTestCertificates } from "../../support/testCertificates.js";
import { expectNoSecrets, postRequest, SECRETS, writtenCopy } from "./httpTestKit.js";

const PROXY_USER = "proxy-user";
const PROXY_PASSWORD = "pr0xy-S3CRET-pass";

let target: HostileTarget;
let proxy: ForwardProxy;
let guarded: ForwardProxy;
beforeAll(async () => {
  target = await startHostileTarget();
  proxy = await startForwardProxy();
  guarded = await startForwardProxy(`${PROXY_USER}:${PROXY_PASSWORD}`);
});
afterAll(async () => {
  await target.close();
  await proxy.close();
  await guarded.close();
});

describe("the proxy settings", () => {
  it("come from HTTPS_PROXY, HTTP_PROXY and NO_PROXY, lower case winning as in curl", () => {
    expect(
      proxyFromEnvironment({
        HTTP_PROXY: "http://a:1",
        https_proxy: "http://b:2",
        HTTPS_PROXY: "http://c:3",
        NO_PROXY: "localhost",
      }),
    ).toEqual({ httpProxy: "http://a:1", httpsProxy: "http://b:2", noProxy: "localhost" });
    expect(proxyFromEnvironment({ HTTP_PROXY: " " })).toEqual({});
  });

  it("a proxy URL's credentials are secrets (the password, the pair and its base64)", () => {
    const values = proxyCredentialSecrets({
      httpsProxy: `http://${PROXY_USER}:${PROXY_PASSWORD}@proxy.invalid:3128`,
    }).map((secret) => secret.value);
    expect(values).toEqual(
      expect.arrayContaining([
        PROXY_PASSWORD,
        `${PROXY_USER}:${PROXY_PASSWORD}`,
        Buffer.from(`${PROXY_USER}:${PROXY_PASSWORD}`).toString("base64"),
      ]),
    );
  });
});

describe("requests through a proxy", () => {
  it("HTTP_PROXY: a plain-http target is reached through the proxy as absolute-URI requests", async () => {
    const client = createHttpClient({ baseUrl: target.origin, proxy: { httpProxy: proxy.url }, secrets: SECRETS });
    const exchange = await client.send(postRequest("/ok/via-proxy"));
    await client.close();
    expect(exchange.json).toEqual({ ok: true });
    expect(proxy.forwarded()).toContain(`${target.origin}/ok/via-proxy`);
  });

  it("NO_PROXY naming the target's host: reached directly, the proxy never asked", async () => {
    const before = proxy.forwarded().length + proxy.tunnels().length;
    const client = createHttpClient({
      baseUrl: target.origin,
      proxy: { httpProxy: proxy.url, httpsProxy: proxy.url, noProxy: "example.invalid, 127.0.0.1" },
      secrets: SECRETS,
    });
    const exchange = await client.send(postRequest("/ok/direct"));
    await client.close();
    expect(exchange.json).toEqual({ ok: true });
    expect(proxy.forwarded().length + proxy.tunnels().length).toBe(before);
    expect(target.hits("/ok/direct")).toBe(1);
  });

  it("a proxy with credentials in its URL: they are sent to it, and never written", async () => {
    const withCredentials = guarded.url.replace("http://", `http://${PROXY_USER}:${PROXY_PASSWORD}@`);
    const client = createHttpClient({
      baseUrl: target.origin,
      proxy: { httpProxy: withCredentials },
      secrets: [...SECRETS, ...proxyCredentialSecrets({ httpProxy: withCredentials })],
    });
    const exchange = await client.send(postRequest("/ok/guarded"));
    await client.close();
    expect(exchange.json).toEqual({ ok: true });
    expect(guarded.forwarded()).toContain(`${target.origin}/ok/guarded`);
    const written = JSON.stringify(writtenCopy(exchange));
    expect(written).not.toContain(PROXY_PASSWORD);
    expectNoSecrets(writtenCopy(exchange));
  });

  it("wrong proxy credentials through a tunnel: a proxy failure naming 407 and what to check", async () => {
    const client = createHttpClient({
      baseUrl: "https://cms.example.invalid",
      proxy: { httpsProxy: guarded.url.replace("http://", "http://who:wrong@") },
      timeoutMs: 2_000,
      secrets: SECRETS,
    });
    const exchange = await client.send(postRequest("/x"));
    await client.close();
    expect(exchange.failure?.kind).toBe("proxy");
    expect(exchange.failure?.message).toBe(
      "the proxy refused to connect to https://cms.example.invalid (407); check the user and password in HTTPS_PROXY / HTTP_PROXY.",
    );
  });
});

describe.skipIf(!hasOpenssl())("HTTPS through a proxy", () => {
  let server: Server;
  let origin: string;
  let ca: string;
  beforeAll(async () => {
    const certificates = makeTestCertificates();
    ca = certificates.caPem;
    server = createServer({ key: certificates.serverKey, cert: certificates.serverCert }, (_request, response) =>
      response.writeHead(200, { "content-type": "application/json" }).end('{"tls":true}'),
    );
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    origin = `https://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  });

  it("HTTPS_PROXY: a CONNECT tunnel, the target's certificate checked against --ca-file through it", async () => {
    const client = createHttpClient({ baseUrl: origin, proxy: { httpsProxy: proxy.url }, ca: [ca], secrets: SECRETS });
    const exchange = await client.send(postRequest("/x"));
    await client.close();
    expect(exchange.failure).toBeUndefined();
    expect(exchange.json).toEqual({ tls: true });
    expect(proxy.tunnels()).toContain(origin.replace("https://", ""));
  });

  it("through the tunnel too, an unknown authority is named as such", async () => {
    const client = createHttpClient({
      baseUrl: origin,
      proxy: { httpsProxy: proxy.url },
      timeoutMs: 2_000,
      secrets: SECRETS,
    });
    const exchange = await client.send(postRequest("/x"));
    await client.close();
    expect(exchange.failure?.kind).toBe("tls");
    expect(exchange.failure?.message).toMatch(/signed by an unknown authority/);
  });
});

/** What a run's settings give its HTTP client (createTargetSession): limits, TLS trust, proxies from the environment, the HAR log. */
import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, describe, expect, it, vi } from "vitest";
import { createTargetSession, httpClientOptions } from "../../../../runner/engine/createTargetSession.js";
import { unusedBaseUrl } from "../../../../reference/transport/hostileTarget.js";
import { testSettings } from "./engineDoubles.js";

const PROXY_VARIABLES = ["HTTP_PROXY", "HTTPS_PROXY", "NO_PROXY", "http_proxy", "https_proxy", "no_proxy"];

function withoutProxies(): void {
  for (const name of PROXY_VARIABLES) vi.stubEnv(name, "");
}

afterEach(() => {
  vi.unstubAllEnvs();
});

describe("httpClientOptions", () => {
  it("passes the limits, and leaves out every option the settings do not set", () => {
    withoutProxies();
    const options = httpClientOptions(testSettings());
    expect(options).toMatchObject({
      baseUrl: testSettings().baseUrl,
      timeoutMs: testSettings().timeoutMs,
      concurrency: testSettings().concurrency,
    });
    for (const absent of ["rateLimitPerSecond", "ca", "insecure", "proxy"]) expect(options).not.toHaveProperty(absent);
  });

  it("passes a rate limit, --insecure and the text of every --ca-file", () => {
    withoutProxies();
    const dir = mkdtempSync(join(tmpdir(), "cms-ca-"));
    writeFileSync(join(dir, "a.pem"), "PEM A");
    writeFileSync(join(dir, "b.pem"), "PEM B");
    const options = httpClientOptions(
      testSettings({ rateLimitPerSecond: 7, insecure: true, caFiles: [join(dir, "a.pem"), join(dir, "b.pem")] }),
    );
    expect(options).toMatchObject({ rateLimitPerSecond: 7, insecure: true, ca: ["PEM A", "PEM B"] });
  });

  it("--insecure off is no insecure option at all", () => {
    withoutProxies();
    expect(httpClientOptions(testSettings({ insecure: false }))).not.toHaveProperty("insecure");
  });

  it("takes proxies from the environment, and their credentials as secrets", () => {
    withoutProxies();
    vi.stubEnv("https_proxy", "http://user:s3cret-pass@proxy.test:3128");
    const options = httpClientOptions(testSettings());
    expect(options.proxy).toEqual({ httpsProxy: "http://user:s3cret-pass@proxy.test:3128" });
    // The user:password pair, its Basic encoding and the password alone.
    expect(options.secrets.filter((secret) => secret.placeholder === "$PROXY_CREDENTIALS")).toEqual([
      { value: "user:s3cret-pass", placeholder: "$PROXY_CREDENTIALS" },
      { value: Buffer.from("user:s3cret-pass").toString("base64"), placeholder: "$PROXY_CREDENTIALS" },
      { value: "s3cret-pass", placeholder: "$PROXY_CREDENTIALS" },
    ]);
  });
});

describe("createTargetSession", () => {
  it("keeps every exchange when the run asks for a log (--format har), and none otherwise", async () => {
    withoutProxies();
    const baseUrl = await unusedBaseUrl();
    const logged = createTargetSession(testSettings({ baseUrl, exchangeLogLimit: 10 }));
    const unlogged = createTargetSession(testSettings({ baseUrl }));
    try {
      await logged.send("getWidget", { json: { widgetId: "x" } });
      await unlogged.send("getWidget", { json: { widgetId: "x" } });
      expect(logged.exchangeLog()?.entries.map((entry) => entry.failure?.kind)).toEqual(["connection-refused"]);
      expect(unlogged.exchangeLog()).toBeUndefined();
    } finally {
      await logged.close();
      await unlogged.close();
    }
  });
});

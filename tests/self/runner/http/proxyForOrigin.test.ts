/** proxyForOrigin: the proxy a request to an origin goes through, as undici's EnvHttpProxyAgent chooses it (issue 50.6). */
import { describe, expect, it } from "vitest";
import { classifyTransportError } from "../../../../runner/http/classifyTransportError.js";
import { proxyForOrigin } from "../../../../runner/http/proxyForOrigin.js";

const PROXY = { httpProxy: "http://user:secret@proxy.example:3128", httpsProxy: "http://tls-proxy.example:8080" };

describe("proxyForOrigin", () => {
  it("names the proxy of the origin's scheme, without its credentials, and the variable that set it", () => {
    expect(proxyForOrigin("http://cms.example", PROXY)).toEqual({
      url: "http://proxy.example:3128",
      variable: "HTTP_PROXY",
    });
    expect(proxyForOrigin("https://cms.example", PROXY)).toEqual({
      url: "http://tls-proxy.example:8080",
      variable: "HTTPS_PROXY",
    });
    // undici sends https through HTTP_PROXY when HTTPS_PROXY is not set.
    expect(proxyForOrigin("https://cms.example", { httpProxy: PROXY.httpProxy })?.variable).toBe("HTTP_PROXY");
    expect(proxyForOrigin("http://cms.example", { httpsProxy: PROXY.httpsProxy })).toBeUndefined();
    expect(proxyForOrigin("http://cms.example", undefined)).toBeUndefined();
  });

  it("is none where NO_PROXY spares the host: by name, parent domain, port or '*'", () => {
    for (const noProxy of ["cms.example", ".example", "*.example", "other, cms.example:80", "*"])
      expect(proxyForOrigin("http://cms.example", { ...PROXY, noProxy }), noProxy).toBeUndefined();
    for (const noProxy of ["cms.example:8080", "other.example", "ms.example"])
      expect(proxyForOrigin("http://cms.example", { ...PROXY, noProxy }), noProxy).toBeDefined();
  });
});

describe("a connection that could not be opened through a proxy", () => {
  const context = {
    timedOut: false,
    timeoutMs: 5000,
    headersReceived: false,
    bytesReceived: 0,
    contentLength: undefined,
    origin: "http://cms.example",
    proxy: { url: "http://proxy.example:3128", variable: "HTTP_PROXY" as const },
  };
  const coded = (code: string) => Object.assign(new Error("connect failed"), { code });

  it("is the proxy's failure, naming it, never the target refusing", () => {
    expect(classifyTransportError(coded("ECONNREFUSED"), context)).toEqual({
      kind: "proxy",
      message:
        "connection refused by the proxy http://proxy.example:3128 (HTTP_PROXY), on the way to http://cms.example: " +
        "the request never reached the target; is the proxy running? Check HTTP_PROXY and NO_PROXY.",
    });
    expect(classifyTransportError(coded("ENOTFOUND"), context).message).toMatch(
      /^the host name of the proxy http:\/\/proxy\.example:3128 could not be resolved \(ENOTFOUND\) \(HTTP_PROXY\)/,
    );
    expect(classifyTransportError(coded("UND_ERR_CONNECT_TIMEOUT"), context).message).toMatch(
      /^could not connect to the proxy http:\/\/proxy\.example:3128 within 5000 ms/,
    );
  });

  it("without a proxy stays the target's", () => {
    const { proxy: _none, ...direct } = context;
    expect(classifyTransportError(coded("ECONNREFUSED"), direct)).toEqual({
      kind: "connection-refused",
      message: "connection refused by http://cms.example: is the target running?",
    });
  });
});

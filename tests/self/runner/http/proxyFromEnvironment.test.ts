/** proxyFromEnvironment and proxyCredentialSecrets: the proxy settings and the secrets a proxy URL carries. */
import { describe, expect, it } from "vitest";
import { proxyCredentialSecrets, proxyFromEnvironment } from "../../../../runner/http/proxyFromEnvironment.js";

const values = (proxy: Parameters<typeof proxyCredentialSecrets>[0]) =>
  proxyCredentialSecrets(proxy).map((secret) => secret.value);

describe("proxyFromEnvironment", () => {
  it("trims the values it takes", () => {
    expect(proxyFromEnvironment({ HTTP_PROXY: " http://a:1 ", no_proxy: "\tlocalhost " })).toStrictEqual({
      httpProxy: "http://a:1",
      noProxy: "localhost",
    });
  });
});

describe("proxyCredentialSecrets", () => {
  it("finds none in proxy URLs without a user or a password", () => {
    expect(proxyCredentialSecrets({ httpProxy: "http://proxy.invalid:3128", httpsProxy: "not a URL" })).toEqual([]);
  });

  it("takes the pair as written and decoded, its base64 and the password as written and decoded", () => {
    expect(proxyCredentialSecrets({ httpsProxy: "http://us%40er:p%40ss@proxy.invalid:3128" })).toEqual([
      { value: "us%40er:p%40ss", placeholder: "$PROXY_CREDENTIALS" },
      { value: "us@er:p@ss", placeholder: "$PROXY_CREDENTIALS" },
      { value: Buffer.from("us@er:p@ss").toString("base64"), placeholder: "$PROXY_CREDENTIALS" },
      { value: "p@ss", placeholder: "$PROXY_CREDENTIALS" },
      { value: "p%40ss", placeholder: "$PROXY_CREDENTIALS" },
    ]);
  });

  it("takes a user without a password, but no empty password", () => {
    expect(values({ httpProxy: "http://user@proxy.invalid:3128" })).toEqual(["user:", "dXNlcjo="]);
  });

  it("leaves out a password that is only a colon, which every text has", () => {
    expect(values({ httpProxy: "http://u:%3A@proxy.invalid" })).toEqual(["u:%3A", "u::", "dTo6", "%3A"]);
  });
});

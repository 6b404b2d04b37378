/**
 * The proxies of a run: HTTPS_PROXY, HTTP_PROXY and NO_PROXY (or their lower-case forms, which
 * win, as in curl), and the credentials a proxy URL carries, which are secrets like any other.
 */
import type { ProxySettings } from "./types.js";

/** Proxy settings from environment variables (process.env by default); empty when none is set. */
export function proxyFromEnvironment(env: Readonly<Record<string, string | undefined>> = process.env): ProxySettings {
  const pick = (name: string): string | undefined => {
    const value = env[name.toLowerCase()] ?? env[name.toUpperCase()];
    return value === undefined || value.trim() === "" ? undefined : value.trim();
  };
  const httpProxy = pick("http_proxy");
  const httpsProxy = pick("https_proxy");
  const noProxy = pick("no_proxy");
  return {
    ...(httpProxy ? { httpProxy } : {}),
    ...(httpsProxy ? { httpsProxy } : {}),
    ...(noProxy ? { noProxy } : {}),
  };
}

/**
 * The secrets a proxy URL carries (http://user:password@proxy:3128): the password, "user:password"
 * and its base64 (the Proxy-Authorization value), each shown as $PROXY_CREDENTIALS.
 */
export function proxyCredentialSecrets(proxy: ProxySettings): { value: string; placeholder: string }[] {
  const secrets: { value: string; placeholder: string }[] = [];
  for (const uri of [proxy.httpProxy, proxy.httpsProxy]) {
    if (uri === undefined) continue;
    let url: URL;
    try {
      url = new URL(uri);
    } catch {
      continue;
    }
    if (url.password === "" && url.username === "") continue;
    const user = decodeURIComponent(url.username);
    const password = decodeURIComponent(url.password);
    const pair = `${user}:${password}`;
    for (const value of [
      `${url.username}:${url.password}`,
      pair,
      Buffer.from(pair).toString("base64"),
      password,
      url.password,
    ]) {
      if (value !== "" && value !== ":" && !secrets.some((secret) => secret.value === value))
        secrets.push({ value, placeholder: "$PROXY_CREDENTIALS" });
    }
  }
  return secrets;
}

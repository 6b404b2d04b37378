/**
 * Which proxy a request to an origin goes through, as undici's EnvHttpProxyAgent (createDispatcher.ts)
 * chooses it: none when NO_PROXY names the host (or a parent domain, or "*"); for an https origin
 * HTTPS_PROXY, else HTTP_PROXY; for an http origin HTTP_PROXY. Transport failures name this hop when
 * it is the one that failed (classifyTransportError.ts).
 */
import type { ProxySettings } from "./types.js";

/** The proxy between the suite and a target: its URL without credentials and the variable that set it. */
export interface ProxyHop {
  readonly url: string;
  readonly variable: "HTTPS_PROXY" | "HTTP_PROXY";
}

const DEFAULT_PORTS: Readonly<Record<string, number>> = { "http:": 80, "https:": 443 };

/** True when NO_PROXY spares this host and port (entries split on commas and spaces, "*" for every host). */
function sparedByNoProxy(hostname: string, port: number, noProxy: string | undefined): boolean {
  const entries = (noProxy ?? "").split(/[,\s]/).filter((entry) => entry !== "");
  if (entries.length === 0) return false;
  if (noProxy === "*") return true;
  return entries.some((entry) => {
    const parsed = /^(.+):(\d+)$/.exec(entry);
    const host = (parsed?.[1] ?? entry).replace(/^\*?\./, "").toLowerCase();
    const entryPort = parsed?.[2] === undefined ? 0 : Number.parseInt(parsed[2], 10);
    if (entryPort !== 0 && entryPort !== port) return false;
    return hostname === host || hostname.endsWith(`.${host}`);
  });
}

/** A proxy URL as shown: scheme, host and port, never its user or password. */
function shownProxyUrl(uri: string): string {
  try {
    const url = new URL(uri);
    return `${url.protocol}//${url.host}`;
  } catch {
    return "(an unreadable URL)";
  }
}

/** The proxy a request to `origin` goes through with these settings; undefined when it goes directly. */
export function proxyForOrigin(origin: string, proxy: ProxySettings | undefined): ProxyHop | undefined {
  if (proxy === undefined) return undefined;
  let url: URL;
  try {
    url = new URL(origin);
  } catch {
    return undefined;
  }
  const hostname = url.host.replace(/:\d*$/, "").toLowerCase();
  const port = Number.parseInt(url.port, 10) || (DEFAULT_PORTS[url.protocol] ?? 0);
  if (sparedByNoProxy(hostname, port, proxy.noProxy)) return undefined;
  if (url.protocol === "https:" && proxy.httpsProxy)
    return { url: shownProxyUrl(proxy.httpsProxy), variable: "HTTPS_PROXY" };
  if (proxy.httpProxy) return { url: shownProxyUrl(proxy.httpProxy), variable: "HTTP_PROXY" };
  return undefined;
}

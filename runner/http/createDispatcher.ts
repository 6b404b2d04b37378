/**
 * The undici dispatcher of a client: connections to the target, direct or through the proxies
 * of HTTP_PROXY / HTTPS_PROXY (NO_PROXY honoured, EnvHttpProxyAgent), trusting the system's
 * certificates plus --ca-file and NODE_EXTRA_CA_CERTS, or none with --insecure, and presenting the
 * client certificate of --cert and --key to targets that ask for one.
 */
import { readFileSync } from "node:fs";
import { rootCertificates } from "node:tls";
import { Agent, buildConnector, EnvHttpProxyAgent, type Dispatcher } from "undici";
import { skipUnaskedContinue } from "./skipUnaskedContinue.js";
import type { ClientCertificate, ProxySettings } from "./types.js";

/** What the dispatcher needs to know. */
export interface DispatcherOptions {
  /** Connections per origin. */
  readonly connections: number;
  readonly timeoutMs: number;
  /** PEM certificates trusted besides the system's. */
  readonly ca?: readonly string[];
  readonly insecure?: boolean;
  /** Presented to targets that ask for a client certificate (mTLS). */
  readonly clientCertificate?: ClientCertificate;
  readonly proxy?: ProxySettings;
  /** Where NODE_EXTRA_CA_CERTS is read from (default process.env). */
  readonly env?: Readonly<Record<string, string | undefined>>;
}

/**
 * Node reads NODE_EXTRA_CA_CERTS into its default trust store at start-up, but a `ca` option
 * replaces that store: with --ca-file the system roots and those extra certificates are added back.
 */
function trustedCertificates(ca: readonly string[], env: Readonly<Record<string, string | undefined>>): string[] {
  const extraFile = env["NODE_EXTRA_CA_CERTS"];
  let extra: string[] = [];
  if (extraFile) {
    try {
      extra = [readFileSync(extraFile, "utf8")];
    } catch {
      extra = []; // Node itself only warns about an unreadable NODE_EXTRA_CA_CERTS; so do we (not at all).
    }
  }
  return [...rootCertificates, ...extra, ...ca];
}

/** The TLS options of connections to the target. */
function tlsOptions(options: DispatcherOptions): {
  ca?: string[];
  rejectUnauthorized?: boolean;
  cert?: string;
  key?: string;
} {
  return {
    ...(options.clientCertificate ? { cert: options.clientCertificate.cert, key: options.clientCertificate.key } : {}),
    ...(options.ca !== undefined && options.ca.length > 0
      ? { ca: trustedCertificates(options.ca, options.env ?? process.env) }
      : {}),
    ...(options.insecure === true ? { rejectUnauthorized: false } : {}),
  };
}

/** A dispatcher for every origin the client talks to (in practice the target's). */
export function createDispatcher(options: DispatcherOptions): Dispatcher {
  const tls = tlsOptions(options);
  // undici takes whole milliseconds only; a timeout cut to what is left of a wait is seldom whole.
  const timeoutMs = Math.ceil(options.timeoutMs);
  const common = {
    connections: options.connections,
    headersTimeout: timeoutMs,
    bodyTimeout: timeoutMs,
    connect: skipUnaskedContinue(buildConnector({ timeout: timeoutMs, ...tls })),
  };
  const { httpProxy, httpsProxy, noProxy } = options.proxy ?? {};
  if (!httpProxy && !httpsProxy) return new Agent(common);
  return new EnvHttpProxyAgent({
    ...common,
    // Empty strings, not undefined: undici would read process.env itself otherwise.
    httpProxy: httpProxy ?? "",
    httpsProxy: httpsProxy ?? "",
    noProxy: noProxy ?? "",
    requestTls: tls,
    // Plain-http targets go as absolute-URI requests (what every forward proxy serves); https ones through CONNECT.
    proxyTunnel: false,
  });
}

/**
 * The client's way to the target: the undici dispatcher (connections, TLS, proxy: createDispatcher.ts),
 * the URLs below the base URL, the request as it goes on the wire, and one send on a connection (sent
 * again once when a kept-alive connection turns out closed).
 */
import type { SentRequest } from "./buildExchange.js";
import type { ClientSettings } from "./clientSettings.js";
import { createDispatcher } from "./createDispatcher.js";
import { memoizeBounded } from "./memoizeBounded.js";
import { proxyForOrigin } from "./proxyForOrigin.js";
import { sendOnce, type AttemptResult } from "./sendOnce.js";
import type { HttpClientOptions, OutgoingRequest } from "./types.js";

/** A URL below the base URL, with the parts of it the client reads (each a string built once). */
export interface ResolvedUrl {
  readonly href: string;
  readonly origin: string;
  readonly pathname: string;
  /** pathname + search. */
  readonly pathAndQuery: string;
}

/** A request ready to send, or why it could not be built. */
export type BuiltRequest =
  | { readonly sent: SentRequest; readonly url: ResolvedUrl }
  | { readonly sent: SentRequest; readonly unbuildable: string };

/** The connection of one client. */
export interface Connection {
  /** `request` as it goes on the wire; `unbuildable` when its path leaves the target or its body is none. */
  build(request: OutgoingRequest): BuiltRequest;
  /** The path of a sent URL (no query): what a per-operation streak is kept by. */
  pathOf(url: string): string;
  /** Sends once; when a kept-alive connection resets before any answer and `stopped` is false, once more. */
  send(sent: SentRequest, url: ResolvedUrl, timeoutMs: number, stopped: () => boolean): Promise<AttemptResult>;
  /** Requests put on the wire so far. */
  requests(): number;
  close(): Promise<void>;
}

/** Distinct paths (and sent URLs) whose resolution a client keeps: a run uses a few dozen. */
const RESOLVED_KEPT = 512;

/** The URL of a path below the base URL ("http://h/api" + "/x" → "http://h/api/x"); throws when it is none. */
function resolveUrl(baseUrl: string, path: string): ResolvedUrl {
  const url = new URL(baseUrl.replace(/\/+$/, "") + (path.startsWith("/") ? path : `/${path}`));
  return { href: url.href, origin: url.origin, pathname: url.pathname, pathAndQuery: url.pathname + url.search };
}

function pathOfUrl(url: string): string {
  try {
    return new URL(url).pathname;
  } catch {
    return url;
  }
}

/** The text of a request's body: JSON serialised, raw text as is. */
function bodyText(body: OutgoingRequest["body"]): string | undefined {
  const text = body === undefined ? undefined : "raw" in body ? body.raw : JSON.stringify(body.json);
  if (body !== undefined && text === undefined) throw new Error("the JSON body serialises to nothing");
  return text;
}

/** The connection of a client with `options` and `settings`. */
/** `connections`: the most requests the client ever has in flight (its semaphore's cap). */
export function createConnection(
  options: HttpClientOptions,
  settings: ClientSettings,
  connections: number,
): Connection {
  const resolve = memoizeBounded((path: string) => resolveUrl(options.baseUrl, path), RESOLVED_KEPT);
  const dispatcher = createDispatcher({
    connections,
    timeoutMs: settings.timeoutMs,
    ...(options.ca ? { ca: options.ca } : {}),
    ...(options.insecure ? { insecure: true } : {}),
    ...(options.clientCertificate ? { clientCertificate: options.clientCertificate } : {}),
    ...(options.proxy ? { proxy: options.proxy } : {}),
  });
  // Every request goes to the base URL's origin (build refuses any other): one hop for all.
  const proxy = proxyForOrigin(settings.base.origin, options.proxy);
  let requests = 0;
  const once = (sent: SentRequest, url: ResolvedUrl, timeoutMs: number): Promise<AttemptResult> => {
    requests += 1;
    return sendOnce(dispatcher, {
      origin: url.origin,
      pathAndQuery: url.pathAndQuery,
      method: sent.method,
      headers: sent.headers,
      body: sent.body,
      timeoutMs,
      maxResponseBytes: settings.maxResponseBytes,
      ...(proxy === undefined ? {} : { proxy }),
    });
  };
  return {
    build(request) {
      const method = (request.method ?? "POST").toUpperCase();
      try {
        const url = resolve(request.path);
        if (url.origin !== settings.base.origin) throw new Error(`the path leaves the target's origin`);
        const body = bodyText(request.body);
        return {
          sent: { method, url: url.href, headers: request.headers, ...(body === undefined ? {} : { body }) },
          url,
        };
      } catch (error) {
        const reason = error instanceof Error ? error.message : String(error);
        return {
          sent: { method, url: `${options.baseUrl}${request.path}`, headers: request.headers },
          unbuildable: reason,
        };
      }
    },
    pathOf: memoizeBounded(pathOfUrl, RESOLVED_KEPT),
    async send(sent, url, timeoutMs, stopped) {
      const result = await once(sent, url, timeoutMs);
      // A kept-alive connection the target closed while this process was busy (its idle timer fired
      // before undici's did) resets before any answer: the request is sent again, once, on a new
      // connection. Every operation of the interface is a read (§1), so a second send changes nothing.
      // When the second send gets no answer either, the first failure is the one reported.
      if (result.failure?.kind === "connection-reset" && !result.response && !stopped()) {
        const again = await once(sent, url, timeoutMs);
        if (again.response) return again;
      }
      return result;
    },
    requests: () => requests,
    close: () => dispatcher.close(),
  };
}

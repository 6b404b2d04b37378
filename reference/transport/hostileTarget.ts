/**
 * A hostile test target: a small HTTP server on 127.0.0.1 (port 0) that misbehaves on purpose,
 * so the suite's own tests can prove the runner never crashes, hangs or leaks against it.
 *
 * The first segment of a request's path chooses the behaviour, so a base URL per behaviour
 * works for any operation path:
 *
 * ```ts
 * const target = await startHostileTarget();
 * const base = target.baseUrlFor("late-headers"); // http://127.0.0.1:PORT/late-headers
 * // POST base + "/platform/cms/getWidget" → headers come after lateHeadersMs
 * await target.close();
 * ```
 *
 * `startHostileTarget({ behaviour: "error-500" })` answers every path that way instead
 * (its `baseUrl` is then the bare origin). Paths whose first segment is no behaviour name get
 * the start option's behaviour, or "ok" by default.
 */
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import { createServer as createNetServer, type Socket } from "node:net";
import type { AddressInfo } from "node:net";
import { constants as zlibConstants, createGzip, gzipSync } from "node:zlib";

/** Every way the target can answer. */
export const HOSTILE_BEHAVIOURS = [
  /** 200 {"ok":true} at once. */
  "ok",
  /** 200 JSON after slowMs (for measuring concurrency). */
  "slow",
  /** Headers only after lateHeadersMs (past any sane timeout). */
  "late-headers",
  /** Headers and 16 bytes of a 1000-byte body, then silence. */
  "stall-mid-body",
  /** Headers and part of the body, then a TCP reset. */
  "reset-mid-body",
  /** Content-Type application/json, body an HTML page. */
  "non-json",
  /** A body of hugeBytes (default 50 MB) with Content-Length, streamed with back-pressure. */
  "huge",
  /** Content-Length 1000, 20 bytes, then a clean close. */
  "truncated",
  /** Chunked body, one small chunk every chunkIntervalMs, forever. */
  "endless",
  /** 302 with Location on another host (the decoy server, which records who follows). */
  "redirect",
  /** 429 with Retry-After for the first rateLimitedTimes hits of a path, then 200. */
  "rate-limited",
  /** 500 with a JSON body. */
  "error-500",
  /** 503 with a JSON body. */
  "error-503",
  /** 200 JSON whose every string is HTML/JS or control characters. */
  "hostile-strings",
  /** 200 JSON echoing Authorization and client_id in the body and in response headers. */
  "echo-credentials",
  /**
   * 200 JSON echoing the token, client_id, X-Api-Pw and X-JWT-Assertion in every encoded form
   * (ECHO_FORMS) in the body, and those a header can carry (Latin-1) in response headers.
   */
  "echo-encoded-credentials",
  /** Reads the request and never answers. */
  "never-answer",
  /** 200 JSON gzipped with Content-Encoding: gzip, although the request sent no Accept-Encoding (RFC 9110 allows it). */
  "gzip",
  /** 200 with Content-Encoding: gzip whose body inflates to bombBytes (default 100 MB) of zeros, ~100 KB on the wire. */
  "gzip-bomb",
  /** An unsolicited "100 Continue", then the 200 JSON answer. */
  "continue-100",
  /** 200 JSON whose listings hold one item nested deepJsonLevels (default 100,000) arrays deep. */
  "deep-json",
  /** 200 listing of invalidItems (default 1,000,000) items that are not objects, with consistent totals. */
  "invalid-items",
] as const;

/** A behaviour name of HOSTILE_BEHAVIOURS. */
export type HostileBehaviour = (typeof HOSTILE_BEHAVIOURS)[number];

/** The strings "hostile-strings" puts everywhere. */
export const HOSTILE_STRINGS = [
  "<script>alert(1)</script>",
  "<img src=x onerror=alert(1)>",
  "\u0000\u001b[31m",
] as const;

/** The request headers "echo-encoded-credentials" echoes: the whole Authorization value, and the bare token. */
const ECHOED_HEADERS = ["authorization", "client_id", "x-backend-pin", "x-jwt-assertion"] as const;

/** The forms "echo-encoded-credentials" writes a value in; `header` when an HTTP header can carry it (Latin-1). */
export const ECHO_FORMS: Readonly<
  Record<string, { readonly encode: (value: string) => string; readonly header: boolean }>
> = {
  base64: { encode: (value) => Buffer.from(value, "utf8").toString("base64"), header: true },
  base64url: { encode: (value) => Buffer.from(value, "utf8").toString("base64url"), header: true },
  hex: { encode: (value) => Buffer.from(value, "utf8").toString("hex"), header: true },
  decimalReferences: { encode: (value) => [...value].map((c) => `&#${c.codePointAt(0)};`).join(""), header: true },
  hexReferences: {
    encode: (value) => [...value].map((c) => `&#x${(c.codePointAt(0) ?? 0).toString(16)};`).join(""),
    header: true,
  },
  zeroWidthSplit: { encode: (value) => [...value].join("\u200b"), header: false },
  softHyphenSplit: { encode: (value) => [...value].join("\u00ad"), header: true },
};

/** Options of startHostileTarget; every field has a default. */
export interface HostileTargetOptions {
  /** Behaviour of paths whose first segment is no behaviour name (default "ok"). */
  readonly behaviour?: HostileBehaviour;
  /** "late-headers": delay before the headers (default 30 000 ms). */
  readonly lateHeadersMs?: number;
  /** "slow": delay before answering (default 100 ms). */
  readonly slowMs?: number;
  /** "huge": body size in bytes (default 50 000 000). */
  readonly hugeBytes?: number;
  /** "endless": interval between chunks (default 20 ms). */
  readonly chunkIntervalMs?: number;
  /** "rate-limited": how many 429 answers each path gets before a 200 (default 2). */
  readonly rateLimitedTimes?: number;
  /** "rate-limited": the Retry-After header value (default "1"); null sends none. */
  readonly retryAfter?: string | null;
  /** "gzip-bomb": bytes the body inflates to (default 100 000 000). */
  readonly bombBytes?: number;
  /** "deep-json": levels of nesting (default 100 000). */
  readonly deepJsonLevels?: number;
  /** "invalid-items": items in the listing (default 1 000 000). */
  readonly invalidItems?: number;
}

/** One request as the target saw it. */
export interface HostileRequestRecord {
  readonly method: string;
  /** Path without the query. */
  readonly path: string;
  readonly headers: Readonly<Record<string, string>>;
  readonly body: string;
  /** performance.now() when the request headers arrived. */
  readonly arrivedAt: number;
  /** performance.now() when the answer ended or the connection closed; undefined while open. */
  readonly endedAt: number | undefined;
}

/** A running hostile target. */
export interface HostileTarget {
  /** http://127.0.0.1:PORT (no trailing slash). */
  readonly origin: string;
  /** The base URL for the start option's behaviour: the origin. */
  readonly baseUrl: string;
  /** A base URL whose every request gets the given behaviour. */
  baseUrlFor(behaviour: HostileBehaviour): string;
  /** Requests received on exactly this path (without query), e.g. "/huge/x". */
  hits(path: string): number;
  /** Every request received so far, in arrival order. */
  requests(): readonly HostileRequestRecord[];
  /** The most requests that were open at the same time. */
  maxConcurrent(): number;
  /** Bytes of body written so far by "huge" and "endless" answers. */
  bytesStreamed(): number;
  /** Requests that reached the decoy host a redirect points to (must stay empty). */
  decoyRequests(): readonly HostileRequestRecord[];
  /** Builds the big bodies (gzip bomb) now rather than on first request, so their first answer is not late. */
  prepare(): Promise<void>;
  /** Stops both servers, destroying open connections and timers. */
  close(): Promise<void>;
}

type MutableRecord = { -readonly [K in keyof HostileRequestRecord]: HostileRequestRecord[K] };

const json = (value: unknown): string => JSON.stringify(value);

function headerText(value: string | string[] | undefined): string {
  return Array.isArray(value) ? value.join(", ") : (value ?? "");
}

function flatHeaders(request: IncomingMessage): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [name, value] of Object.entries(request.headers)) out[name] = headerText(value);
  return out;
}

async function listen(server: ReturnType<typeof createServer>): Promise<number> {
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => resolve());
  });
  return (server.address() as AddressInfo).port;
}

/** A server that records every request and answers 200; the decoy a redirect points to. */
async function startDecoy(): Promise<{ origin: string; requests: HostileRequestRecord[]; close: () => Promise<void> }> {
  const requests: HostileRequestRecord[] = [];
  const server = createServer((request, response) => {
    const arrivedAt = performance.now();
    const chunks: Buffer[] = [];
    request.on("data", (chunk: Buffer) => chunks.push(chunk));
    request.on("end", () => {
      requests.push({
        method: request.method ?? "",
        path: (request.url ?? "").split("?")[0] ?? "",
        headers: flatHeaders(request),
        body: Buffer.concat(chunks).toString("utf8"),
        arrivedAt,
        endedAt: performance.now(),
      });
      response.writeHead(200, { "content-type": "application/json" }).end(json({ decoy: true }));
    });
  });
  const port = await listen(server);
  return {
    origin: `http://localhost:${port}`, // another host name as well as another port
    requests,
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** Starts a hostile target on 127.0.0.1 with a free port. */
export async function startHostileTarget(options: HostileTargetOptions = {}): Promise<HostileTarget> {
  const settings = {
    behaviour: options.behaviour ?? "ok",
    lateHeadersMs: options.lateHeadersMs ?? 30_000,
    slowMs: options.slowMs ?? 100,
    hugeBytes: options.hugeBytes ?? 50_000_000,
    chunkIntervalMs: options.chunkIntervalMs ?? 20,
    rateLimitedTimes: options.rateLimitedTimes ?? 2,
    retryAfter: options.retryAfter === undefined ? "1" : options.retryAfter,
    bombBytes: options.bombBytes ?? 100_000_000,
    deepJsonLevels: options.deepJsonLevels ?? 100_000,
    invalidItems: options.invalidItems ?? 1_000_000,
  };
  // Big bodies are built once, on first use.
  const bomb = (): Promise<Buffer> => gzipOfZeros(settings.bombBytes);
  const bodies = new Map<string, Buffer>();
  const once = (key: string, build: () => string): Buffer => {
    let body = bodies.get(key);
    if (!body) bodies.set(key, (body = Buffer.from(build())));
    return body;
  };
  const decoy = await startDecoy();
  const records: MutableRecord[] = [];
  const hitsByPath = new Map<string, number>();
  const sockets = new Set<Socket>();
  const timers = new Set<NodeJS.Timeout>();
  let open = 0;
  let maxOpen = 0;
  let streamed = 0;

  /** A timer cleared on close and when the answer ends or its connection goes away. */
  const later = (response: ServerResponse, ms: number, action: () => void, repeat = false): void => {
    const timer = repeat ? setInterval(action, ms) : setTimeout(action, ms);
    timers.add(timer);
    response.once("close", () => {
      clearTimeout(timer);
      timers.delete(timer);
    });
  };

  const behaviourOf = (path: string): HostileBehaviour => {
    const first = path.split("/")[1] ?? "";
    return (HOSTILE_BEHAVIOURS as readonly string[]).includes(first) ? (first as HostileBehaviour) : settings.behaviour;
  };

  const answer = (
    behaviour: HostileBehaviour,
    path: string,
    request: IncomingMessage,
    response: ServerResponse,
  ): void => {
    const socket = request.socket;
    const jsonHeaders = { "content-type": "application/json" };
    switch (behaviour) {
      case "ok":
        response.writeHead(200, jsonHeaders).end(json({ ok: true }));
        return;
      case "slow":
        later(response, settings.slowMs, () => response.writeHead(200, jsonHeaders).end(json({ ok: true })));
        return;
      case "late-headers":
        later(response, settings.lateHeadersMs, () => response.writeHead(200, jsonHeaders).end(json({ late: true })));
        return;
      case "stall-mid-body":
        response.writeHead(200, { ...jsonHeaders, "content-length": "1000" });
        response.write('{"stalled":"...');
        return; // never more
      case "reset-mid-body":
        response.writeHead(200, { ...jsonHeaders, "content-length": "100000" });
        response.write('{"reset":"' + "x".repeat(1000), () => {
          later(response, 20, () => socket.resetAndDestroy());
        });
        return;
      case "non-json":
        response.writeHead(200, jsonHeaders).end("<html><body>Service Unavailable</body></html>");
        return;
      case "huge":
        streamHuge(response, settings.hugeBytes, (bytes) => (streamed += bytes));
        return;
      case "truncated":
        // Raw bytes: Node's own response object refuses to send fewer bytes than it announced.
        socket.end(
          "HTTP/1.1 200 OK\r\ncontent-type: application/json\r\ncontent-length: 1000\r\n\r\n" + '{"truncated":"abc"',
        );
        return;
      case "endless": {
        response.writeHead(200, jsonHeaders); // chunked, no length
        response.write("[");
        later(
          response,
          settings.chunkIntervalMs,
          () => {
            const chunk = '"more",';
            streamed += chunk.length;
            response.write(chunk);
          },
          true,
        );
        return;
      }
      case "redirect":
        response.writeHead(302, { location: `${decoy.origin}/collect${path}` }).end();
        return;
      case "rate-limited": {
        const seen = hitsByPath.get(path) ?? 0;
        if (seen <= settings.rateLimitedTimes) {
          const headers: Record<string, string> = { ...jsonHeaders };
          if (settings.retryAfter !== null) headers["retry-after"] = settings.retryAfter;
          response.writeHead(429, headers).end(json({ error: "too many requests" }));
        } else response.writeHead(200, jsonHeaders).end(json({ ok: true, after: seen - 1 }));
        return;
      }
      case "error-500":
        response.writeHead(500, jsonHeaders).end(json({ error: "internal error" }));
        return;
      case "error-503":
        response.writeHead(503, jsonHeaders).end(json({ error: "unavailable" }));
        return;
      case "hostile-strings": {
        const [script, img, control] = HOSTILE_STRINGS;
        const item = { id: script, name: img, title: control, description: `${script}${img}${control}` };
        response.writeHead(200, jsonHeaders).end(
          json({
            ...item,
            widgets: [item],
            landingPages: [item],
            error: script,
            error_description: img,
            reason: control,
            [script]: img,
          }),
        );
        return;
      }
      case "echo-credentials": {
        const authorization = headerText(request.headers.authorization);
        const clientId = headerText(request.headers.client_id);
        response
          .writeHead(200, {
            ...jsonHeaders,
            "x-echo-authorization": authorization,
            "x-echo-client-id": clientId,
            [`x-echo-${clientId.toLowerCase().replace(/[^a-z0-9-]/g, "-")}`]: "header name too",
          })
          .end(json({ authorization, client_id: clientId, message: `token was ${authorization}` }));
        return;
      }
      case "echo-encoded-credentials": {
        const values: Record<string, string> = {};
        for (const name of ECHOED_HEADERS) values[name] = headerText(request.headers[name]);
        values.token = values.authorization?.replace(/^Bearer /, "") ?? "";
        const body: Record<string, string> = {};
        const headers: Record<string, string> = {};
        for (const [name, value] of Object.entries(values)) {
          for (const [form, { encode, header }] of Object.entries(ECHO_FORMS)) {
            body[`${name}-${form}`] = encode(value);
            if (header && value !== "") headers[`x-echo-${name.replace(/_/g, "-")}-${form}`] = encode(value);
          }
        }
        response.writeHead(200, { ...jsonHeaders, ...headers }).end(json(body));
        return;
      }
      case "never-answer":
        return;
      case "gzip":
        response
          .writeHead(200, { ...jsonHeaders, "content-encoding": "gzip" })
          .end(gzipSync(json({ ok: true, encoded: "gzip" })));
        return;
      case "gzip-bomb":
        void bomb().then((body) =>
          response
            .writeHead(200, { ...jsonHeaders, "content-encoding": "gzip", "content-length": String(body.length) })
            .end(body),
        );
        return;
      case "continue-100": {
        // Raw bytes: Node's response object sends 100 only when the client asked for it.
        const body = json({ ok: true, after: "100 Continue" });
        socket.end(
          `HTTP/1.1 100 Continue\r\n\r\nHTTP/1.1 200 OK\r\ncontent-type: application/json\r\ncontent-length: ${Buffer.byteLength(body)}\r\nconnection: close\r\n\r\n${body}`,
        );
        return;
      }
      case "deep-json": {
        const body = once("deep-json", () => {
          const deep = "[".repeat(settings.deepJsonLevels) + "]".repeat(settings.deepJsonLevels);
          const info = '{"totalElements":1,"totalPages":1}';
          return `{"widgets":[${deep}],"landingPages":[${deep}],"filters":[${deep}],"analytic":${deep},"id":${deep},"listInformation":${info}}`;
        });
        response.writeHead(200, jsonHeaders).end(body);
        return;
      }
      case "invalid-items": {
        const field = path.endsWith("listLandingPages")
          ? "landingPages"
          : path.endsWith("getRoleFilters")
            ? "filters"
            : "widgets";
        const body = once(`invalid-items ${field}`, () => {
          const items = new Array<string>(settings.invalidItems).fill("0").join(",");
          const totals = `{"totalElements":${settings.invalidItems},"totalPages":${Math.ceil(settings.invalidItems / 10)}}`;
          return `{"${field}":[${items}],"listInformation":${totals}}`;
        });
        response.writeHead(200, jsonHeaders).end(body);
        return;
      }
    }
  };

  const server = createServer((request, response) => {
    const path = (request.url ?? "").split("?")[0] ?? "";
    hitsByPath.set(path, (hitsByPath.get(path) ?? 0) + 1);
    const record: MutableRecord = {
      method: request.method ?? "",
      path,
      headers: flatHeaders(request),
      body: "",
      arrivedAt: performance.now(),
      endedAt: undefined,
    };
    records.push(record);
    open += 1;
    maxOpen = Math.max(maxOpen, open);
    const end = (): void => {
      if (record.endedAt !== undefined) return;
      record.endedAt = performance.now();
      open -= 1;
    };
    response.once("finish", end);
    response.once("close", end); // also when the connection goes away first
    const chunks: Buffer[] = [];
    request.on("data", (chunk: Buffer) => chunks.push(chunk));
    request.on("end", () => {
      record.body = Buffer.concat(chunks).toString("utf8");
      answer(behaviourOf(path), path, request, response);
    });
  });
  server.requestTimeout = 0; // never cut a client off: the client's own timeouts are under test
  server.on("connection", (socket: Socket) => {
    sockets.add(socket);
    socket.on("error", () => undefined); // resets are part of the game
    socket.once("close", () => sockets.delete(socket));
  });
  server.on("clientError", (_error, socket: Socket) => socket.destroy());
  const port = await listen(server);
  const origin = `http://127.0.0.1:${port}`;

  return {
    origin,
    baseUrl: origin,
    baseUrlFor: (behaviour) => `${origin}/${behaviour}`,
    hits: (path) => hitsByPath.get(path) ?? 0,
    requests: () => records.map((record) => ({ ...record })),
    maxConcurrent: () => maxOpen,
    bytesStreamed: () => streamed,
    decoyRequests: () => decoy.requests,
    prepare: async () => {
      await bomb();
    },
    close: async () => {
      for (const timer of timers) clearTimeout(timer);
      timers.clear();
      for (const socket of sockets) socket.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
      await decoy.close();
    },
  };
}

/** Writes `total` bytes of JSON-ish filler in 64 KiB chunks, waiting for 'drain' (memory stays flat). */
function streamHuge(response: ServerResponse, total: number, count: (bytes: number) => void): void {
  const chunk = Buffer.alloc(64 * 1024, "a");
  let left = total;
  response.writeHead(200, { "content-type": "application/json", "content-length": String(total) });
  const pump = (): void => {
    while (left > 0 && !response.destroyed) {
      const size = Math.min(left, chunk.length);
      left -= size;
      count(size);
      if (!response.write(size === chunk.length ? chunk : chunk.subarray(0, size))) {
        response.once("drain", pump);
        return;
      }
    }
    if (left === 0) response.end();
  };
  pump();
}

const bombs = new Map<number, Promise<Buffer>>();

/** `bytes` zeros, gzipped as a stream (only the ~0.1% compressed output is held in memory); made once per size. */
function gzipOfZeros(bytes: number): Promise<Buffer> {
  let made = bombs.get(bytes);
  if (!made) bombs.set(bytes, (made = makeGzipOfZeros(bytes)));
  return made;
}

function makeGzipOfZeros(bytes: number): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const gzip = createGzip({ level: zlibConstants.Z_BEST_COMPRESSION });
    const out: Buffer[] = [];
    gzip.on("data", (chunk: Buffer) => out.push(chunk));
    gzip.on("end", () => resolve(Buffer.concat(out)));
    gzip.on("error", reject);
    const zeros = Buffer.alloc(1024 * 1024);
    let left = bytes;
    const pump = (): void => {
      while (left > 0) {
        const size = Math.min(left, zeros.length);
        left -= size;
        if (!gzip.write(size === zeros.length ? zeros : zeros.subarray(0, size))) {
          gzip.once("drain", pump);
          return;
        }
      }
      gzip.end();
    };
    pump();
  });
}

/** A base URL on 127.0.0.1 where nothing listens: a port bound, then released. */
export async function unusedBaseUrl(): Promise<string> {
  const server = createNetServer();
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => resolve());
  });
  const port = (server.address() as AddressInfo).port;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return `http://127.0.0.1:${port}`;
}

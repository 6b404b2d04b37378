/**
 * The client against a scripted target in process (createHttpClient.ts): how a path joins the base URL,
 * what a request that cannot be built or a 429 past its waits records, when the breaker counts a streak,
 * the run's deadline, renewed tokens, and the counters a run reports.
 */
import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { afterEach, describe, expect, it, vi } from "vitest";
import { createHttpClient } from "../../../../runner/http/createHttpClient.js";
import type { HttpClient, HttpClientOptions, OutgoingRequest } from "../../../../runner/http/types.js";

/** Answers each request as the test says; `hits` counts the requests of each path. */
interface ScriptedTarget {
  readonly origin: string;
  readonly paths: string[];
  hits(path: string): number;
}

let server: Server | undefined;
let client: HttpClient | undefined;
afterEach(async () => {
  vi.useRealTimers();
  await client?.close();
  client = undefined;
  server?.closeAllConnections();
  await new Promise((resolve) => (server ? server.close(resolve) : resolve(undefined)));
  server = undefined;
});

async function scripted(
  answer: (request: IncomingMessage, response: ServerResponse, hit: number) => void,
): Promise<ScriptedTarget> {
  const paths: string[] = [];
  const hitsByPath = new Map<string, number>();
  server = createServer((request, response) => {
    const path = request.url ?? "";
    paths.push(path);
    const hit = (hitsByPath.get(path) ?? 0) + 1;
    hitsByPath.set(path, hit);
    request.resume();
    request.on("end", () => answer(request, response, hit));
  });
  await new Promise<void>((resolve) => server?.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return { origin: `http://127.0.0.1:${port}`, paths, hits: (path) => hitsByPath.get(path) ?? 0 };
}

function connect(options: Partial<HttpClientOptions> & { baseUrl: string }): HttpClient {
  client = createHttpClient({ secrets: [], ...options });
  return client;
}

const get = (path: string, extra: Partial<OutgoingRequest> = {}): OutgoingRequest => ({
  path,
  method: "GET",
  headers: {},
  ...extra,
});

const json = { "content-type": "application/json" };

/** 429 to every request, with `headers`. */
const always429 =
  (headers: Record<string, string> = {}) =>
  (_request: IncomingMessage, response: ServerResponse): void => {
    response.writeHead(429, { ...json, ...headers }).end("{}");
  };

describe("the URL of a request", () => {
  it("drops every trailing slash of the base URL before the path", async () => {
    const target = await scripted((_request, response) => response.writeHead(200, json).end("{}"));
    const exchange = await connect({ baseUrl: `${target.origin}/api//` }).send(get("/x"));
    expect(target.paths).toEqual(["/api/x"]);
    expect(exchange.request.url).toBe(`${target.origin}/api/x`);
  });

  it("joins a path without a leading slash with one", async () => {
    const target = await scripted((_request, response) => response.writeHead(200, json).end("{}"));
    await connect({ baseUrl: `${target.origin}/api` }).send(get("x"));
    expect(target.paths).toEqual(["/api/x"]);
  });

  it("a request without a body is sent, and recorded without one", async () => {
    const target = await scripted((_request, response) => response.writeHead(200, json).end("{}"));
    const exchange = await connect({ baseUrl: target.origin }).send(get("/x"));
    expect(exchange.response?.status).toBe(200);
    expect(exchange.request).toStrictEqual({ method: "GET", url: `${target.origin}/x`, headers: {} });
  });

  it("a JSON body that serialises to nothing is not sent: the exchange names the base URL and path as given", async () => {
    const target = await scripted((_request, response) => response.writeHead(200, json).end("{}"));
    const exchange = await connect({ baseUrl: `${target.origin}/api/` }).send(get("/x", { body: { json: undefined } }));
    expect(target.paths).toEqual([]);
    expect(exchange.failure).toEqual({
      kind: "other",
      message: "the request could not be built: the JSON body serialises to nothing.",
    });
    expect(exchange.request.url).toBe(`${target.origin}/api//x`);
  });
});

describe("a 429 past its waits", () => {
  it("asked for exactly --max-retry-wait: the retries ran out, and the pace learns from it", async () => {
    const target = await scripted(always429({ "retry-after": "1" }));
    const http = connect({ baseUrl: target.origin, max429Retries: 0, maxRetryWaitMs: 1_000 });
    const exchange = await http.send(get("/x"));
    expect(exchange.failure).toEqual({
      kind: "rate-limited",
      message:
        "the target still answered 429 (rate limited) after 0 retries over 0 s (--max-retry-wait 1 s); lower the request rate with --rate-limit, or raise --max-retry-wait.",
    });
    expect(http.stats()).toStrictEqual({
      requests: 1,
      retries429: 0,
      transportFailures: 1,
      pacing: { source: "learned", settledPerSecond: 1, slowestPerSecond: 1, slowDowns: 1 },
    });
  });

  it("asked for no wait: the pace learns from it", async () => {
    const target = await scripted(always429({ "retry-after": "0" }));
    const http = connect({ baseUrl: target.origin, max429Retries: 0 });
    await http.send(get("/x"));
    expect(http.stats().pacing).toEqual({ source: "learned", settledPerSecond: 1, slowestPerSecond: 1, slowDowns: 1 });
  });

  it("asked for longer than --max-retry-wait: not waited, and the pace does not learn from it", async () => {
    const target = await scripted(always429({ "retry-after": "2" }));
    const http = connect({ baseUrl: target.origin, max429Retries: 5, maxRetryWaitMs: 1_000 });
    const exchange = await http.send(get("/x"));
    expect(exchange.failure?.message).toBe(
      "the target answered 429 (rate limited) and asked to wait 2 s, longer than --max-retry-wait 1 s; lower the request rate with --rate-limit, or raise --max-retry-wait.",
    );
    expect(http.stats()).toStrictEqual({ requests: 1, retries429: 0, transportFailures: 1 });
  });

  it("once the run was paced down, suggests the slowest pace as --rate-limit", async () => {
    const target = await scripted(always429({ "retry-after": "0", "ratelimit-limit": "10", "ratelimit-reset": "1" }));
    const http = connect({ baseUrl: target.origin, max429Retries: 0, rateLimitPerSecond: 100 });
    const exchange = await http.send(get("/x"));
    expect(exchange.failure?.message).toBe(
      "the target still answered 429 (rate limited) after 0 retries over 0 s (--max-retry-wait 30 s); lower the request rate with --rate-limit (e.g. --rate-limit 9), or raise --max-retry-wait.",
    );
    expect(http.stats()).toStrictEqual({
      requests: 1,
      retries429: 0,
      transportFailures: 1,
      slowestRatePerSecond: 9,
      pacing: {
        source: "announced",
        settledPerSecond: 9,
        slowestPerSecond: 9,
        announced: { limit: 10, windowSeconds: 1 },
        slowDowns: 0,
      },
    });
  });

  it("with --max-retry-wait 0, 429s that ask for no wait are still retried", async () => {
    const target = await scripted((_request, response, hit) =>
      // The limit announced with the first 429 makes it old news: the pace stays quick for the retries.
      hit <= 2
        ? always429({ "retry-after": "0", "ratelimit-limit": "1000", "ratelimit-reset": "1" })(_request, response)
        : response.writeHead(200, json).end("{}"),
    );
    const http = connect({ baseUrl: target.origin, maxRetryWaitMs: 0 });
    const exchange = await http.send(get("/x"));
    expect(exchange.response?.status).toBe(200);
    expect(exchange.retriesAfter429).toBe(2);
  });
});

describe("answers the pace hears", () => {
  it("the RateLimit fields of an answer set the pace", async () => {
    const target = await scripted((_request, response) =>
      response.writeHead(200, { ...json, "ratelimit-limit": "10", "ratelimit-reset": "1" }).end("{}"),
    );
    const http = connect({ baseUrl: target.origin });
    await http.send(get("/x"));
    expect(http.stats().pacing?.settledPerSecond).toBe(9);
  });

  it("a request that got no answer does not count as admitted", async () => {
    const target = await scripted((request, response) =>
      request.url === "/limit" ? always429({ "retry-after": "0" })(request, response) : request.socket.destroy(),
    );
    const http = connect({ baseUrl: target.origin, max429Retries: 0, maxConsecutiveTransportFailures: 10 });
    for (const path of ["/a", "/b", "/c"]) expect((await http.send(get(path))).failure?.kind).toBe("connection-reset");
    await http.send(get("/limit"));
    // The ceiling is what was admitted in the second before the 429: nothing (a floor of 1).
    expect(http.stats().pacing?.settledPerSecond).toBe(1);
  });
});

describe("the breaker", () => {
  /**
   * /limit: a 429 past its (no) retries, announcing a limit high enough that the pace it learns makes no
   * test wait; /ok: 200; anything else: the connection destroyed.
   */
  const mixed = (request: IncomingMessage, response: ServerResponse): void => {
    if (request.url === "/limit")
      always429({ "retry-after": "0", "ratelimit-limit": "1000", "ratelimit-reset": "1" })(request, response);
    else if (request.url === "/ok") response.writeHead(200, json).end("{}");
    else request.socket.destroy();
  };

  it("a streak on the only path used stops the run with that path's sentence", async () => {
    const target = await scripted(mixed);
    const http = connect({ baseUrl: target.origin, maxConsecutiveTransportFailures: 1 });
    const exchange = await http.send(get("/reset"));
    const message = exchange.failure?.message ?? "";
    expect(message.endsWith(".")).toBe(true);
    expect(http.stopped()).toEqual({
      at: exchange.startedAt,
      message: `the target at /reset stopped answering at ${exchange.startedAt} after 1 consecutive transport failures (last: ${message.slice(0, -1)})`,
    });
  });

  it("an answer ends the streak", async () => {
    const target = await scripted(mixed);
    const http = connect({ baseUrl: target.origin, max429Retries: 0, maxConsecutiveTransportFailures: 2 });
    for (const path of ["/limit", "/ok", "/limit"]) await http.send(get(path));
    expect(http.stopped()).toBeUndefined();
  });

  it("a request that got no answer for another reason does not end the streak", async () => {
    const target = await scripted(mixed);
    const http = connect({ baseUrl: target.origin, max429Retries: 0, maxConsecutiveTransportFailures: 2 });
    await http.send(get("/limit"));
    expect((await http.send(get("/limit", { body: { json: undefined } }))).failure?.kind).toBe("other");
    await http.send(get("/limit"));
    expect(http.stopped()?.message).toMatch(
      /^the target at \/limit kept rate-limiting from \S+: 2 consecutive requests/,
    );
  });

  it("a request that could not be built is no failure of the target or of its path", async () => {
    const target = await scripted(mixed);
    const http = connect({ baseUrl: target.origin, maxConsecutiveTransportFailures: 1 });
    expect((await http.send(get("/ok", { body: { json: undefined } }))).failure?.kind).toBe("other");
    expect(http.stopped()).toBeUndefined();
  });

  it("the first streak to reach the limit says why the run stopped; later failures do not rewrite it", async () => {
    // Two requests in flight on one path: a 429 past its waits trips the breaker, then a reset on the same path.
    const target = await scripted((request, response, hit) =>
      setTimeout(() => (hit === 1 ? always429()(request, response) : request.socket.destroy()), hit * 50),
    );
    const http = connect({
      baseUrl: target.origin,
      concurrency: 2,
      max429Retries: 0,
      maxConsecutiveTransportFailures: 1,
    });
    const [limited, reset] = await Promise.all([http.send(get("/x")), http.send(get("/x"))]);
    expect(limited.failure?.kind).toBe("rate-limited");
    expect(reset.failure?.kind).toBe("connection-reset");
    expect(http.stopped()?.message).toMatch(/^the target at \/x kept rate-limiting from \S+: 1 consecutive requests/);
  });

  it("a second failure in flight when the breaker tripped does not rewrite why", async () => {
    const target = await scripted((request, response, hit) =>
      setTimeout(() => always429()(request, response), hit * 50),
    );
    const http = connect({
      baseUrl: target.origin,
      concurrency: 2,
      max429Retries: 0,
      maxConsecutiveTransportFailures: 1,
    });
    await Promise.all([http.send(get("/x")), http.send(get("/x"))]);
    expect(http.stopped()?.message).toMatch(/^the target at \/x kept rate-limiting from \S+: 1 consecutive requests/);
  });
});

describe("the run's deadline", () => {
  it("a request cut short by the deadline after the breaker tripped names the breaker", async () => {
    const target = await scripted((request, response) => {
      if (request.url === "/limit") always429()(request, response);
    });
    const http = connect({
      baseUrl: target.origin,
      concurrency: 2,
      max429Retries: 0,
      maxConsecutiveTransportFailures: 1,
      maxRunTimeMs: 1_000,
    });
    const hanging = http.send(get("/hang"));
    await http.send(get("/limit"));
    const cut = await hanging;
    // The only path answered yet is stopped: the run stops, and the request in flight is cut short.
    expect(cut.failure?.message).toMatch(
      /^stopped: the target at \/limit kept rate-limiting .*; the request was cut short\.$/,
    );
    expect(http.stopped()?.message).toMatch(/^the target at \/limit kept rate-limiting/);
  });

  it("is passed the moment the run's time is up", () => {
    vi.useFakeTimers({ toFake: ["performance"] });
    const http = connect({ baseUrl: "http://127.0.0.1:9", maxRunTimeMs: 1_000 });
    vi.advanceTimersByTime(999);
    expect(http.stopped()).toBeUndefined();
    vi.advanceTimersByTime(1);
    expect(http.stopped()?.message).toMatch(/^the run passed its time limit \(--max-run-time 1 s\) at /);
  });

  it("an answer within the deadline is kept as it came", async () => {
    const target = await scripted((_request, response) => response.writeHead(200, json).end("{}"));
    const exchange = await connect({ baseUrl: target.origin, maxRunTimeMs: 5_000 }).send(get("/x"));
    expect(exchange.failure).toBeUndefined();
    expect(exchange.response?.status).toBe(200);
  });

  it("a request whose own timeout ends exactly at the deadline timed out on its own", async () => {
    const target = await scripted(() => undefined);
    vi.useFakeTimers({ toFake: ["performance"] });
    const http = connect({ baseUrl: target.origin, maxRunTimeMs: 100 });
    const exchange = await http.send(get("/hang", { timeoutMs: 100 }));
    expect(exchange.failure?.kind).toBe("timeout");
  });
});

describe("a bug of the client", () => {
  it("is an exchange that says so, never a rejection", async () => {
    const target = await scripted((_request, response) => response.writeHead(200, json).end("{}"));
    let calls = 0;
    const http = connect({
      baseUrl: `${target.origin}/api`,
      onExchange: () => {
        calls += 1;
        if (calls === 1) throw new Error("boom");
      },
    });
    const exchange = await http.send({ path: "/x", headers: {} });
    expect(exchange.failure).toEqual({ kind: "other", message: "internal error of the HTTP client: boom" });
    expect(exchange.request).toStrictEqual({ method: "POST", url: `${target.origin}/api/x`, headers: {} });
  });
});

describe("renewed tokens", () => {
  /** A target that admits the tokens in `valid` (a 401 for any other), and a token renewed as t1, t2, … */
  async function tokenTarget(valid: Set<string>, renew?: () => Promise<string>) {
    const target = await scripted((request, response) => {
      const token = (request.headers.authorization ?? "").replace(/^Bearer /, "");
      if (token === "destroy") request.socket.destroy();
      else response.writeHead(valid.has(token) ? 200 : 401, json).end("{}");
    });
    let renewals = 0;
    const http = connect({
      baseUrl: target.origin,
      renewableTokens: [
        {
          original: "t0",
          placeholder: "$CMS_TOKEN",
          renew: renew ?? (() => Promise.resolve(`t${(renewals += 1)}`)),
        },
      ],
    });
    const send = async () => (await http.send(get("/x", { headers: { Authorization: "Bearer t0" } }))).response?.status;
    return { http, send };
  }

  it("a token is renewed again only once the target accepted its last value, at first sending or at the retry", async () => {
    const valid = new Set(["t0"]);
    const { http, send } = await tokenTarget(valid);
    const statuses = [await send()];
    valid.clear();
    statuses.push(await send()); // t0 expired: renewed to t1, which is refused too
    statuses.push(await send()); // t1 was never accepted: not renewed again
    valid.add("t1");
    statuses.push(await send()); // t1 accepted at first sending
    valid.clear();
    valid.add("t2");
    statuses.push(await send()); // renewed to t2, accepted at the retry
    valid.clear();
    valid.add("t3");
    statuses.push(await send()); // renewed to t3
    expect(statuses).toEqual([200, 401, 401, 200, 200, 200]);
    expect(http.stats().tokenRenewals).toEqual({ renewed: 3, failures: [] });
  });

  it("a retry with the renewed token that gets no answer is a transport failure", async () => {
    const { http } = await tokenTarget(new Set(), () => Promise.resolve("destroy"));
    const exchange = await http.send(get("/x", { headers: { Authorization: "Bearer t0" } }));
    expect(exchange.failure?.kind).toBe("connection-reset");
  });

  it("stops sending once a renewal failed: the suite's own trouble, said in one sentence, not the target's 401s (issue 41.2)", async () => {
    const valid = new Set(["t0"]);
    const { http, send } = await tokenTarget(valid, () =>
      Promise.reject(new Error("the --token-command command exited with status 5")),
    );
    await send();
    valid.clear();
    expect(await send()).toBe(401);
    expect(await send()).toBeUndefined();
    expect(http.stopped()).toMatchObject({
      message:
        "a token expired mid-run and could not be obtained anew: the --token-command command exited with status 5; the verdicts still open then are errors, not failures of the target",
      ownTrouble: true,
    });
    expect(http.stats()).toStrictEqual({
      requests: 2,
      retries429: 0,
      transportFailures: 0,
      tokenRenewals: { renewed: 0, failures: ["the --token-command command exited with status 5"] },
    });
  });
});

describe("an answer and the request waiting for its connection", () => {
  it("hands the answer over only once the waiting request has reached the target (afterPendingWrites.ts)", async () => {
    const target = await scripted((_request, response) => response.writeHead(200, json).end("{}"));
    const http = connect({ baseUrl: target.origin, concurrency: 1 });
    const first = http.send(get("/first"));
    const second = http.send(get("/second"));
    await first;
    const seenWhenFirstReturned = [...target.paths];
    await second;
    expect(seenWhenFirstReturned).toEqual(["/first", "/second"]);
  });
});

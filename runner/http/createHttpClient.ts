/**
 * The HTTP client the runner uses: undici, hardened so that nothing a target does can crash,
 * hang or leak — every outcome is an Exchange (types.ts). It paces itself to the target's rate
 * limit (announced in RateLimit fields, or learned from 429 answers: createRateLimiter.ts), stops
 * sending when the target stops answering (a circuit breaker) or when the run passes its time
 * limit, and says why in every exchange it did not send.
 */
import { afterPendingWrites } from "./afterPendingWrites.js";
import { buildExchange, type SentRequest } from "./buildExchange.js";
import { createDispatcher } from "./createDispatcher.js";
import { createRateLimiter } from "./createRateLimiter.js";
import { createRenewableTokens } from "./renewableTokens.js";
import { suiteTroubleOfExchange, tokenRenewalTrouble } from "./suiteTrouble.js";
import { createAdaptiveSemaphore } from "./adaptiveSemaphore.js";
import { parseRetryAfter } from "./parseRetryAfter.js";
import { memoizeBounded } from "./memoizeBounded.js";
import { readRateLimitHeaders } from "./readRateLimitHeaders.js";
import { createRedactor } from "./redactSecrets.js";
import { sendOnce, type AttemptResult } from "./sendOnce.js";
import type { Exchange, TransportFailure, TransportFailureKind } from "../model/Exchange.js";
import type { ClientStop, HttpClient, HttpClientOptions, HttpClientStats, OutgoingRequest } from "./types.js";
import type { RequestPriority } from "./types.js";

/** Defaults of HttpClientOptions. */
export const HTTP_CLIENT_DEFAULTS = {
  timeoutMs: 10_000,
  maxResponseBytes: 5 * 1024 * 1024,
  concurrency: 4,
  max429Retries: 5,
  maxRetryWaitMs: 30_000,
  maxConsecutiveTransportFailures: 5,
} as const;

/** First wait after a 429 without a readable Retry-After; doubles with each further 429. */
const DEFAULT_429_WAIT_MS = 1_000;
/** Distinct reasons a token renewal failed kept for the report. */
const MAX_RENEWAL_FAILURES_KEPT = 5;

/**
 * Failures that mean the whole target (or the way to it) is not answering: a streak of them, on any
 * path, trips the breaker for the run.
 */
const TARGET_TROUBLE: ReadonlySet<TransportFailureKind> = new Set([
  "connection-refused",
  "tls",
  "proxy",
  "dns",
  // A gateway's rate limit covers every path: 429s past their waits are the target's trouble too.
  "rate-limited",
]);
/**
 * Failures one operation can have while the others answer (issue 23.2: only getWidget truncates,
 * resets, drips or sends oversized headers): a streak of them on one path stops that path only;
 * the run stops when every path it has used is stopped.
 */
const PATH_TROUBLE: ReadonlySet<TransportFailureKind> = new Set(["timeout", "connection-reset", "protocol"]);

const sleep = (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms));

/** Consecutive transport failures, from when, the last one's words, and whether all were 429s past their waits. */
interface Streak {
  readonly count: number;
  readonly since: string;
  readonly last: string;
  readonly onlyRateLimited: boolean;
}

function grow(streak: Streak | undefined, exchange: Exchange, failure: TransportFailure): Streak {
  return {
    count: (streak?.count ?? 0) + 1,
    since: streak?.since ?? exchange.startedAt,
    last: failure.message.replace(/\.$/, ""),
    onlyRateLimited: (streak?.onlyRateLimited ?? true) && failure.kind === "rate-limited",
  };
}

/** Why a streak stopped `who` ("the target", or one path), in one sentence. */
function streakStop(who: string, streak: Streak): ClientStop {
  const subject = who === "the target" ? who : `the target at ${who}`;
  return {
    at: streak.since,
    message: streak.onlyRateLimited
      ? `${subject} kept rate-limiting from ${streak.since}: ${streak.count} consecutive requests still got 429 after their waits (last: ${streak.last})`
      : `${subject} stopped answering at ${streak.since} after ${streak.count} consecutive transport failures (last: ${streak.last})`,
  };
}

/** The path of a sent URL (no query): what a per-operation streak is kept by. */
function pathOf(url: string): string {
  try {
    return new URL(url).pathname;
  } catch {
    return url;
  }
}

function positive(name: string, value: number): number {
  if (!(value > 0) || !Number.isFinite(value))
    throw new RangeError(`${name} must be a positive number, received ${String(value)}`);
  return value;
}

function nonNegativeInteger(name: string, value: number): number {
  if (!Number.isInteger(value) || value < 0)
    throw new RangeError(`${name} must be a whole number ≥ 0, received ${String(value)}`);
  return value;
}

/** A URL below the base URL, with the parts of it the client reads (each a string built once). */
interface ResolvedUrl {
  readonly href: string;
  readonly origin: string;
  readonly pathname: string;
  /** pathname + search. */
  readonly pathAndQuery: string;
}

/** The URL of a path below the base URL ("http://h/api" + "/x" → "http://h/api/x"); throws when it is none. */
function resolveUrl(baseUrl: string, path: string): ResolvedUrl {
  const url = new URL(baseUrl.replace(/\/+$/, "") + (path.startsWith("/") ? path : `/${path}`));
  return { href: url.href, origin: url.origin, pathname: url.pathname, pathAndQuery: url.pathname + url.search };
}

/** Distinct paths (and sent URLs) whose resolution a client keeps: a run uses a few dozen. */
const RESOLVED_KEPT = 512;

const seconds = (ms: number): string => `${Math.round(ms / 100) / 10} s`;

/** Creates a client bound to one target. Invalid options throw a RangeError naming the value. */
export function createHttpClient(options: HttpClientOptions): HttpClient {
  const base = new URL(options.baseUrl);
  const resolve = memoizeBounded((path: string) => resolveUrl(options.baseUrl, path), RESOLVED_KEPT);
  const sentPathOf = memoizeBounded(pathOf, RESOLVED_KEPT);
  if (base.protocol !== "http:" && base.protocol !== "https:") {
    throw new RangeError(`baseUrl must be an http(s) URL, received ${base.protocol}`);
  }
  const timeoutMs = positive("timeoutMs", options.timeoutMs ?? HTTP_CLIENT_DEFAULTS.timeoutMs);
  const maxResponseBytes = positive(
    "maxResponseBytes",
    options.maxResponseBytes ?? HTTP_CLIENT_DEFAULTS.maxResponseBytes,
  );
  const max429Retries = nonNegativeInteger(
    "max429Retries",
    options.max429Retries ?? HTTP_CLIENT_DEFAULTS.max429Retries,
  );
  const maxRetryWaitMs = nonNegativeInteger(
    "maxRetryWaitMs",
    options.maxRetryWaitMs ?? HTTP_CLIENT_DEFAULTS.maxRetryWaitMs,
  );
  const breakerLimit = positive(
    "maxConsecutiveTransportFailures",
    options.maxConsecutiveTransportFailures ?? HTTP_CLIENT_DEFAULTS.maxConsecutiveTransportFailures,
  );
  // The run's clock starts when the run does (its preflight included), not when this client is made.
  const startedAt =
    options.runStartedAt === undefined ? performance.now() : options.runStartedAt - performance.timeOrigin;
  const deadline =
    options.maxRunTimeMs === undefined ? undefined : startedAt + positive("maxRunTimeMs", options.maxRunTimeMs);
  let renewed = 0;
  const renewalFailures: string[] = [];
  let secrets = [...options.secrets];
  let redactor = createRedactor(secrets);
  // A token obtained anew is a secret before any request carries it: in this client's exchanges, and wherever onSecret tells.
  const tokens = createRenewableTokens(
    options.renewableTokens ?? [],
    (value, placeholder) => {
      secrets = [...secrets, { value, placeholder }];
      redactor = createRedactor(secrets);
      options.onSecret?.({ value, placeholder });
      renewed += 1;
    },
    (sentence) => {
      if (!renewalFailures.includes(sentence) && renewalFailures.length < MAX_RENEWAL_FAILURES_KEPT)
        renewalFailures.push(sentence);
      // The 401 that follows is the identity provider's outage, not the target's refusal: the run stops (exit 2).
      stop ??= { at: new Date().toISOString(), message: tokenRenewalTrouble(sentence), ownTrouble: true };
    },
  );
  // issue 42.1: fixed with --concurrency, else the level the target takes (adaptiveSemaphore.ts).
  const semaphore = createAdaptiveSemaphore({ fixed: options.concurrency, cap: options.maxConcurrency });
  const limiter = createRateLimiter(options.rateLimitPerSecond);
  const dispatcher = createDispatcher({
    connections: semaphore.cap,
    timeoutMs,
    ...(options.ca ? { ca: options.ca } : {}),
    ...(options.insecure ? { insecure: true } : {}),
    ...(options.clientCertificate ? { clientCertificate: options.clientCertificate } : {}),
    ...(options.proxy ? { proxy: options.proxy } : {}),
  });

  let closed = false;
  let requests = 0;
  let retries429 = 0;
  let transportFailures = 0;
  let streak: Streak | undefined;
  const pathStreaks = new Map<string, Streak>();
  const pathStops = new Map<string, ClientStop>();
  let stop: ClientStop | undefined;
  const durations = new Map<string, number[]>();

  /** Stops the run for its time limit (unless something stopped it first), and says why it stopped. */
  const passDeadline = (): ClientStop => {
    if (stop === undefined) {
      const at = new Date().toISOString();
      stop = {
        at,
        message: `the run passed its time limit (--max-run-time ${seconds(options.maxRunTimeMs ?? 0)}) at ${at}`,
      };
    }
    return stop;
  };
  /** Why nothing more is sent, if so: the breaker tripped, or the run's time is up. */
  const stopped = (): ClientStop | undefined =>
    stop === undefined && deadline !== undefined && performance.now() >= deadline ? passDeadline() : stop;

  /** One attempt, inside the concurrency and rate limits and the run's deadline; `ticket` numbers its start. */
  const attempt = async (
    sent: SentRequest,
    url: ResolvedUrl,
    requestTimeoutMs: number,
    priority?: RequestPriority,
  ): Promise<AttemptResult & { ticket?: number }> => {
    const release = await semaphore.acquire(priority);
    try {
      const ticket = await limiter.take();
      if (closed) return failedAttempt("other", "the HTTP client is closed.");
      const halted = stopped() ?? pathStops.get(url.pathname);
      if (halted) return failedAttempt("stopped", `stopped: ${halted.message}; the request was not sent.`);
      const left = deadline === undefined ? Infinity : deadline - performance.now();
      const once = () => {
        requests += 1;
        return sendOnce(dispatcher, {
          origin: url.origin,
          pathAndQuery: url.pathAndQuery,
          method: sent.method,
          headers: sent.headers,
          body: sent.body,
          timeoutMs: Math.max(1, Math.min(requestTimeoutMs, left)),
          maxResponseBytes,
        });
      };
      let result = await semaphore.observe(once());
      // A kept-alive connection the target closed while this process was busy (its idle timer fired
      // before undici's did) resets before any answer: the request is sent again, once, on a new
      // connection. Every operation of the interface is a read (§1), so a second send changes nothing.
      // When the second send gets no answer either, the first failure is the one reported.
      if (result.failure?.kind === "connection-reset" && !result.response && !stopped()) {
        const again = await semaphore.observe(once());
        if (again.response) result = again;
      }
      // A request cut short by the run's deadline did not time out on its own: its timer was the deadline's
      // (which may fire a millisecond before performance.now() reaches the deadline).
      if (result.failure?.kind === "timeout" && left < requestTimeoutMs) {
        const late = passDeadline();
        return {
          ...result,
          failure: { kind: "stopped", message: `stopped: ${late.message}; the request was cut short.` },
          ticket,
        };
      }
      return { ...result, ticket };
    } finally {
      release();
    }
  };

  /** The 429 kept as it came, with the reason it is not waited out any longer. */
  const rateLimited = (
    result: AttemptResult,
    retries: number,
    waitedMs: number,
    askedMs: number | undefined,
  ): AttemptResult => {
    const slowest = limiter.slowest();
    const hint = `lower the request rate with --rate-limit${slowest === undefined ? "" : ` (e.g. --rate-limit ${Math.max(1, Math.floor(slowest))})`}, or raise --max-retry-wait`;
    const message =
      askedMs !== undefined && askedMs > maxRetryWaitMs
        ? `the target answered 429 (rate limited) and asked to wait ${seconds(askedMs)}, longer than --max-retry-wait ${seconds(maxRetryWaitMs)}; ${hint}.`
        : `the target still answered 429 (rate limited) after ${retries} retr${retries === 1 ? "y" : "ies"} over ${seconds(waitedMs)} (--max-retry-wait ${seconds(maxRetryWaitMs)}); ${hint}.`;
    return { ...result, failure: { kind: "rate-limited", message } };
  };

  /**
   * Sends with the renewable tokens' current values; after a 401 to one, obtains it anew and sends once more
   * (never for a probe of wrong credentials, whose 401 is the answer it asks for).
   */
  const send = async (request: OutgoingRequest): Promise<Exchange> => {
    const first = { ...request, path: tokens.currentPath(request.path), headers: tokens.current(request.headers) };
    const answer = await sendWaitingOut429(first);
    if (answer.response !== undefined && answer.response.status !== 401) tokens.accepted(first.headers);
    if (answer.response?.status !== 401 || request.probesCredentials === true) return answer;
    if (!(await tokens.renewAfter401(first.headers))) return answer;
    const again = { ...request, path: tokens.currentPath(request.path), headers: tokens.current(request.headers) };
    // Sent again with the new token at once, never behind others (issue 42.2): the new token is fresh now.
    again.priority = undefined;
    const second = await sendWaitingOut429(again);
    if (second.response !== undefined && second.response.status !== 401) tokens.accepted(again.headers);
    return second;
  };

  const sendWaitingOut429 = async (request: OutgoingRequest): Promise<Exchange> => {
    const method = (request.method ?? "POST").toUpperCase();
    const requestTimeoutMs = request.timeoutMs ?? timeoutMs;
    let url: ResolvedUrl;
    let body: string | undefined;
    try {
      url = resolve(request.path);
      if (url.origin !== base.origin) throw new Error(`the path leaves the target's origin`);
      body =
        request.body === undefined
          ? undefined
          : "raw" in request.body
            ? request.body.raw
            : JSON.stringify(request.body.json);
      if (request.body !== undefined && body === undefined) throw new Error("the JSON body serialises to nothing");
    } catch (error) {
      const reason = error instanceof Error ? error.message : String(error);
      const sent = { method, url: `${options.baseUrl}${request.path}`, headers: request.headers };
      return record(
        sent,
        request.path,
        failedAttempt("other", `the request could not be built: ${reason}.`),
        requestTimeoutMs,
        0,
      );
    }
    const sent: SentRequest = {
      method,
      url: url.href,
      headers: request.headers,
      ...(body === undefined ? {} : { body }),
    };

    let retries = 0;
    let waitedMs = 0;
    for (;;) {
      const { ticket, ...result } = await attempt(sent, url, requestTimeoutMs, request.priority);
      const quota = result.response === undefined ? undefined : readRateLimitHeaders(result.response.headers);
      if (result.response?.status !== 429) {
        if (result.response !== undefined && ticket !== undefined) limiter.answered(ticket, quota);
        return record(sent, request.path, result, requestTimeoutMs, retries);
      }
      // The waited-out 429 is part of the run's traffic (the HAR log records it) though no check sees it.
      if (options.onExchange)
        options.onExchange(
          buildExchange(sent, result, {
            redactor,
            timeoutMs: requestTimeoutMs,
            maxResponseBytes,
            retriesAfter429: retries,
          }),
        );
      const asked = parseRetryAfter(result.response.headers["retry-after"]);
      const wait = asked ?? DEFAULT_429_WAIT_MS * 2 ** retries;
      const givesUp = closed || retries >= max429Retries || waitedMs + wait > maxRetryWaitMs;
      // The pace learns from every 429 (createRateLimiter.ts decides whether the pace caused it), except
      // one asking for longer than --max-retry-wait: a quota no pace cures, and holding every start for
      // part of a wait that is never honoured would only stall the run (the target-wide breaker stops it).
      const honourable = asked === undefined || asked <= maxRetryWaitMs;
      if (ticket !== undefined && honourable) limiter.rateLimited(ticket, Math.min(wait, maxRetryWaitMs), quota);
      if (givesUp)
        return record(sent, request.path, rateLimited(result, retries, waitedMs, asked), requestTimeoutMs, retries);
      retries += 1;
      retries429 += 1;
      waitedMs += wait;
      await sleep(wait);
    }
  };

  /**
   * Counts consecutive transport failures: of the whole target (refused, DNS, TLS, proxy, 429s past
   * their waits) on any path, and of one path (timeouts, resets, malformed answers). At the limit the
   * client stops sending: to the target, or to that path; once every path used is stopped, to the target.
   */
  const watch = (exchange: Exchange, path: string): void => {
    const failure = exchange.failure;
    const own = suiteTroubleOfExchange(exchange);
    if (own !== undefined) stop ??= { at: exchange.startedAt, message: own, ownTrouble: true };
    const answered = exchange.response !== undefined && failure?.kind !== "stopped";
    if (failure === undefined || !(TARGET_TROUBLE.has(failure.kind) || PATH_TROUBLE.has(failure.kind))) {
      if (answered) {
        streak = undefined;
        pathStreaks.delete(path);
      }
      if (failure?.kind !== "stopped") usedPaths.add(path);
      return;
    }
    usedPaths.add(path);
    if (TARGET_TROUBLE.has(failure.kind)) {
      streak = grow(streak, exchange, failure);
      if (streak.count >= breakerLimit && stop === undefined) stop = streakStop("the target", streak);
      return;
    }
    const pathStreak = grow(pathStreaks.get(path), exchange, failure);
    pathStreaks.set(path, pathStreak);
    if (pathStreak.count >= breakerLimit && !pathStops.has(path)) {
      pathStops.set(path, streakStop(path, pathStreak));
      if (stop === undefined && [...usedPaths].every((used) => pathStops.has(used))) {
        stop = {
          at: pathStreak.since,
          message:
            usedPaths.size === 1
              ? (pathStops.get(path) as ClientStop).message
              : `every path of the target stopped answering (${[...pathStops.values()].map((one) => one.message).join("; ")})`,
        };
      }
    }
  };
  const usedPaths = new Set<string>();

  const record = (
    sent: SentRequest,
    path: string,
    result: AttemptResult,
    requestTimeoutMs: number,
    retries: number,
  ): Exchange => {
    const exchange = buildExchange(sent, result, {
      redactor,
      timeoutMs: requestTimeoutMs,
      maxResponseBytes,
      retriesAfter429: retries,
    });
    if (exchange.failure !== undefined && exchange.failure.kind !== "stopped") transportFailures += 1;
    watch(exchange, sentPathOf(sent.url));
    options.onExchange?.(exchange);
    if (exchange.response !== undefined) {
      const key = path.split("?")[0] ?? path;
      const list = durations.get(key) ?? [];
      list.push(exchange.durationMs);
      durations.set(key, list);
    }
    return exchange;
  };

  return {
    async send(request) {
      try {
        const exchange = await send(request);
        await afterPendingWrites();
        return exchange;
      } catch (error) {
        // Last resort: a bug of ours must still not surface as a rejection.
        const reason = error instanceof Error ? error.message : String(error);
        const sent = {
          method: request.method ?? "POST",
          url: `${options.baseUrl}${request.path}`,
          headers: request.headers,
        };
        return record(
          sent,
          request.path,
          failedAttempt("other", `internal error of the HTTP client: ${reason}`),
          timeoutMs,
          0,
        );
      }
    },
    stats(): HttpClientStats {
      const slowest = limiter.slowest();
      const pacing = limiter.pacing();
      return {
        requests,
        retries429,
        transportFailures,
        ...(slowest === undefined ? {} : { slowestRatePerSecond: slowest }),
        ...(pacing === undefined ? {} : { pacing }),
        ...(renewed > 0 || renewalFailures.length > 0
          ? { tokenRenewals: { renewed, failures: [...renewalFailures] } }
          : {}),
      };
    },
    durationsByPath: () => new Map([...durations].map(([path, list]) => [path, [...list]])),
    stopped,
    async close() {
      if (closed) return;
      closed = true;
      await dispatcher.close();
    },
  };
}

function failedAttempt(kind: TransportFailure["kind"], message: string): AttemptResult {
  return { failure: { kind, message }, startedAt: new Date().toISOString(), durationMs: 0 };
}

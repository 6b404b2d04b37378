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
import { HOSTILE_ANSWERS } from "./hostile/answers/hostileAnswers.js";
import { gzipOfZeros } from "./hostile/answers/gzipAnswers.js";
import { createAnswerTimers } from "./hostile/answerTimers.js";
import { startDecoy } from "./hostile/decoyServer.js";
import { behaviourOfPath } from "./hostile/hostileBehaviours.js";
import type { HostileBehaviour } from "./hostile/hostileBehaviours.js";
import type { HostileRequestRecord } from "./hostile/HostileRequestRecord.js";
import { startHostileServer } from "./hostile/hostileServer.js";
import { resolveHostileSettings, type HostileTargetOptions } from "./hostile/hostileSettings.js";
import { createRequestLedger } from "./hostile/requestLedger.js";

export { HOSTILE_BEHAVIOURS, type HostileBehaviour } from "./hostile/hostileBehaviours.js";
export { HOSTILE_STRINGS } from "./hostile/answers/hostileStringAnswers.js";
export { credentialFragments, ECHO_FORMS } from "./hostile/answers/echoAnswers.js";
export type { HostileTargetOptions } from "./hostile/hostileSettings.js";
export type { HostileRequestRecord } from "./hostile/HostileRequestRecord.js";
export { unusedBaseUrl } from "./hostile/unusedBaseUrl.js";

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

/** Starts a hostile target on 127.0.0.1 with a free port. */
export async function startHostileTarget(options: HostileTargetOptions = {}): Promise<HostileTarget> {
  const settings = resolveHostileSettings(options);
  // Big bodies are built once, on first use.
  const gzipBomb = (): Promise<Buffer> => gzipOfZeros(settings.bombBytes);
  const bodies = new Map<string, Buffer>();
  const cachedBody = (key: string, build: () => string): Buffer => {
    let body = bodies.get(key);
    if (!body) bodies.set(key, (body = Buffer.from(build())));
    return body;
  };
  const decoy = await startDecoy();
  const ledger = createRequestLedger();
  const timers = createAnswerTimers();
  let streamed = 0;
  const countStreamed = (bytes: number): void => {
    streamed += bytes;
  };
  const server = await startHostileServer(ledger.track, (path, request, response) =>
    HOSTILE_ANSWERS[behaviourOfPath(path, settings.behaviour)]({
      path,
      request,
      response,
      settings,
      decoyOrigin: decoy.origin,
      later: (ms, action, repeat) => timers.later(response, ms, action, repeat),
      cachedBody,
      countStreamed,
      hits: ledger.hits,
      gzipBomb,
    }),
  );
  const origin = `http://127.0.0.1:${server.port}`;

  return {
    origin,
    baseUrl: origin,
    baseUrlFor: (behaviour) => `${origin}/${behaviour}`,
    hits: ledger.hits,
    requests: ledger.requests,
    maxConcurrent: ledger.maxConcurrent,
    bytesStreamed: () => streamed,
    decoyRequests: () => decoy.requests,
    prepare: async () => {
      await gzipBomb();
    },
    close: async () => {
      timers.clearAll();
      await server.close();
      await decoy.close();
    },
  };
}

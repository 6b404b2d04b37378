/**
 * The flow-control layer of the HTTP client: the one way a request goes to the target. It owns one state
 * (flowState.ts): the pace (learnt from RateLimit fields and 429s), the window of requests in flight (AIMD),
 * the stops (the circuit breaker per target and per path, the run's deadline) and the retry budget. The
 * client calls send() once per request; each attempt of it waits for a place in the window, then for its
 * slot in the pace, is never sent once a stop holds, is cut at the run's deadline, and teaches the window
 * its latency; "not now" answers (429, 502, 503, 504) are waited out within the budget (retryNotNow.ts).
 *
 * undici's interceptors do not fit here. Its retry interceptor (`interceptors.retry`, which honours
 * Retry-After) hides the intermediate attempts inside one dispatch, while every attempt must be recorded (the
 * run's HAR log, the exchange log) and each 429 must teach the pace: the retry loop keeps undici's
 * statusCodes, back-off and Retry-After handling but stays ours. The pace and the window wait before a
 * request is dispatched and learn from its answer, across every request of the run: a per-dispatch
 * interceptor sees one request at a time and could only block inside undici's pool.
 */
import { sendUntilAnswered, type RetriedRequest } from "./retryNotNow.js";
import type { FlowState, PacedResult } from "./flowState.js";
import type { Connection } from "../clientConnection.js";
import type { ExchangeRecorder } from "../exchangeRecorder.js";
import { failedAttempt } from "../failedAttempt.js";
import type { HttpClientStats } from "../types.js";
import type { Exchange } from "../../model/Exchange.js";

/** The flow control of one client. */
export interface FlowControl {
  /** Sends `request`, paced, within the window and the stops, waiting out its "not now" answers; never rejects for the target's sake. */
  send(request: RetriedRequest): Promise<Exchange>;
}

/** One attempt of `request`: in the window, at the pace, never after a stop, cut at the run's deadline. */
async function pacedAttempt(state: FlowState, connection: Connection, request: RetriedRequest): Promise<PacedResult> {
  const { window, pace, stops } = state;
  const { sent, url, timeoutMs: requestTimeoutMs } = request;
  // A request sent ahead of its turn waits behind the others (issue 42.2).
  const release = await window.acquire(request.priority);
  try {
    const ticket = await pace.take();
    if (state.closed) return failedAttempt("other", "the HTTP client is closed.");
    const halted = stops.stopped() ?? stops.pathStopped(url.pathname);
    if (halted) return failedAttempt("stopped", `stopped: ${halted.message}; the request was not sent.`);
    const left = stops.left();
    const timeoutMs = Math.max(1, Math.min(requestTimeoutMs, left));
    // The adaptive limit learns the attempt's latency and whether the target pushed back (issue 42.1).
    const result = await window.observe(connection.send(sent, url, timeoutMs, () => stops.stopped() !== undefined));
    // A request cut short by the run's deadline did not time out on its own: its timer was the deadline's
    // (which may fire a millisecond before performance.now() reaches the deadline).
    if (result.failure?.kind === "timeout" && left < requestTimeoutMs) {
      const late = stops.passDeadline();
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
}

/** The flow control over `state`, sending on `connection` and recording every attempt with `recorder`. */
export function createFlowControl(state: FlowState, connection: Connection, recorder: ExchangeRecorder): FlowControl {
  const attempt = (request: RetriedRequest): Promise<PacedResult> => pacedAttempt(state, connection, request);
  return { send: (request) => sendUntilAnswered(state, attempt, recorder, request) };
}

/** What the flow state tells the run's report: retries spent, and the pace it settled on. */
export function flowStats(
  state: FlowState,
): Pick<HttpClientStats, "retries429" | "slowestRatePerSecond" | "pacing" | "retriesUnavailable"> {
  const slowest = state.pace.slowest();
  const pacing = state.pace.pacing();
  const { rateLimited, unavailable } = state.spent;
  return {
    retries429: rateLimited,
    ...(slowest === undefined ? {} : { slowestRatePerSecond: slowest }),
    ...(pacing === undefined ? {} : { pacing }),
    ...(Object.keys(unavailable).length === 0 ? {} : { retriesUnavailable: { ...unavailable } }),
  };
}

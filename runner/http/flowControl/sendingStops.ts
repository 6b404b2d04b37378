/**
 * Whether a client still sends, and why not: the circuit breaker (circuitBreaker.ts), the run's
 * time limit, and the suite's own trouble (a token command that failed, a proxy's 407). The first
 * reason to stop is the one kept.
 */
import { createCircuitBreaker } from "./circuitBreaker.js";
import { seconds, type ClientSettings } from "../clientSettings.js";
import { suiteTroubleOfExchange } from "../suiteTrouble.js";
import type { Exchange } from "../../model/Exchange.js";
import type { ClientStop } from "../types.js";

/** The stop of one client. */
export interface SendingStops {
  /** Why nothing more is sent, if so: the breaker tripped, the run's time is up, or the suite's own trouble. */
  stopped(): ClientStop | undefined;
  /** Why nothing more is sent to `pathname`, when that path's own streak stopped it. */
  pathStopped(pathname: string): ClientStop | undefined;
  /** Stops the run for its time limit (unless something stopped it first), and says why it stopped. */
  passDeadline(): ClientStop;
  /** Milliseconds left before the run's deadline (Infinity without one). */
  left(): number;
  /** Stops the run for `stop`, unless something stopped it first. */
  stopFor(stop: ClientStop): void;
  /** Counts an exchange sent to `path` (its suite trouble, its transport failure). */
  watch(exchange: Exchange, path: string): void;
}

/** The stops of a client with `settings`; `maxRunTimeMs` names the limit in its sentence. */
export function createSendingStops(settings: ClientSettings, maxRunTimeMs: number | undefined): SendingStops {
  const { deadline } = settings;
  const breaker = createCircuitBreaker(settings.breakerLimit);
  let stop: ClientStop | undefined;
  const passDeadline = (): ClientStop => {
    if (stop === undefined) {
      const at = new Date().toISOString();
      stop = { at, message: `the run passed its time limit (--max-run-time ${seconds(maxRunTimeMs ?? 0)}) at ${at}` };
    }
    return stop;
  };
  return {
    stopped: () =>
      stop === undefined && deadline !== undefined && performance.now() >= deadline ? passDeadline() : stop,
    pathStopped: (pathname) => breaker.pathStopped(pathname),
    passDeadline,
    left: () => (deadline === undefined ? Infinity : deadline - performance.now()),
    stopFor(candidate) {
      stop ??= candidate;
    },
    watch(exchange, path) {
      const own = suiteTroubleOfExchange(exchange);
      if (own !== undefined) stop ??= { at: exchange.startedAt, message: own, ownTrouble: true };
      const tripped = breaker.watch(exchange, path);
      if (tripped !== undefined) stop ??= tripped;
    },
  };
}

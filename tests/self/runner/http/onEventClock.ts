/**
 * A discrete-event clock for tests whose product code paces itself with `performance.now`, `Date` and
 * `setTimeout` around real sockets (issue 45.4): the clock is fake, and it moves only while nothing is on the
 * wire. Every request the HTTP client sent (undici's diagnostics channels count them) is answered, or the
 * work waits on a timer, before the clock jumps to the next timer; so the time the product sees is the
 * schedule it made, never how fast this machine served the sockets, and a run's schedule is the same on any
 * machine, loaded or idle. A target that holds requests unanswered on purpose (they end at the client's
 * timeout, a timer) says how many it holds, so that they do not count as on the wire.
 */
import { subscribe, unsubscribe } from "node:diagnostics_channel";
import { vi } from "vitest";

/** Turns of the event loop with no request on the wire before the work counts as waiting on a timer. */
const QUIET_TURNS = 8;

const turn = (): Promise<void> => new Promise((resolve) => setImmediate(resolve));

/** Options of onEventClock. */
export interface EventClockOptions {
  /** Where Date starts (default: the real now). */
  readonly now?: number;
  /** How many requests the target holds unanswered now (they wait on the client's timeout). */
  readonly held?: () => number;
}

/** Runs `work` on the fake clock (setTimeout, clearTimeout, performance, Date); what it returned. */
export async function onEventClock<T>(work: () => Promise<T>, options: EventClockOptions = {}): Promise<T> {
  const { now = Date.now(), held = () => 0 } = options;
  let onWire = 0;
  const sent = (): void => {
    onWire += 1;
  };
  const settled = (): void => {
    onWire -= 1;
  };
  subscribe("undici:request:create", sent);
  subscribe("undici:request:trailers", settled);
  subscribe("undici:request:error", settled);
  vi.useFakeTimers({ toFake: ["setTimeout", "clearTimeout", "performance", "Date"], now });
  try {
    let outcome: { value: T } | { error: unknown } | undefined;
    void work().then(
      (value) => (outcome = { value }),
      (error: unknown) => (outcome = { error }),
    );
    while (outcome === undefined) {
      let quiet = 0;
      while (outcome === undefined && quiet < QUIET_TURNS) {
        await turn();
        quiet = onWire - held() <= 0 ? quiet + 1 : 0;
      }
      // Nothing on the wire and no timer: the work waits on other I/O (a server closing); let it.
      if (outcome === undefined && vi.getTimerCount() > 0) vi.advanceTimersToNextTimer();
    }
    if ("error" in outcome) throw outcome.error;
    return outcome.value;
  } finally {
    vi.useRealTimers();
    unsubscribe("undici:request:create", sent);
    unsubscribe("undici:request:trailers", settled);
    unsubscribe("undici:request:error", settled);
  }
}

/**
 * Requests of a property's examples sent before their turn (issue 42.2): fast-check runs the examples one
 * after another, so against a target 100 ms away each example waited out the one before it. runProperty
 * knows the examples to come (the same seed draws the same values) and starts their requests early;
 * the example, when its turn comes, takes the exchange of an equal value instead of sending again.
 * Equal means the same JSON: the request a value makes is its JSON (TargetSession serialises the body),
 * so an exchange taken is the answer to the very request the example would have sent. A value with no
 * JSON (a cycle, a BigInt) is simply sent in its turn. A request sent ahead is in the background: it lets
 * every other request queued for the connections go first (the walks and reads other checks wait on), until
 * its example's turn comes.
 */
import type { Exchange } from "../../../runner/model/Exchange.js";
import type { RequestPriority } from "../../../runner/http/types.js";

/** Sends a value's request ahead of its turn, and hands the exchange to the example when it comes. */
export interface SendAhead<T> {
  /** Sends `value`'s request now, for send(value) to take later. */
  start(value: T): void;
  /** `value`'s exchange: one started ahead for an equal value (each taken once), else sent now. */
  send(value: T): Promise<Exchange>;
  /** Forgets the exchanges started and never taken (the property ended before their turn). */
  discard(): void;
}

function keyOf(value: unknown): string | undefined {
  try {
    return JSON.stringify(value);
  } catch {
    return undefined;
  }
}

/** Requests made by `send`, each startable ahead of its turn. */
export function sendAhead<T>(send: (value: T, priority?: RequestPriority) => Promise<Exchange>): SendAhead<T> {
  const started = new Map<string, { readonly exchange: Promise<Exchange>; readonly priority: RequestPriority }[]>();
  return {
    start(value) {
      const key = keyOf(value);
      if (key === undefined) return;
      const priority = { background: true };
      const queue = started.get(key) ?? [];
      queue.push({ exchange: send(value, priority), priority });
      started.set(key, queue);
    },
    send(value) {
      const key = keyOf(value);
      const queue = key === undefined ? undefined : started.get(key);
      const ahead = queue?.shift();
      if (queue?.length === 0) started.delete(key as string);
      if (ahead === undefined) return send(value);
      // Its turn has come: it no longer lets others go first.
      ahead.priority.background = false;
      return ahead.exchange;
    },
    discard: () => started.clear(),
  };
}

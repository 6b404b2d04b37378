/** The timers of delayed and repeated answers, all cleared when the target closes. */
import type { ServerResponse } from "node:http";

/** Timers tied to answers. */
export interface AnswerTimers {
  /** A timer cleared on close and when the answer ends or its connection goes away. */
  later(response: ServerResponse, ms: number, action: () => void, repeat?: boolean): void;
  /** Clears every timer still set. */
  clearAll(): void;
}

/** No timers yet. */
export function createAnswerTimers(): AnswerTimers {
  const timers = new Set<NodeJS.Timeout>();
  return {
    later: (response, ms, action, repeat = false) => {
      const timer = repeat ? setInterval(action, ms) : setTimeout(action, ms);
      timers.add(timer);
      response.once("close", () => {
        clearTimeout(timer);
        timers.delete(timer);
      });
    },
    clearAll: () => {
      for (const timer of timers) clearTimeout(timer);
      timers.clear();
    },
  };
}

/**
 * adaptiveConcurrency (issue 42.1): slow start from 4, additive increase past the threshold, halving on a
 * push-back or on latency grown well past the fastest seen (once per round trip), the cap, and the fixed
 * limit of --concurrency. Synthetic latencies on an injected clock: nothing here reads the wall clock.
 */
import { describe, expect, it } from "vitest";
import { adaptiveConcurrency, fixedConcurrency } from "../../../../../runner/http/flowControl/adaptiveConcurrency.js";

/** A controller on a clock the test moves, and a helper that feeds it one round trip of answers. */
function controlled(cap?: number) {
  let clock = 0;
  const controller = adaptiveConcurrency({ now: () => clock, ...(cap === undefined ? {} : { cap }) });
  /** One round trip: `limit()` requests start now and all end `latencyMs` later, pushed back or not. */
  const roundTrip = (latencyMs: number, pushback = false): number => {
    const startedAt = clock;
    const inFlight = controller.limit();
    clock += latencyMs;
    for (let index = 0; index < inFlight; index += 1)
      controller.sample({ latencyMs, pushback, startedAt, saturated: true });
    return controller.limit();
  };
  return { controller, roundTrip, advance: (ms: number) => (clock += ms), now: () => clock };
}

describe("adaptiveConcurrency", () => {
  it("starts at 4 and doubles each round trip while the latency holds, up to the cap of 32", () => {
    const { controller, roundTrip } = controlled();
    expect(controller.limit()).toBe(4);
    expect([roundTrip(100), roundTrip(100), roundTrip(100), roundTrip(100)]).toEqual([8, 16, 32, 32]);
    expect(controller.figures()).toEqual({ limit: 32, highest: 32, decreases: 0 });
  });

  it("halves on a 429/503/refusal, once for the whole round trip that met it", () => {
    const { controller, roundTrip } = controlled();
    roundTrip(100);
    roundTrip(100); // 16
    expect(roundTrip(100, true)).toBe(8);
    expect(controller.figures().decreases).toBe(1);
  });

  it("past a decrease grows by one per round trip (additive increase), not by doubling", () => {
    const { roundTrip } = controlled();
    roundTrip(100);
    roundTrip(100);
    roundTrip(100, true); // 16 → 8, threshold 8
    // 1/limit per answer: just under one more per round trip (doubling would reach 32).
    expect([roundTrip(100), roundTrip(100), roundTrip(100), roundTrip(100)]).toEqual([8, 9, 10, 11]);
  });

  it("halves again when a request started after the decrease is pushed back", () => {
    const { controller, roundTrip } = controlled();
    roundTrip(100);
    roundTrip(100, true); // 8 → 4
    expect(roundTrip(100, true)).toBe(2);
    expect(roundTrip(100, true)).toBe(1);
    expect(roundTrip(100, true)).toBe(1);
    expect(controller.figures().decreases).toBe(4);
  });

  it("backs off when a round's mean latency grows past twice the fastest round's and 25 ms more", () => {
    const { controller, roundTrip } = controlled();
    roundTrip(100);
    roundTrip(100); // 16, fastest 100 ms
    let limit = controller.limit();
    for (let trip = 0; trip < 6 && limit >= 16; trip += 1) limit = roundTrip(400);
    expect(limit).toBeLessThan(16);
    expect(controller.figures().decreases).toBeGreaterThan(0);
  });

  it("keeps growing when the latency wavers within the slack (a loopback target answering in 1 to 20 ms)", () => {
    const { controller, roundTrip } = controlled();
    for (const latency of [1, 20, 3, 18, 2, 20, 1, 15]) roundTrip(latency);
    expect(controller.limit()).toBe(32);
    expect(controller.figures().decreases).toBe(0);
  });

  it("honours a cap below the start", () => {
    const { controller, roundTrip } = controlled(2);
    expect(controller.limit()).toBe(2);
    expect(roundTrip(100)).toBe(2);
  });

  it("refuses a cap that is not a whole number ≥ 1", () => {
    expect(() => adaptiveConcurrency({ now: () => 0, cap: 0 })).toThrow(RangeError);
  });
});

describe("fixedConcurrency", () => {
  it("never moves, whatever the answers", () => {
    const controller = fixedConcurrency(6);
    controller.sample({ latencyMs: 5000, pushback: true, startedAt: 0, saturated: true });
    controller.sample({ latencyMs: 1, pushback: false, startedAt: 1, saturated: true });
    expect(controller.limit()).toBe(6);
    expect(controller.figures()).toEqual({ limit: 6, highest: 6, decreases: 0 });
  });
});

describe("adaptiveConcurrency and a busy client", () => {
  it("does not halve for one slow round (the client's own event loop was late), only for two in a row", () => {
    let clock = 0;
    const controller = adaptiveConcurrency({ now: () => clock });
    const answers = (count: number, latencyMs: number) => {
      for (let index = 0; index < count; index += 1) {
        controller.sample({ latencyMs, pushback: false, startedAt: clock, saturated: true });
        clock += 1;
      }
    };
    answers(100, 100); // 32 in flight, rounds of 32 answers, the fastest at 100 ms
    expect(controller.limit()).toBe(32);
    // Half a round late (spread over two rounds at most, neither of them slow on the whole), then on time.
    answers(16, 400);
    answers(100, 100);
    expect(controller.figures().decreases).toBe(0);
    answers(96, 400); // two whole rounds late in a row at least: halved, and again while it stays late
    expect(controller.figures().decreases).toBeGreaterThanOrEqual(1);
    expect(controller.limit()).toBeLessThanOrEqual(16);
  });
});

describe("adaptiveConcurrency and a run that does not use its limit", () => {
  it("does not grow while fewer requests are wanted than the limit allows (RFC 7661)", () => {
    const controller = adaptiveConcurrency({ now: () => 0 });
    for (let index = 0; index < 100; index += 1)
      controller.sample({ latencyMs: 100, pushback: false, startedAt: 0, saturated: false });
    expect(controller.limit()).toBe(4);
    controller.sample({ latencyMs: 100, pushback: false, startedAt: 0, saturated: true });
    expect(controller.limit()).toBe(5);
  });
});

/**
 * The rate limiter on a fake clock (createRateLimiter.ts, issue 23.1): which answers set the ceiling, when
 * the hold after a 429 ends and the ceiling is counted again, when a 429 is old news, and when the target's
 * 429s come at any pace. Through real gateways, in real time: rateLimitConvergence.test.ts.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { createRateLimiter, type RateLimiter } from "../../../../../runner/http/flowControl/createRateLimiter.js";

beforeEach(() => vi.useFakeTimers({ toFake: ["performance", "setTimeout"] }));
afterEach(() => vi.useRealTimers());

/** Lets the limiter's timers run until `take` resolves; its ticket. */
async function start(limiter: RateLimiter): Promise<number> {
  let ticket: number | undefined;
  void limiter.take().then((value) => (ticket = value));
  await vi.advanceTimersByTimeAsync(0);
  while (ticket === undefined) await vi.advanceTimersByTimeAsync(1);
  return ticket;
}

/** When (fake milliseconds) each of `count` takers asked at once starts. */
async function startTimes(limiter: RateLimiter, count: number): Promise<number[]> {
  const times: number[] = [];
  const takers = Array.from({ length: count }, () => limiter.take().then(() => times.push(performance.now())));
  await vi.runAllTimersAsync();
  await Promise.all(takers);
  return times;
}

/** `count` admitted answers to requests whose start the limiter does not know: they count for the last second only. */
function admit(limiter: RateLimiter, count: number): void {
  for (let i = 0; i < count; i += 1) limiter.answered(0);
}

/** `count` 429s to requests sent before the pace last changed: they count in the share of 429s only. */
function refuseOld(limiter: RateLimiter, count: number): void {
  for (let i = 0; i < count; i += 1) limiter.rateLimited(0, 0);
}

describe("an unpaced start (taken at once, without a turn in the chain)", () => {
  it("is taken only while nothing paces the run: an announced limit spaces the next starts from the last one", async () => {
    const limiter = createRateLimiter(undefined);
    const unpaced = performance.now();
    limiter.answered(await start(limiter), { policy: { limit: 9, windowMs: 1_000 } }); // 90 %: 8.1 per second
    const [first, second] = await startTimes(limiter, 2);
    // 123.5 ms apart, each start on the first whole millisecond of its slot.
    expect(first! - unpaced).toBeGreaterThanOrEqual(123);
    expect(first! - unpaced).toBeLessThanOrEqual(125);
    expect(second! - first!).toBeGreaterThanOrEqual(122);
    expect(second! - first!).toBeLessThanOrEqual(125);
  });

  it("is taken only while nothing paces the run: a learned ceiling spaces the next starts", async () => {
    const limiter = createRateLimiter(undefined);
    limiter.rateLimited(await start(limiter), 0); // a 429, nothing admitted: a ceiling of 1 per second
    const [first, second] = await startTimes(limiter, 2);
    expect(second! - first!).toBeGreaterThanOrEqual(1_000);
  });
});

describe("an unpaced start while a taker still waits its turn", () => {
  it("goes after that taker: once the pace is dropped, a start asked for when the hold ends does not overtake one already waiting", async () => {
    // Arrange: a hold until 10 s, then the pace dropped (429s at any pace), the hold still under way.
    const limiter = createRateLimiter(undefined);
    limiter.rateLimited(await start(limiter), 10_000);
    for (let i = 0; i < 3; i += 1) {
      await vi.advanceTimersByTimeAsync(1_500);
      limiter.rateLimited(99, 0);
    }
    expect(limiter.current()).toBeUndefined();
    const tickets: Record<string, number> = {};
    // A task that runs when the hold ends, before the waiting taker wakes (here a timer set before the taker's;
    // on a busy event loop, any callback that runs while the taker's timer is late), asks for a start.
    setTimeout(() => void limiter.take().then((ticket) => (tickets.newcomer = ticket)), 10_000 - performance.now());
    void limiter.take().then((ticket) => (tickets.waiting = ticket));
    // Act
    await vi.runAllTimersAsync();
    // Assert: the one that waited starts first.
    expect(tickets.waiting).toBeLessThan(tickets.newcomer!);
  });
});

describe("start slots", () => {
  it("a start up to 5 ms late keeps its slot, so the next one comes one spacing after the slot", async () => {
    const limiter = createRateLimiter(20);
    await start(limiter);
    await vi.advanceTimersByTimeAsync(55);
    expect(await startTimes(limiter, 2)).toEqual([55, 100]);
  });

  it("a start more than 5 ms late begins the slots anew", async () => {
    const limiter = createRateLimiter(20);
    await start(limiter);
    await vi.advanceTimersByTimeAsync(56);
    expect(await startTimes(limiter, 2)).toEqual([56, 106]);
  });

  it("a taker waits for its slot on one timer set to the slot, not by polling", async () => {
    const limiter = createRateLimiter(20);
    await start(limiter);
    void limiter.take();
    await vi.advanceTimersByTimeAsync(0);
    vi.advanceTimersToNextTimer();
    expect(performance.now()).toBe(50);
  });
});

describe("the ceiling a 429 sets", () => {
  it("without a pace, is what was admitted in the last second (exactly 1000 ms before is out)", async () => {
    const limiter = createRateLimiter(undefined);
    admit(limiter, 3);
    await vi.advanceTimersByTimeAsync(1_000);
    admit(limiter, 2);
    limiter.rateLimited(await start(limiter), 5_000);
    expect(limiter.current()).toBeCloseTo(1.8, 9);
  });

  it("at a pace, is the pace when the target admitted fewer: no hold, the slowest noted at once", async () => {
    const limiter = createRateLimiter(10);
    admit(limiter, 2);
    const ticket = await start(limiter);
    limiter.rateLimited(ticket, 5_000);
    expect(limiter.slowest()).toBe(9);
    expect(limiter.current()).toBeCloseTo(9, 9);
    // One spacing at the pace, which has grown a little meanwhile; not the Retry-After.
    expect(await startTimes(limiter, 1)).toEqual([111]);
  });

  it("without a pace, every request waits out the Retry-After, then the ceiling is counted by start", async () => {
    const limiter = createRateLimiter(undefined);
    const beforeTheSecond = await start(limiter);
    await vi.advanceTimersByTimeAsync(100);
    limiter.answered(beforeTheSecond);
    await vi.advanceTimersByTimeAsync(400);
    const atItsStart = await start(limiter); // exactly 1000 ms before the 429: out of the second
    await vi.advanceTimersByTimeAsync(500);
    const inTheSecond = [await start(limiter), await start(limiter), await start(limiter)];
    await vi.advanceTimersByTimeAsync(400);
    limiter.answered(inTheSecond[0] ?? 0);
    await vi.advanceTimersByTimeAsync(100);
    const atTheEnd = await start(limiter); // at the 429: in the second
    const refused = await start(limiter);
    const rateLimitedAt = performance.now();
    expect(rateLimitedAt).toBe(1_500);
    limiter.rateLimited(refused, 2_000);
    // One answer in the second so far: a ceiling of 1, and nothing settled while the hold lasts.
    expect(limiter.current()).toBe(1);
    expect(limiter.slowest()).toBeUndefined();
    await vi.advanceTimersByTimeAsync(100);
    for (const ticket of [atItsStart, inTheSecond[1] ?? 0, inTheSecond[2] ?? 0, atTheEnd]) limiter.answered(ticket);
    expect(limiter.current()).toBe(1);
    await vi.advanceTimersByTimeAsync(1_900);
    // The hold is over: 4 of the requests started in the second before the 429 were admitted.
    expect(limiter.current()).toBeCloseTo(3.6, 9);
    expect(limiter.slowest()).toBe(3.6);
    expect(await startTimes(limiter, 1)).toEqual([rateLimitedAt + 2_000]);
  });

  it("forgets the start of the oldest of more than 4096 unanswered requests", async () => {
    const limiter = createRateLimiter(undefined);
    const tickets = await Promise.all(Array.from({ length: 4_097 }, () => limiter.take()));
    expect(tickets.at(-1)).toBe(4_097);
    limiter.rateLimited(4_097, 1_000);
    for (const ticket of [1, 2, 3, 4]) limiter.answered(ticket);
    await vi.advanceTimersByTimeAsync(1_000);
    expect(limiter.current()).toBeCloseTo(2.7, 9);
  });
  it("keeps the starts of admitted requests for a minute: an answer later than that does not count", async () => {
    const limiter = createRateLimiter(undefined);
    const atZero = [await start(limiter), await start(limiter)];
    await vi.advanceTimersByTimeAsync(300);
    const at300 = [await start(limiter), await start(limiter), await start(limiter)];
    await vi.advanceTimersByTimeAsync(200);
    limiter.rateLimited(await start(limiter), 70_000);
    await vi.advanceTimersByTimeAsync(59_500);
    for (const ticket of atZero) limiter.answered(ticket); // exactly a minute after their start: kept
    await vi.advanceTimersByTimeAsync(300);
    for (const ticket of at300) limiter.answered(ticket); // and now those of time 0 are a minute old
    await vi.advanceTimersByTimeAsync(10_200);
    expect(limiter.current()).toBeCloseTo(2.7, 9);
  });
});

describe("the share of 429s among the last answers", () => {
  it("a quarter of 16 answers refused: the target refuses for the pace, the ceiling is what it admitted, with a hold", async () => {
    const limiter = createRateLimiter(100);
    admit(limiter, 12);
    refuseOld(limiter, 3);
    limiter.rateLimited(await start(limiter), 5_000);
    expect(limiter.current()).toBeCloseTo(10.8, 9);
  });

  it("3 of 16 refused: a 429 over the pace only slows it to 90 %", async () => {
    const limiter = createRateLimiter(100);
    admit(limiter, 13);
    refuseOld(limiter, 2);
    limiter.rateLimited(await start(limiter), 5_000);
    expect(limiter.current()).toBeCloseTo(90, 9);
  });

  it("is counted over the last 32 answers", async () => {
    const limiter = createRateLimiter(100);
    admit(limiter, 1);
    refuseOld(limiter, 1);
    admit(limiter, 24);
    refuseOld(limiter, 6);
    // With the first two forgotten: 8 of 32 refused; the ceiling is the 25 admitted.
    limiter.rateLimited(await start(limiter), 5_000);
    expect(limiter.current()).toBeCloseTo(22.5, 9);
  });
});

describe("the slowest pace", () => {
  it("is the lowest announced pace below the configured rate", () => {
    const limiter = createRateLimiter(10);
    limiter.answered(0, { limit: 100, resetMs: 1_000 });
    expect(limiter.slowest()).toBeUndefined();
    limiter.answered(0, { limit: 5, resetMs: 1_000 });
    limiter.answered(0, { limit: 8, resetMs: 1_000 });
    expect(limiter.slowest()).toBe(4.5);
  });

  it("an announced pace equal to the configured rate is not slower", () => {
    const limiter = createRateLimiter(9);
    limiter.answered(0, { limit: 10, resetMs: 1_000 });
    expect(limiter.slowest()).toBeUndefined();
  });

  it("is reported beside the pace the run settled on", () => {
    const limiter = createRateLimiter(undefined);
    limiter.answered(0, { limit: 5, resetMs: 1_000 });
    limiter.answered(0, { limit: 10, resetMs: 1_000 });
    expect(limiter.pacing()).toEqual({
      source: "announced",
      settledPerSecond: 9,
      slowestPerSecond: 4.5,
      announced: { limit: 10, windowSeconds: 1 },
      slowDowns: 0,
    });
  });
});

describe("the announced limit", () => {
  it("a limit of 0 is ignored, a limit of 1 paces", () => {
    const limiter = createRateLimiter(undefined);
    limiter.answered(0, { limit: 0, resetMs: 1_000 });
    expect(limiter.current()).toBeUndefined();
    limiter.answered(0, { limit: 1, resetMs: 1_000 });
    expect(limiter.current()).toBeCloseTo(0.9, 9);
  });

  it("the configured rate settles the pace when it is the lowest", () => {
    const limiter = createRateLimiter(4);
    limiter.answered(0, { limit: 10, resetMs: 1_000 });
    expect(limiter.pacing()).toEqual({
      source: "announced",
      settledPerSecond: 4,
      slowestPerSecond: 4,
      announced: { limit: 10, windowSeconds: 1 },
      slowDowns: 0,
    });
  });

  it("a new limit makes the 429s to requests already sent old news; the same limit again does not", async () => {
    const limiter = createRateLimiter(undefined);
    const sentBefore = [await start(limiter), await start(limiter)];
    limiter.answered(sentBefore[0] ?? 0, { limit: 10, resetMs: 1_000 });
    limiter.rateLimited(sentBefore[1] ?? 0, 0);
    expect(limiter.pacing()?.slowDowns).toBe(0);
    const sentAfter = [await start(limiter), await start(limiter)];
    limiter.answered(sentAfter[0] ?? 0, { limit: 10, resetMs: 1_000 });
    limiter.rateLimited(sentAfter[1] ?? 0, 0);
    expect(limiter.pacing()?.slowDowns).toBe(1);
  });

  it("the same limit over a new window makes the 429s to requests already sent old news", async () => {
    const limiter = createRateLimiter(undefined);
    limiter.answered(0, { limit: 10, resetMs: 1_000 });
    const sentBefore = [await start(limiter), await start(limiter)];
    limiter.answered(sentBefore[0] ?? 0, { limit: 10, policy: { limit: 10, windowMs: 2_000 } });
    limiter.rateLimited(sentBefore[1] ?? 0, 0);
    expect(limiter.pacing()?.slowDowns).toBe(0);
  });

  it("learned below the announced pace, the learned one settles the run; equal to it, the announced one", async () => {
    const below = createRateLimiter(undefined);
    below.answered(0, { limit: 10, resetMs: 1_000 });
    below.rateLimited(await start(below), 0);
    expect(below.pacing()).toEqual({
      source: "learned",
      settledPerSecond: 8.1,
      slowestPerSecond: 8.1,
      announced: { limit: 10, windowSeconds: 1 },
      slowDowns: 1,
    });
    const equal = createRateLimiter(undefined);
    equal.answered(0, { limit: 10, resetMs: 1_000 });
    admit(equal, 9);
    equal.rateLimited(await start(equal), 0);
    expect(equal.pacing()).toEqual({
      source: "announced",
      settledPerSecond: 9,
      slowestPerSecond: 9,
      announced: { limit: 10, windowSeconds: 1 },
      slowDowns: 1,
    });
  });
});

/** A limiter at 10/s that a 429 at fake time 5 s slowed down (to a ceiling of 10, pace 9). */
async function slowedDown(): Promise<RateLimiter> {
  const limiter = createRateLimiter(10);
  await vi.advanceTimersByTimeAsync(5_000);
  limiter.rateLimited(await start(limiter), 0);
  expect(limiter.current()).toBeCloseTo(9, 9);
  return limiter;
}

describe("a 429 after a slow-down", () => {
  it("in the second after it, teaches nothing", async () => {
    const limiter = await slowedDown();
    await vi.advanceTimersByTimeAsync(500);
    limiter.rateLimited(await start(limiter), 0);
    expect(limiter.pacing()?.slowDowns).toBe(1);
  });

  it("exactly a second after it, below the ceiling, drops the pace 10 % from where it is", async () => {
    const limiter = await slowedDown();
    await vi.advanceTimersByTimeAsync(1_000);
    const ticket = await start(limiter);
    const before = limiter.current() ?? 0;
    limiter.rateLimited(ticket, 0);
    expect(limiter.current()).toBeCloseTo(0.9 * before, 9);
    expect(limiter.slowest()).toBe(Math.round(90 * before) / 100);
    expect(limiter.pacing()?.slowDowns).toBe(2);
  });

  it("to the last request sent before it, is old news even a second later", async () => {
    const limiter = createRateLimiter(10);
    const inFlight = [await start(limiter), await start(limiter)];
    limiter.rateLimited(inFlight[0] ?? 0, 0);
    await vi.advanceTimersByTimeAsync(1_500);
    limiter.rateLimited(inFlight[1] ?? 0, 0);
    expect(limiter.pacing()?.slowDowns).toBe(1);
  });

  it("when most recent answers were 429s, even in the second after it, holds every request for the Retry-After", async () => {
    const limiter = await slowedDown();
    await vi.advanceTimersByTimeAsync(200);
    const ticket = await start(limiter);
    refuseOld(limiter, 15);
    limiter.rateLimited(ticket, 3_000);
    expect(limiter.pacing()?.slowDowns).toBe(2);
    expect(await startTimes(limiter, 1)).toEqual([8_200]);
  });

  it("long after it, at the configured rate, slows down to 90 % of that rate", async () => {
    const limiter = await slowedDown();
    await vi.advanceTimersByTimeAsync(20_000);
    limiter.rateLimited(await start(limiter), 0);
    expect(limiter.current()).toBeCloseTo(9, 9);
  });
});

describe("429s that come at any pace", () => {
  /**
   * `before` admitted answers, a slow-down, `answered` admitted answers at the learned pace, then three 429s
   * below the ceiling, 1.5 s apart.
   */
  async function threeUncured(before: number, answered: number): Promise<RateLimiter> {
    const limiter = createRateLimiter(10);
    admit(limiter, before);
    limiter.rateLimited(await start(limiter), 0);
    admit(limiter, answered);
    for (let i = 0; i < 3; i += 1) {
      await vi.advanceTimersByTimeAsync(1_500);
      limiter.rateLimited(await start(limiter), 0);
    }
    return limiter;
  }

  it("3 of them, 5 % of the answers at a learned pace or more: the pace is dropped, each 429 waited out", async () => {
    // 3 of the 12 answers at the learned pace, 4 of the 23 last answers: the larger share.
    const limiter = await threeUncured(10, 9);
    expect(limiter.pacing()).toEqual({ source: "waited", slowDowns: 3, refusedShare: 0.25 });
    expect(limiter.current()).toBe(10);
  });

  it("the share refused at any pace is the larger of the 429s among the last 32 answers and among those at the learned pace", async () => {
    // 3 of the 60 answers at the learned pace (exactly 5 %), 3 of the last 32 answers.
    const limiter = await threeUncured(10, 57);
    expect(limiter.pacing()).toEqual({ source: "waited", slowDowns: 3, refusedShare: 0.09 });
  });

  it("under 5 % of the answers at a learned pace: the pace drops again", async () => {
    const limiter = await threeUncured(10, 58);
    expect(limiter.pacing()).toMatchObject({ source: "learned", slowDowns: 4 });
  });

  it("without any pace, a hold still under way is waited out", async () => {
    const limiter = createRateLimiter(undefined);
    limiter.rateLimited(await start(limiter), 10_000); // most answers 429: every start waits until 10 s
    for (let i = 0; i < 3; i += 1) {
      await vi.advanceTimersByTimeAsync(1_500);
      limiter.rateLimited(99, 0); // below the ceiling: at the third, the pace is dropped
    }
    expect(limiter.current()).toBeUndefined();
    expect(await startTimes(limiter, 1)).toEqual([10_000]);
  });

  it("then 429s up to twice the usual share are waited out, and more pace the run again", async () => {
    const limiter = await threeUncured(10, 9);
    admit(limiter, 16);
    refuseOld(limiter, 15);
    limiter.rateLimited(await start(limiter), 0); // 16 of the last 32: twice the usual quarter
    expect(limiter.pacing()).toEqual({ source: "waited", slowDowns: 3, refusedShare: 0.25 });
    refuseOld(limiter, 1);
    limiter.rateLimited(await start(limiter), 0);
    expect(limiter.pacing()).toMatchObject({ source: "learned", slowDowns: 4 });
  });
});

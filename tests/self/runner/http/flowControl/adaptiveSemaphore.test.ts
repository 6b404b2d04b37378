/**
 * adaptiveSemaphore (issue 42.1): the permits follow the controller: more waiters are admitted as the limit
 * grows with good answers, none past a fixed limit, and a 429/503/refusal/timeout counts as a push-back.
 */
import { describe, expect, it } from "vitest";
import { createAdaptiveSemaphore, isPushback } from "../../../../../runner/http/flowControl/adaptiveSemaphore.js";
import type { AttemptResult } from "../../../../../runner/http/sendOnce.js";

const answer = (status: number): AttemptResult => ({
  response: { status, headers: {}, body: Buffer.alloc(0), bytesReceived: 0, truncated: false },
  startedAt: "2026-01-01T00:00:00.000Z",
  durationMs: 1,
});
const failure = (kind: "connection-refused" | "timeout" | "connection-reset"): AttemptResult => ({
  failure: { kind, message: kind },
  startedAt: "2026-01-01T00:00:00.000Z",
  durationMs: 1,
});

describe("createAdaptiveSemaphore", () => {
  it("admits 4 at first, and more once answers came back without push-back", async () => {
    let clock = 0;
    const semaphore = createAdaptiveSemaphore({}, () => clock);
    const releases = await Promise.all(Array.from({ length: 4 }, () => semaphore.acquire()));
    let fifth = false;
    const waiting = semaphore.acquire().then((release) => {
      fifth = true;
      return release;
    });
    await Promise.resolve();
    expect(fifth).toBe(false);
    clock += 100;
    await semaphore.observe(Promise.resolve(answer(200))); // the limit grows to 5 and the waiter comes in
    expect(fifth).toBe(true);
    expect(semaphore.active()).toBe(5);
    for (const release of [...releases, await waiting]) release();
    expect(semaphore.active()).toBe(0);
    expect(semaphore.cap).toBe(32);
  });

  it("with a fixed number never admits more, however good the answers", async () => {
    const semaphore = createAdaptiveSemaphore({ fixed: 2 }, () => 0);
    await semaphore.acquire();
    await semaphore.acquire();
    for (let index = 0; index < 10; index += 1) await semaphore.observe(Promise.resolve(answer(200)));
    let third = false;
    void semaphore.acquire().then(() => (third = true));
    await Promise.resolve();
    expect(third).toBe(false);
    expect(semaphore.cap).toBe(2);
  });

  it("counts its holders and makes the one past a fixed number wait for a release", async () => {
    const semaphore = createAdaptiveSemaphore({ fixed: 1 });
    const release = await semaphore.acquire();
    expect(semaphore.active()).toBe(1);
    let second = false;
    const waiting = semaphore.acquire().then((releaseSecond) => {
      second = true;
      return releaseSecond;
    });
    await Promise.resolve();
    await Promise.resolve();
    expect(second).toBe(false);
    release();
    const releaseSecond = await waiting;
    expect(semaphore.active()).toBe(1);
    releaseSecond();
    expect(semaphore.active()).toBe(0);
  });

  it("refuses a fixed number below 1", () => {
    expect(() => createAdaptiveSemaphore({ fixed: 0 })).toThrow(
      "concurrency must be a whole number of at least 1, received 0",
    );
  });

  it("counts a release called twice once", async () => {
    const semaphore = createAdaptiveSemaphore({}, () => 0);
    const release = await semaphore.acquire();
    await semaphore.acquire();
    release();
    release();
    expect(semaphore.active()).toBe(1);
  });
});

describe("isPushback", () => {
  it("is true for 429, 503, a refused connection and a timeout, false otherwise", () => {
    expect([429, 503, 200, 500, 502].map((status) => isPushback(answer(status)))).toEqual([
      true,
      true,
      false,
      false,
      false,
    ]);
    expect(isPushback(failure("connection-refused"))).toBe(true);
    expect(isPushback(failure("timeout"))).toBe(true);
    expect(isPushback(failure("connection-reset"))).toBe(false);
  });
});

describe("createAdaptiveSemaphore and requests sent ahead", () => {
  /** One permit; `waiters` queue behind its holder; each releases as soon as it is granted. Who got it, in order. */
  async function grantOrder(waiters: { name: string; priority?: { background: boolean } }[], before?: () => void) {
    const semaphore = createAdaptiveSemaphore({ fixed: 1 }, () => 0);
    const holder = await semaphore.acquire();
    const order: string[] = [];
    const waits = waiters.map(({ name, priority }) =>
      semaphore.acquire(priority).then((release) => {
        order.push(name);
        release();
      }),
    );
    before?.();
    holder();
    await Promise.all(waits);
    return order;
  }

  it("lets every other waiter go first past a background one", async () => {
    expect(
      await grantOrder([
        { name: "ahead", priority: { background: true } },
        { name: "own turn" },
        { name: "also ahead", priority: { background: true } },
        { name: "another own turn" },
      ]),
    ).toEqual(["own turn", "another own turn", "ahead", "also ahead"]);
  });

  it("serves one sent ahead in its place once its turn comes (its priority set back)", async () => {
    const ahead = { background: true };
    const order = await grantOrder(
      [
        { name: "ahead", priority: ahead },
        { name: "own turn" },
        { name: "also ahead", priority: { background: true } },
      ],
      () => (ahead.background = false),
    );
    expect(order).toEqual(["ahead", "own turn", "also ahead"]);
  });
});

/** createSemaphore: at most `permits` holders, the rest wait their turn, a release counts once. */
import { describe, expect, it } from "vitest";
import { createSemaphore } from "../../../../runner/http/createSemaphore.js";

describe("createSemaphore", () => {
  it("counts its holders and makes the one past the permits wait for a release", async () => {
    const semaphore = createSemaphore(1);
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

  it("counts a release called twice once", async () => {
    const semaphore = createSemaphore(2);
    const release = await semaphore.acquire();
    await semaphore.acquire();
    release();
    release();
    expect(semaphore.active()).toBe(1);
  });
});

/** The hand-over of the run to the vitest worker (runner/execute/vitest/runHandOver.ts), on one thread's two ends. */
import { describe, expect, it } from "vitest";
import { openRunHandOver, receiveRun } from "../../../../../runner/execute/vitest/runHandOver.js";
import type { ProvidedRun } from "../../../../../runner/execute/vitest/vitestBridge.js";

const RUN = { settings: { baseUrl: "http://127.0.0.1:1" }, verdicts: [{ checkId: "a", operation: "getWidget" }] };
const run = RUN as unknown as ProvidedRun;

describe("the run's hand-over", () => {
  it("reaches a worker that listens before the run is decided", async () => {
    const handOver = openRunHandOver();
    const received = receiveRun(handOver.name);
    await new Promise((resolve) => setTimeout(resolve, 20));
    handOver.send(run);
    expect(await received).toEqual(RUN);
    handOver.close();
  });

  it("reaches a worker that listens only after the run was sent (it says it is waiting)", async () => {
    const handOver = openRunHandOver();
    handOver.send(run);
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(await receiveRun(handOver.name)).toEqual(RUN);
    handOver.close();
  });

  it("gives undefined once cancelled, and keeps the first decision", async () => {
    const handOver = openRunHandOver();
    handOver.cancel();
    handOver.send(run);
    expect(await receiveRun(handOver.name)).toBeUndefined();
    handOver.close();
  });

  it("names a new channel each time: two runs never cross", async () => {
    const first = openRunHandOver();
    const second = openRunHandOver();
    expect(first.name).not.toBe(second.name);
    first.cancel();
    second.send(run);
    expect(await receiveRun(second.name)).toEqual(RUN);
    expect(await receiveRun(first.name)).toBeUndefined();
    first.close();
    second.close();
  });

  it("reaches every worker that waits, a worker's own 'waiting' being nothing to another", async () => {
    const handOver = openRunHandOver();
    const first = receiveRun(handOver.name);
    const second = receiveRun(handOver.name);
    await new Promise((resolve) => setTimeout(resolve, 20));
    handOver.send(run);
    expect(await first).toEqual(RUN);
    expect(await second).toEqual(RUN);
    handOver.close();
  });

  it("answers no one once closed", async () => {
    const handOver = openRunHandOver();
    handOver.send(run);
    handOver.close();
    const late = await Promise.race([
      receiveRun(handOver.name),
      new Promise((resolve) => setTimeout(() => resolve("nothing"), 100)),
    ]);
    expect(late).toBe("nothing");
  });
});

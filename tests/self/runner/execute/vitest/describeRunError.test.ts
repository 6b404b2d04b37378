/** Run errors in a user's words: a dead checks worker is named with its cause, and an exhausted heap says what to do. */
import { describe, expect, it } from "vitest";
import { describeRunError, isWorkerStop } from "../../../../../runner/execute/vitest/describeRunError.js";

describe("describeRunError", () => {
  it("names a worker that ran out of heap, with the cause and how to give the run more memory", () => {
    const error = {
      message: "[vitest-pool]: Worker threads emitted error.",
      cause: { message: "Worker terminated due to reaching memory limit: JS heap out of memory" },
    };
    expect(isWorkerStop(error)).toBe(true);
    expect(describeRunError(error)).toBe(
      "the worker thread running the checks stopped: Worker terminated due to reaching memory limit: JS heap out of memory. The target's answers did not fit in Node's heap: give the run more (NODE_OPTIONS=--max-old-space-size=4096) or walk fewer pages (--max-pages)",
    );
  });

  it("names a worker that died of something else without the memory advice, and one of any pool", () => {
    expect(
      describeRunError({
        message: "[vitest-pool]: Worker forks emitted error",
        cause: { message: "Worker exited unexpectedly" },
      }),
    ).toBe("the worker thread running the checks stopped: Worker exited unexpectedly");
    expect(describeRunError({ message: "[vitest-pool]: Worker threads emitted error." })).toBe(
      "the worker thread running the checks stopped",
    );
    expect(
      describeRunError({
        message: "[vitest-pool]: Worker threads emitted error.",
        cause: { message: "boom" },
        code: "ERR_WORKER_OUT_OF_MEMORY",
      }),
    ).toMatch(/stopped: boom\. The target's answers did not fit/);
  });

  it("leaves any other run error as vitest wrote it", () => {
    const error = { message: "Failed to load url ./missing.js", cause: { message: "heap out of memory" } };
    expect(isWorkerStop(error)).toBe(false);
    expect(describeRunError(error)).toBe("Failed to load url ./missing.js");
    expect(isWorkerStop({ message: "x [vitest-pool]: Worker threads emitted error." })).toBe(false);
  });
});

/** inFlight: requests in flight at the server, from the answer times of a server with a fixed latency. */
import { describe, expect, it } from "vitest";
import { inFlight } from "../../../bench/inFlight.js";

describe("inFlight", () => {
  it("counts overlapping requests as in flight together, one after another as one", () => {
    // Four answers 100 ms after arrival: two side by side, then two one after the other.
    const records = [100, 100, 200, 300].map((at) => ({ at }));
    expect(inFlight(records, 100)).toEqual({ peak: 2, mean: (4 * 100) / 300, spanMs: 300 });
  });

  it("cannot tell at 0 ms of latency or without records", () => {
    expect(inFlight([{ at: 1 }], 0)).toBeUndefined();
    expect(inFlight([], 100)).toBeUndefined();
  });
});

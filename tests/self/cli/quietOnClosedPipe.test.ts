/** A command's output once its reader has gone (`cms-conformance list-checks | head -1`): dropped, never a crash. */
import { describe, expect, it } from "vitest";
import { quietOnClosedPipe, type PipeLike } from "../../../cli/io.js";

/** A stream that records what was written, and lets the test raise an error on it as a closed pipe would. */
function fakeStream(extra: { isTTY?: boolean; columns?: number } = {}) {
  const written: string[] = [];
  let onError: ((error: NodeJS.ErrnoException) => void) | undefined;
  const stream: PipeLike & { columns?: number } = {
    ...extra,
    write: (text: string) => written.push(text),
    on: (_event: "error", listener: (error: NodeJS.ErrnoException) => void) => (onError = listener),
  };
  const fail = (code: string) => onError?.(Object.assign(new Error(code), { code }));
  return { stream, written, fail };
}

describe("quietOnClosedPipe", () => {
  it("writes through while the reader reads", () => {
    const { stream, written } = fakeStream();
    const quiet = quietOnClosedPipe(stream);
    expect(quiet.write("a")).toBe(true);
    expect(quiet.write("b")).toBe(true);
    expect(written).toEqual(["a", "b"]);
  });

  it.each(["EPIPE", "ERR_STREAM_DESTROYED"])("drops every later write once the stream fails with %s", (code) => {
    const { stream, written, fail } = fakeStream();
    const quiet = quietOnClosedPipe(stream);
    quiet.write("before");
    fail(code);
    expect(quiet.write("after")).toBe(false);
    expect(written).toEqual(["before"]);
  });

  it("throws any other error of the stream, and keeps writing", () => {
    const { stream, written, fail } = fakeStream();
    const quiet = quietOnClosedPipe(stream);
    expect(() => fail("EACCES")).toThrow("EACCES");
    expect(quiet.write("still")).toBe(true);
    expect(written).toEqual(["still"]);
  });

  it("says whether the stream is a terminal only when the stream says so", () => {
    expect(quietOnClosedPipe(fakeStream({ isTTY: true }).stream).isTTY).toBe(true);
    expect(quietOnClosedPipe(fakeStream({ isTTY: false }).stream).isTTY).toBe(false);
    expect(Object.keys(quietOnClosedPipe(fakeStream().stream))).not.toContain("isTTY");
  });

  it("reads the terminal's width when asked, so a resize during the run is seen", () => {
    const { stream } = fakeStream({ columns: 80 });
    const quiet = quietOnClosedPipe(stream);
    expect(quiet.columns).toBe(80);
    stream.columns = 120;
    expect(quiet.columns).toBe(120);
  });
});

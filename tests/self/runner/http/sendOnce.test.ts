/** sendOnce against a scripted dispatcher: the attempt's shape, its timings, the cap and the failures it names. */
import { gzipSync } from "node:zlib";
import type { Dispatcher } from "undici";
import { afterEach, describe, expect, it, vi } from "vitest";
import { sendOnce, type AttemptRequest } from "../../../../runner/http/sendOnce.js";

const REQUEST: AttemptRequest = {
  origin: "http://127.0.0.1:1",
  pathAndQuery: "/items?page=1",
  method: "GET",
  headers: {},
  body: undefined,
  timeoutMs: 1_000,
  maxResponseBytes: 100,
};

/** undici's handle on a scripted request: what the attempt asked of it. */
class ScriptedController implements Dispatcher.DispatchController {
  aborted = false;
  paused = false;
  reason: Error | null = null;
  constructor(private readonly onAbort: (reason: Error) => void = () => undefined) {}
  abort(reason: Error): void {
    if (this.aborted) return;
    this.aborted = true;
    this.reason = reason;
    this.onAbort(reason);
  }
  pause(): void {
    this.paused = true;
  }
  resume(): void {
    this.paused = false;
  }
}

/** A dispatcher whose dispatch() hands the attempt's handler to `script`, which plays the target's part. */
function scriptedDispatcher(script: (handler: Dispatcher.DispatchHandler) => void): Dispatcher {
  return {
    dispatch: (_options: unknown, handler: Dispatcher.DispatchHandler) => script(handler),
  } as unknown as Dispatcher;
}

/** A target that answers `status` with `headers`, sends `chunks` and ends (or fails with `error` after them). */
function answering(
  status: number,
  headers: Record<string, string | string[]>,
  chunks: readonly Buffer[],
  error?: Error,
): { dispatcher: Dispatcher; controller: ScriptedController } {
  const controller = new ScriptedController();
  const dispatcher = scriptedDispatcher((handler) => {
    handler.onRequestStart?.(controller, {});
    handler.onResponseStart?.(controller, status, headers);
    for (const chunk of chunks) {
      if (controller.aborted) return;
      handler.onResponseData?.(controller, chunk);
    }
    if (controller.aborted) return;
    if (error) handler.onResponseError?.(controller, error);
    else handler.onResponseEnd?.(controller, {});
  });
  return { dispatcher, controller };
}

const coded = (message: string, code: string): Error => Object.assign(new Error(message), { code });

/** The response an attempt keeps of a gzip answer: `plain` decoded from `wire`, cut at the cap or not. */
const gzipAnswer = (plain: Buffer, wire: Buffer, truncated: boolean) => ({
  status: 200,
  headers: { "content-encoding": "gzip" },
  body: plain,
  bytesReceived: wire.length,
  truncated,
  decodedFrom: "gzip",
});

/** performance.now() returns these values in turn (the start, the headers, the end). */
function clockReading(...values: number[]): void {
  let call = 0;
  vi.spyOn(performance, "now").mockImplementation(() => values[Math.min(call++, values.length - 1)] ?? 0);
}

afterEach(() => {
  vi.restoreAllMocks();
});

describe("sendOnce", () => {
  it("returns the response with the times to headers and to the end in tenths of a millisecond", async () => {
    clockReading(1_000, 1_012.345, 1_020.06);
    const { dispatcher } = answering(200, { "set-cookie": ["a=1", "b=2"] }, [Buffer.from("ok")]);
    const attempt = await sendOnce(dispatcher, REQUEST);
    expect(attempt).toStrictEqual({
      response: {
        status: 200,
        headers: { "set-cookie": "a=1, b=2" },
        body: Buffer.from("ok"),
        bytesReceived: 2,
        truncated: false,
      },
      startedAt: expect.any(String) as string,
      durationMs: 20.1,
      timeToHeadersMs: 12.3,
    });
  });

  it("hands undici the request as given, with the deadline as its own timeouts too", async () => {
    let sent: Dispatcher.DispatchOptions | undefined;
    const headers = { authorization: "Bearer x" };
    const dispatcher = {
      dispatch: (options: Dispatcher.DispatchOptions, handler: Dispatcher.DispatchHandler) => {
        sent = options;
        handler.onResponseError?.(new ScriptedController(), coded("refused", "ECONNREFUSED"));
      },
    } as unknown as Dispatcher;
    await sendOnce(dispatcher, { ...REQUEST, method: "POST", headers, body: "{}" });
    expect(sent).toStrictEqual({
      origin: REQUEST.origin,
      path: "/items?page=1",
      method: "POST",
      headers,
      body: "{}",
      headersTimeout: 1_000,
      bodyTimeout: 1_000,
    });
    expect(sent?.headers).not.toBe(headers); // a copy: undici may not change the caller's
    await sendOnce(dispatcher, REQUEST);
    expect(sent?.body).toBeNull();
  });

  it("returns only the failure and the duration when no headers came", async () => {
    clockReading(500, 507.25);
    const refused = coded("connect ECONNREFUSED", "ECONNREFUSED");
    const attempt = await sendOnce(
      scriptedDispatcher((handler) => handler.onResponseError?.(new ScriptedController(), refused)),
      REQUEST,
    );
    expect(attempt).toStrictEqual({
      failure: {
        kind: "connection-refused",
        message: "connection refused by http://127.0.0.1:1: is the target running?",
      },
      startedAt: expect.any(String) as string,
      durationMs: 7.3,
    });
  });

  it("settles with the failure when dispatch itself throws", async () => {
    const dispatcher = {
      dispatch: () => {
        throw coded("invalid header", "UND_ERR_INVALID_ARG");
      },
    } as unknown as Dispatcher;
    const attempt = await sendOnce(dispatcher, REQUEST);
    expect(attempt.failure).toEqual({ kind: "other", message: "the request could not be sent: invalid header." });
  });

  it("aborts at the deadline with a reason that names it", async () => {
    let reason: Error | undefined;
    const attempt = await sendOnce(
      scriptedDispatcher((handler) => {
        const controller = new ScriptedController((why) => {
          reason = why;
          handler.onResponseError?.(controller, why);
        });
        handler.onRequestStart?.(controller, {});
      }),
      { ...REQUEST, timeoutMs: 5 },
    );
    expect(reason?.message).toBe("no complete response within 5 ms");
    expect(attempt.failure).toEqual({ kind: "timeout", message: "no response headers within 5 ms." });
  });

  it("aborts a request whose deadline passed before it had a connection as soon as it gets one", async () => {
    let start: (() => void) | undefined;
    let reason: Error | undefined;
    const settled = sendOnce(
      scriptedDispatcher((handler) => {
        start = () => {
          const controller = new ScriptedController((why) => {
            reason = why;
            handler.onResponseError?.(controller, why);
          });
          handler.onRequestStart?.(controller, {});
          // Once aborted, undici neither writes the request nor answers it.
          if (!controller.aborted) handler.onResponseStart?.(controller, 200, {});
        };
      }),
      { ...REQUEST, timeoutMs: 5 },
    );
    await new Promise((resolve) => setTimeout(resolve, 20));
    start?.();
    expect(reason?.message).toBe("no complete response within 5 ms");
    expect((await settled).failure).toEqual({ kind: "timeout", message: "no response headers within 5 ms." });
  });

  it("names the timeout of a body that did not end in time, with the bytes it got", async () => {
    const attempt = await sendOnce(
      scriptedDispatcher((handler) => {
        const controller = new ScriptedController((why) => handler.onResponseError?.(controller, why));
        handler.onRequestStart?.(controller, {});
        handler.onResponseStart?.(controller, 200, {});
        handler.onResponseData?.(controller, Buffer.from("abc"));
      }),
      { ...REQUEST, timeoutMs: 5 },
    );
    expect(attempt.failure).toEqual({
      kind: "timeout",
      message: "response body not complete within 5 ms (3 bytes received).",
    });
    expect(attempt.response?.body).toEqual(Buffer.from("abc"));
  });

  it("settles at the deadline when undici has nothing left to abort (the answer came, the decoder never ended)", async () => {
    const controller = new ScriptedController(); // an abort after the answer came whole changes nothing
    const wire = gzipSync(Buffer.from("a body"));
    const attempt = await sendOnce(
      scriptedDispatcher((handler) => {
        handler.onRequestStart?.(controller, {});
        handler.onResponseStart?.(controller, 200, { "content-encoding": "gzip" });
        handler.onResponseData?.(controller, wire.subarray(0, 8)); // half a gzip stream, and no end
      }),
      { ...REQUEST, timeoutMs: 5 },
    );
    expect(attempt.failure).toEqual({
      kind: "timeout",
      message: "response body not complete within 5 ms (8 bytes received).",
    });
  });

  it("names the Content-Length a body fell short of, when it is a whole number", async () => {
    const cutShort = async (contentLength: string | undefined) => {
      const headers: Record<string, string> = contentLength === undefined ? {} : { "content-length": contentLength };
      const mismatch = coded("other side closed", "UND_ERR_RES_CONTENT_LENGTH_MISMATCH");
      const { dispatcher } = answering(200, headers, [Buffer.from("12345")], mismatch);
      return (await sendOnce(dispatcher, REQUEST)).failure;
    };
    expect(await cutShort(" 12 ")).toEqual({
      kind: "protocol",
      message: "truncated body: the connection ended after 5 bytes of the 12 announced by Content-Length.",
    });
    // Without a length to compare with, the mismatch is the parser's refusal of the answer.
    const refused = expect.stringMatching(
      /^the target answered with a response the HTTP parser refuses \(its Content-Length/,
    );
    expect(await cutShort(undefined)).toEqual({ kind: "protocol", message: refused });
    expect(await cutShort("x12")).toEqual({ kind: "protocol", message: refused });
    expect(await cutShort("12x")).toEqual({ kind: "protocol", message: refused });
  });

  it("takes no interim (1xx) answer for the response", async () => {
    const controller = new ScriptedController();
    const attempt = await sendOnce(
      scriptedDispatcher((handler) => {
        handler.onRequestStart?.(controller, {});
        handler.onResponseStart?.(controller, 103, { link: "</a>" });
        handler.onResponseStart?.(controller, 200, { "content-type": "text/plain" });
        handler.onResponseData?.(controller, Buffer.from("ok"));
        handler.onResponseEnd?.(controller, {});
      }),
      REQUEST,
    );
    expect(attempt.response?.status).toBe(200);
    expect(attempt.response?.headers).toEqual({ "content-type": "text/plain" });
  });

  it("has no response when the connection closes after an interim answer only", async () => {
    const controller = new ScriptedController();
    const attempt = await sendOnce(
      scriptedDispatcher((handler) => {
        handler.onRequestStart?.(controller, {});
        handler.onResponseStart?.(controller, 102, {});
        handler.onResponseError?.(controller, coded("other side closed", "UND_ERR_SOCKET"));
      }),
      REQUEST,
    );
    expect(attempt.response).toBeUndefined();
    expect(attempt.failure).toEqual({
      kind: "connection-reset",
      message: "the target closed the connection without answering.",
    });
  });

  it("cuts at the cap, keeping what fits, and stops reading (frees the socket)", async () => {
    const { dispatcher, controller } = answering(200, {}, [
      Buffer.alloc(60, "a"),
      Buffer.alloc(60, "b"),
      Buffer.alloc(60, "c"),
    ]);
    const attempt = await sendOnce(dispatcher, REQUEST);
    expect(attempt.response?.truncated).toBe(true);
    expect(attempt.response?.body).toEqual(Buffer.concat([Buffer.alloc(60, "a"), Buffer.alloc(40, "b")]));
    expect(attempt.response?.bytesReceived).toBe(120);
    expect(attempt.failure).toBeUndefined();
    expect(controller.aborted).toBe(true);
  });

  it("keeps a body of exactly the cap whole", async () => {
    const { dispatcher, controller } = answering(200, {}, [Buffer.alloc(60, "a"), Buffer.alloc(40, "b")]);
    const attempt = await sendOnce(dispatcher, REQUEST);
    expect(attempt.response?.truncated).toBe(false);
    expect(attempt.response?.body.length).toBe(100);
    expect(controller.aborted).toBe(false);
  });

  it("decodes a compressed body", async () => {
    const plain = Buffer.from(JSON.stringify({ items: [1, 2, 3] }));
    const wire = gzipSync(plain);
    const { dispatcher } = answering(200, { "content-encoding": "gzip" }, [wire.subarray(0, 5), wire.subarray(5)]);
    const attempt = await sendOnce(dispatcher, REQUEST);
    expect(attempt.response).toStrictEqual(gzipAnswer(plain, wire, false));
    expect(attempt.failure).toBeUndefined();
  });

  it("names the encoding of a body that does not decode", async () => {
    const { dispatcher } = answering(200, { "content-encoding": "gzip" }, [Buffer.from("not gzip at all")]);
    const attempt = await sendOnce(dispatcher, REQUEST);
    expect(attempt.failure).toEqual({
      kind: "protocol",
      message: "the body declares Content-Encoding gzip but does not decode (Z_DATA_ERROR).",
    });
  });

  it("reads a body in an encoding it cannot decode, and names the encoding", async () => {
    const { dispatcher } = answering(200, { "content-encoding": "zstd" }, [Buffer.from("??")]);
    const attempt = await sendOnce(dispatcher, REQUEST);
    expect(attempt.response?.body).toEqual(Buffer.from("??"));
    expect(attempt.failure?.message).toMatch(/Content-Encoding "zstd", which the suite cannot decode/);
  });

  it("cuts a decoded body at the cap (a gzip bomb stops there)", async () => {
    const { dispatcher, controller } = answering(200, { "content-encoding": "gzip" }, [
      gzipSync(Buffer.alloc(100_000)),
    ]);
    const attempt = await sendOnce(dispatcher, REQUEST);
    expect(attempt.response?.truncated).toBe(true);
    expect(attempt.response?.body).toEqual(Buffer.alloc(100));
    expect(controller.aborted).toBe(true);
  });

  it("cuts a compressed body whose bytes on the wire pass the cap, though its decoded bytes would fit", async () => {
    // Random bytes do not compress: gzip makes 90 of them more than 100.
    const plain = Buffer.from(Array.from({ length: 90 }, (_, index) => (index * 197 + 89) % 251));
    const wire = gzipSync(plain);
    expect(wire.length).toBeGreaterThan(100);
    const { dispatcher } = answering(200, { "content-encoding": "gzip" }, [wire]);
    const attempt = await sendOnce(dispatcher, REQUEST);
    expect(attempt.response).toStrictEqual(gzipAnswer(plain, wire, true));
  });

  it("pauses the wire while the decoder is behind, and resumes it when the decoder drains", async () => {
    const controller = new ScriptedController();
    const pauses: boolean[] = [];
    const resume = vi.spyOn(controller, "resume");
    // Bytes that do not compress (xorshift), so the wire carries many chunks.
    let state = 2_463_534_242;
    const plain = Buffer.from(
      Array.from({ length: 200_000 }, () => {
        state ^= state << 13;
        state ^= state >>> 17;
        state ^= state << 5;
        return state & 0xff;
      }),
    );
    const wire = gzipSync(plain);
    const attempt = await sendOnce(
      scriptedDispatcher((handler) => {
        void (async () => {
          handler.onRequestStart?.(controller, {});
          handler.onResponseStart?.(controller, 200, { "content-encoding": "gzip" });
          for (let at = 0; at < wire.length; at += 16_384) {
            // A paused wire sends nothing until resumed, as undici's parser does.
            while (controller.paused) await new Promise((resolve) => setImmediate(resolve));
            handler.onResponseData?.(controller, wire.subarray(at, at + 16_384));
            pauses.push(controller.paused);
          }
          handler.onResponseEnd?.(controller, {});
        })();
      }),
      { ...REQUEST, maxResponseBytes: 1_000_000 },
    );
    expect(pauses).toContain(true);
    expect(resume).toHaveBeenCalled();
    expect(attempt.response?.body).toEqual(plain);
  });

  it("clears its deadline once the answer is read", async () => {
    const { dispatcher, controller } = answering(204, {}, []);
    await sendOnce(dispatcher, { ...REQUEST, timeoutMs: 5 });
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(controller.aborted).toBe(false);
  });
});

/** sendOnce against a scripted dispatcher: the attempt's shape, its timings, the cap and the failures it names. */
import { Readable } from "node:stream";
import { gzipSync } from "node:zlib";
import type { Dispatcher } from "undici";
import { afterEach, describe, expect, it, vi } from "vitest";
import { sendOnce, type AttemptRequest } from "../../../runner/http/sendOnce.js";

const REQUEST: AttemptRequest = {
  origin: "http://127.0.0.1:1",
  pathAndQuery: "/items?page=1",
  method: "GET",
  headers: {},
  body: undefined,
  timeoutMs: 1_000,
  maxResponseBytes: 100,
};

interface ScriptedAnswer {
  readonly statusCode: number;
  readonly headers: Record<string, string | string[] | undefined>;
  readonly body: Readable;
}

/** A dispatcher whose request() answers as `answer` says, given the abort signal it was handed. */
function scriptedDispatcher(answer: (signal: AbortSignal) => Promise<ScriptedAnswer>): Dispatcher {
  return {
    request: (options: { signal: AbortSignal }) => answer(options.signal),
  } as unknown as Dispatcher;
}

const answering = (answer: ScriptedAnswer) => scriptedDispatcher(() => Promise.resolve(answer));

/** A body that sends `head` and then fails with an error carrying `code`. */
function failingBody(head: Buffer, code: string): Readable {
  let sent = false;
  return new Readable({
    read() {
      if (sent) {
        this.destroy(Object.assign(new Error("other side closed"), { code }));
      } else {
        sent = true;
        this.push(head);
      }
    },
  });
}

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
    const attempt = await sendOnce(
      answering({
        statusCode: 200,
        headers: { "set-cookie": ["a=1", "b=2"] },
        body: Readable.from([Buffer.from("ok")]),
      }),
      REQUEST,
    );
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

  it("returns only the failure and the duration when no headers came", async () => {
    clockReading(500, 507.25);
    const refused = Object.assign(new Error("connect ECONNREFUSED"), { code: "ECONNREFUSED" });
    const attempt = await sendOnce(
      scriptedDispatcher(() => Promise.reject(refused)),
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

  it("aborts at the deadline with a reason that names it", async () => {
    let reason: unknown;
    const attempt = await sendOnce(
      scriptedDispatcher(
        (signal) =>
          new Promise((_resolve, reject) => {
            signal.addEventListener("abort", () => {
              reason = signal.reason;
              reject(signal.reason as Error);
            });
          }),
      ),
      { ...REQUEST, timeoutMs: 5 },
    );
    expect((reason as Error).message).toBe("no complete response within 5 ms");
    expect(attempt.failure).toEqual({ kind: "timeout", message: "no response headers within 5 ms." });
  });

  it("names the Content-Length a body fell short of, when it is a whole number", async () => {
    const cutShort = async (contentLength: string | undefined) => {
      const headers = contentLength === undefined ? {} : { "content-length": contentLength };
      const body = failingBody(Buffer.from("12345"), "UND_ERR_RES_CONTENT_LENGTH_MISMATCH");
      const attempt = await sendOnce(answering({ statusCode: 200, headers, body }), REQUEST);
      return attempt.failure;
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

  it("cuts at the cap, keeping what fits, and frees the body", async () => {
    const body = Readable.from([Buffer.alloc(60, "a"), Buffer.alloc(60, "b")]);
    const attempt = await sendOnce(answering({ statusCode: 200, headers: {}, body }), REQUEST);
    expect(attempt.response?.truncated).toBe(true);
    expect(attempt.response?.body).toEqual(Buffer.concat([Buffer.alloc(60, "a"), Buffer.alloc(40, "b")]));
    expect(body.destroyed).toBe(true);
  });

  it("cuts a compressed body whose bytes on the wire pass the cap, though its decoded bytes would fit", async () => {
    // Random bytes do not compress: gzip makes 90 of them more than 100.
    const plain = Buffer.from(Array.from({ length: 90 }, (_, index) => (index * 197 + 89) % 251));
    const wire = gzipSync(plain);
    expect(wire.length).toBeGreaterThan(100);
    const attempt = await sendOnce(
      answering({ statusCode: 200, headers: { "content-encoding": "gzip" }, body: Readable.from([wire]) }),
      REQUEST,
    );
    expect(attempt.response).toStrictEqual({
      status: 200,
      headers: { "content-encoding": "gzip" },
      body: plain,
      bytesReceived: wire.length,
      truncated: true,
      decodedFrom: "gzip",
    });
  });

  it("clears its deadline once the answer is read", async () => {
    let handed: AbortSignal | undefined;
    await sendOnce(
      scriptedDispatcher((signal) => {
        handed = signal;
        return Promise.resolve({ statusCode: 204, headers: {}, body: Readable.from([]) });
      }),
      { ...REQUEST, timeoutMs: 5 },
    );
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(handed?.aborted).toBe(false);
  });
});

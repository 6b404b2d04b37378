/**
 * How long the server makes one answer wait, on a fake clock (issue 45.4): the clock (setTimeout, performance)
 * moves only once the server holds its answer on a timer, so the time measured is the wait the server chose,
 * never how fast this machine carried the request.
 */
import { request as httpRequest } from "node:http";
import { vi } from "vitest";

const turn = (): Promise<void> => new Promise((resolve) => setImmediate(resolve));

/** POSTs `body` to `url` with `headers`; the answer's status and the fake milliseconds until it came whole. */
export async function answerDelay(
  url: string,
  headers: Readonly<Record<string, string>>,
  body: unknown,
): Promise<{ status: number; delayMs: number }> {
  vi.useFakeTimers({ toFake: ["setTimeout", "clearTimeout", "performance"] });
  try {
    const started = performance.now();
    let status: number | undefined;
    let failure: Error | undefined;
    // node:http's client sets no timer of its own: every timer is the server's.
    const sent = httpRequest(url, { method: "POST", headers, agent: false }, (response) => {
      response.resume();
      response.on("end", () => (status = response.statusCode ?? 0));
    });
    sent.on("error", (error) => (failure = error));
    sent.end(JSON.stringify(body));
    while (status === undefined && failure === undefined) {
      if (vi.getTimerCount() > 0) vi.advanceTimersToNextTimer();
      await turn();
    }
    if (failure !== undefined) throw failure;
    return { status: status ?? 0, delayMs: performance.now() - started };
  } finally {
    vi.useRealTimers();
  }
}

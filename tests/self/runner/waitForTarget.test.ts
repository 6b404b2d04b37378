/**
 * waitForTarget directly (issue 25.3; the CLI's --wait-for-target tests go through a whole run): any answer ends
 * the wait, whatever its status; a target that starts later is found on a later try; one that never answers
 * stops the wait with a sentence that counts the tries and quotes the last failure.
 */
import { createServer as createHttpServer, type Server } from "node:http";
import { createServer, type AddressInfo, type Server as TcpServer, type Socket } from "node:net";
import { afterEach, describe, expect, it, vi } from "vitest";
import { ConfigurationError } from "../../../runner/model/ConfigurationError.js";
import { waitForTarget } from "../../../runner/waitForTarget.js";
import { testSettings } from "./engine/engineDoubles.js";
import { onEventClock } from "./http/onEventClock.js";

const servers: (Server | TcpServer)[] = [];
const sockets: Socket[] = [];
afterEach(async () => {
  for (const socket of sockets.splice(0)) socket.destroy();
  await Promise.all(servers.splice(0).map((server) => new Promise((resolve) => server.close(resolve))));
});

async function freePort(): Promise<number> {
  const probe = createServer();
  await new Promise<void>((resolve) => probe.listen(0, "127.0.0.1", resolve));
  const { port } = probe.address() as AddressInfo;
  await new Promise<void>((resolve) => probe.close(() => resolve()));
  return port;
}

function answering(port: number, status: number): Promise<void> {
  const server = createHttpServer((request, response) => {
    request.resume();
    response.writeHead(status).end();
  });
  servers.push(server);
  return new Promise<void>((resolve) => server.listen(port, "127.0.0.1", resolve));
}

describe("waitForTarget", () => {
  it("takes any answer, a 500 too, on the first try", async () => {
    const port = await freePort();
    await answering(port, 500);
    expect(await waitForTarget(testSettings({ baseUrl: `http://127.0.0.1:${port}` }), 2_000, "2 s")).toBe(1);
  });

  it("closes its connection once the target answered", async () => {
    const port = await freePort();
    await answering(port, 200);
    const open = new Set<Socket>();
    (servers.at(-1) as Server).on("connection", (socket: Socket) => {
      open.add(socket);
      socket.on("close", () => open.delete(socket));
    });
    expect(await waitForTarget(testSettings({ baseUrl: `http://127.0.0.1:${port}` }), 2_000, "2 s")).toBe(1);
    // The server sees the client's close a moment later.
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(open.size).toBe(0);
  });

  it("stops at once with no try when the wait is nothing", async () => {
    const baseUrl = `http://127.0.0.1:${await freePort()}`;
    const error: unknown = await waitForTarget(testSettings({ baseUrl }), 0, "0 s").then(
      () => undefined,
      (thrown: unknown) => thrown,
    );
    expect(error).toBeInstanceOf(ConfigurationError);
    expect((error as Error).message).toBe(
      `the target at ${baseUrl} did not answer within 0 s (--wait-for-target; 0 tries, last: no answer); start it first, or wait longer`,
    );
  });

  it("makes no try once exactly the wait has passed", async () => {
    const baseUrl = `http://127.0.0.1:${await freePort()}`;
    // The clock reads the start, then the start plus the whole wait, then long after (a try would end the loop).
    const now = vi
      .spyOn(performance, "now")
      .mockReturnValueOnce(1_000)
      .mockReturnValueOnce(1_500)
      .mockReturnValue(1e12);
    try {
      const error: unknown = await waitForTarget(testSettings({ baseUrl }), 500, "0.5 s").then(
        () => undefined,
        (thrown: unknown) => thrown,
      );
      expect((error as Error).message).toBe(
        `the target at ${baseUrl} did not answer within 0.5 s (--wait-for-target; 0 tries, last: no answer); start it first, or wait longer`,
      );
    } finally {
      now.mockRestore();
    }
  });

  it("gives each try only the time left of the wait, and stops when the wait is over, not at the next poll", async () => {
    // Nothing listens at first (a quick refusal); a quarter of a second in, a server holds every request unanswered.
    const port = await freePort();
    const baseUrl = `http://127.0.0.1:${port}`;
    let held = 0;
    const server = createServer((socket) => {
      sockets.push(socket);
      socket.once("data", () => {
        held += 1;
        socket.once("close", () => (held -= 1));
      });
    });
    servers.push(server);
    const { error, took } = await onEventClock(
      async () => {
        setTimeout(() => server.listen(port, "127.0.0.1"), 250);
        const started = performance.now();
        const thrown: unknown = await waitForTarget(testSettings({ baseUrl, timeoutMs: 10_000 }), 1_500, "1.5 s").then(
          () => undefined,
          (reason: unknown) => reason,
        );
        return { error: thrown, took: performance.now() - started };
      },
      { held: () => held },
    );
    expect(error).toBeInstanceOf(ConfigurationError);
    // On the event clock: refused at 0; at 500 (the poll) the server holds the try, which waits only the 1 s left of
    // the wait (not 10 s, nor 1.5 s more) and ends the wait at 1.5 s, not at a further poll. The failure's full stop
    // is dropped inside the parentheses.
    expect((error as Error).message).toBe(
      `the target at ${baseUrl} did not answer within 1.5 s (--wait-for-target; 2 tries, last: no response headers within 1000 ms); start it first, or wait longer`,
    );
    expect(took).toBe(1_500);
  });

  it("finds a target that starts during the wait on a later try", async () => {
    const port = await freePort();
    const tries = await onEventClock(() => {
      setTimeout(() => void answering(port, 200), 700);
      return waitForTarget(testSettings({ baseUrl: `http://127.0.0.1:${port}` }), 5_000, "5 s");
    });
    // Refused at 0 and 500 ms (the polls), answered at 1 000 ms.
    expect(tries).toBe(3);
  });

  it("stops with one sentence when nothing answers within the wait", async () => {
    // Port 1: below the range the system hands out for listen(0), so no server of another test file
    // can take it during the wait (a released free port could be; it happened once in npm test).
    const baseUrl = `http://127.0.0.1:1`;
    const { error, took } = await onEventClock(async () => {
      const started = performance.now();
      const thrown: unknown = await waitForTarget(testSettings({ baseUrl }), 1_200, "1.2 s").then(
        () => undefined,
        (reason: unknown) => reason,
      );
      return { error: thrown, took: performance.now() - started };
    });
    expect(error).toBeInstanceOf(ConfigurationError);
    // One try every half second, on the event clock: at 0, 500 and 1 000 ms; the wait ends at 1 200 ms, not at a poll.
    expect((error as Error).message).toBe(
      `the target at ${baseUrl} did not answer within 1.2 s (--wait-for-target; 3 tries, last: connection refused by ${baseUrl}: is the target running?); start it first, or wait longer`,
    );
    expect(took).toBe(1_200);
  });
});

describe("waitForTarget past a target warming up (issue 48.4)", () => {
  /** Answers `status` (with `headers`) to its first `times` requests, then 200; counts what it got. */
  async function warmingUp(status: number, times: number, headers: Record<string, string> = {}) {
    const port = await freePort();
    let seen = 0;
    const server = createHttpServer((request, response) => {
      request.resume();
      seen += 1;
      if (seen <= times) response.writeHead(status, { "content-type": "application/json", ...headers }).end("{}");
      else response.writeHead(200, { "content-type": "application/json" }).end("{}");
    });
    servers.push(server);
    await new Promise<void>((resolve) => server.listen(port, "127.0.0.1", resolve));
    return { baseUrl: `http://127.0.0.1:${port}`, seen: () => seen };
  }

  it.each([502, 503, 504])(
    "does not take a %s as ready: it polls past it, one try each half second",
    async (status) => {
      const target = await warmingUp(status, 2);
      const { tries, took } = await onEventClock(async () => {
        const started = performance.now();
        const count = await waitForTarget(testSettings({ baseUrl: target.baseUrl }), 5_000, "5 s");
        return { tries: count, took: performance.now() - started };
      });
      // Two not-ready answers at 0 and 500 ms, each one request (the client does not wait them out on its own).
      expect({ tries, took, seen: target.seen() }).toEqual({ tries: 3, took: 1_000, seen: 3 });
    },
  );

  it("honours a warming-up 503's Retry-After between tries", async () => {
    const target = await warmingUp(503, 2, { "retry-after": "2" });
    const { tries, took } = await onEventClock(async () => {
      const started = performance.now();
      const count = await waitForTarget(testSettings({ baseUrl: target.baseUrl }), 10_000, "10 s");
      return { tries: count, took: performance.now() - started };
    });
    expect({ tries, took }).toEqual({ tries: 3, took: 4_000 });
  });

  it("names the last 503 when the target never gets ready", async () => {
    const target = await warmingUp(503, 1_000);
    const error = await onEventClock(() =>
      waitForTarget(testSettings({ baseUrl: target.baseUrl }), 1_200, "1.2 s").then(
        () => undefined,
        (thrown: unknown) => thrown,
      ),
    );
    expect(error).toBeInstanceOf(ConfigurationError);
    expect((error as Error).message).toBe(
      `the target at ${target.baseUrl} did not answer within 1.2 s (--wait-for-target; 3 tries, last: answered 503 (not ready)); start it first, or wait longer`,
    );
  });
});

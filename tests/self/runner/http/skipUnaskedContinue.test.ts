/**
 * The socket wrapper that drops an unasked "100 Continue" (skipUnaskedContinue.ts), byte for byte over a
 * raw TCP server in process: what it drops, what it passes through untouched, and how it follows its socket.
 */
import { connect, createServer, type Server, type Socket } from "node:net";
import type { AddressInfo } from "node:net";
import type { Duplex } from "node:stream";
import type { buildConnector } from "undici";
import { afterEach, describe, expect, it } from "vitest";
import { skipUnaskedContinue } from "../../../../runner/http/skipUnaskedContinue.js";

const CONTINUE = "HTTP/1.1 100 Continue\r\n\r\n";
const OK = "HTTP/1.1 200 OK\r\ncontent-length: 2\r\n\r\n{}";

let server: Server | undefined;
const sockets: Socket[] = [];
afterEach(async () => {
  for (const socket of sockets.splice(0)) socket.destroy();
  await new Promise((resolve) => (server ? server.close(resolve) : resolve(undefined)));
  server = undefined;
});

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** A wrapped socket to a server that runs `script` on each connection; what the wrapper let through. */
async function wrapped(script: (peer: Socket) => unknown) {
  server = createServer((peer) => {
    peer.setNoDelay(true);
    sockets.push(peer);
    void script(peer);
  });
  await new Promise<void>((resolve) => server?.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  const raw = connect(port, "127.0.0.1");
  raw.setNoDelay(true);
  sockets.push(raw);
  await new Promise((resolve) => raw.once("connect", resolve));
  const connector: buildConnector.connector = (_options, callback) => callback(null, raw);
  const filter = await new Promise<Duplex>((resolve, reject) =>
    skipUnaskedContinue(connector)({} as buildConnector.Options, (error, socket) =>
      error === null ? resolve(socket as unknown as Duplex) : reject(error),
    ),
  );
  let received = "";
  const read = () => filter.on("data", (chunk: Buffer) => (received += chunk.toString("latin1")));
  /** Waits until the wrapper let `text` through (or 1 s passed); everything it let through. */
  const until = async (text: string): Promise<string> => {
    for (let waited = 0; !received.includes(text) && waited < 1_000; waited += 5) await pause(5);
    return received;
  };
  return { raw, filter, read, until };
}

/** Sends `parts` one write at a time, a few milliseconds apart (separate TCP segments on loopback). */
async function dribble(peer: Socket, parts: readonly string[]): Promise<void> {
  for (const part of parts) {
    peer.write(part);
    await pause(15);
  }
}

describe("an unasked 100 Continue", () => {
  it("where an answer starts, is dropped and the answer passes at once", async () => {
    const { filter, read, until } = await wrapped((peer) => peer.once("data", () => peer.write(CONTINUE + OK)));
    read();
    filter.write("GET / HTTP/1.1\r\n\r\n");
    expect(await until(OK)).toBe(OK);
  });

  it("is dropped when it comes in pieces", async () => {
    const { filter, read, until } = await wrapped((peer) =>
      peer.once("data", () => void dribble(peer, ["HTTP/1.1 1", "00 Continue\r\n", "\r\n", OK])),
    );
    read();
    filter.write("GET / HTTP/1.1\r\n\r\n");
    expect(await until(OK)).toBe(OK);
  });

  it("an HTTP/1.0 one in pieces, too", async () => {
    const { filter, read, until } = await wrapped((peer) =>
      peer.once("data", () => void dribble(peer, ["HTTP/1.0 1", "00 Continue\r\n\r\n", OK])),
    );
    read();
    filter.write("GET / HTTP/1.1\r\n\r\n");
    expect(await until(OK)).toBe(OK);
  });

  it("longer than 8 KiB without its end is passed on for undici to judge", async () => {
    const block = `HTTP/1.1 100 Continue\r\nx-pad: ${"p".repeat(9_000)}`;
    const { filter, read, until } = await wrapped((peer) => peer.once("data", () => peer.write(block)));
    read();
    filter.write("GET / HTTP/1.1\r\n\r\n");
    expect(await until(block)).toBe(block);
  });

  it("of exactly 8 KiB before its end is still dropped", async () => {
    const start = "HTTP/1.1 100 Continue\r\nx-pad: ";
    const block = start + "p".repeat(8 * 1024 - start.length);
    const { filter, read, until } = await wrapped((peer) =>
      peer.once("data", () => void dribble(peer, [block, `\r\n\r\n${OK}`])),
    );
    read();
    filter.write("GET / HTTP/1.1\r\n\r\n");
    expect(await until(OK)).toBe(OK);
  });

  it("before any request was written, is passed through", async () => {
    const { read, until } = await wrapped((peer) => peer.write(CONTINUE));
    read();
    expect(await until(CONTINUE)).toBe(CONTINUE);
  });

  it("in the body of an answer, is passed through", async () => {
    const body = "HTTP/1.1 100 Continue\r\n\r\n";
    const head = `HTTP/1.1 200 OK\r\ncontent-length: ${body.length}\r\n\r\n`;
    const { filter, read, until } = await wrapped((peer) => peer.once("data", () => void dribble(peer, [head, body])));
    read();
    filter.write("GET / HTTP/1.1\r\n\r\n");
    expect(await until(head + body)).toBe(head + body);
  });

  it("a start of one cut short by the end of the connection is passed on", async () => {
    const { filter, read, until } = await wrapped((peer) => peer.once("data", () => peer.end("HTTP/1.1 1")));
    read();
    filter.write("GET / HTTP/1.1\r\n\r\n");
    expect(await until("HTTP/1.1 1")).toBe("HTTP/1.1 1");
  });
});

describe("the wrapper follows its socket", () => {
  it("pauses its socket while nobody reads and its buffer is full, before a request and in an answer", async () => {
    const big = "x".repeat(64 * 1024);
    // Over the wrapper's 16 KiB buffer, yet likely one read of the socket.
    const body = "y".repeat(24 * 1024);
    const answer = `HTTP/1.1 200 OK\r\ncontent-length: ${body.length}\r\n\r\n${body}`;
    const { raw, filter, read, until } = await wrapped((peer) => {
      peer.write(big);
      peer.once("data", () => peer.write(answer));
    });
    const paused = async () => {
      for (let waited = 0; !raw.isPaused() && waited < 1_000; waited += 5) await pause(5);
      return raw.isPaused();
    };
    expect(await paused()).toBe(true);
    read();
    expect((await until(big)).length).toBe(big.length);
    filter.pause();
    filter.write("GET / HTTP/1.1\r\n\r\n");
    expect(await paused()).toBe(true);
    filter.resume();
    expect(await until(answer)).toBe(big + answer);
  });

  it("ends both ways when the server ends the connection", async () => {
    const { filter, read } = await wrapped((peer) => peer.end());
    read();
    await new Promise((resolve) => filter.once("end", resolve));
    await pause(5);
    expect(filter.writableEnded).toBe(true);
  });

  it("is destroyed when its socket closes", async () => {
    const { raw, filter } = await wrapped(() => undefined);
    raw.destroy();
    await new Promise((resolve) => filter.once("close", resolve));
    expect(filter.destroyed).toBe(true);
  });

  it("passes its socket's drain on", async () => {
    const { raw, filter } = await wrapped(() => undefined);
    let drained = false;
    filter.on("drain", () => (drained = true));
    raw.emit("drain");
    expect(drained).toBe(true);
  });

  it("writes corked chunks in order, calling back once", async () => {
    let got = "";
    const { filter } = await wrapped((peer) => peer.on("data", (chunk: Buffer) => (got += chunk.toString("latin1"))));
    const errors: unknown[] = [];
    filter.on("error", (error) => errors.push(error));
    const written: string[] = [];
    filter.cork();
    for (const part of ["a", "b", "c"]) filter.write(part, () => written.push(part));
    filter.uncork();
    for (let waited = 0; got.length < 3 && waited < 1_000; waited += 5) await pause(5);
    await pause(5);
    expect(got).toBe("abc");
    expect(written).toEqual(["a", "b", "c"]);
    expect(errors).toEqual([]);
  });

  it("ending it ends the socket", async () => {
    let ended = false;
    const { filter } = await wrapped((peer) => peer.on("end", () => (ended = true)).resume());
    filter.end();
    for (let waited = 0; !ended && waited < 1_000; waited += 5) await pause(5);
    expect(ended).toBe(true);
  });
});

describe("a connector that fails", () => {
  it("passes its error on", async () => {
    const refused = new Error("refused");
    const connector: buildConnector.connector = (_options, callback) => callback(refused, null);
    const error = await new Promise((resolve) =>
      skipUnaskedContinue(connector)({} as buildConnector.Options, (...args) => resolve(args[0])),
    );
    expect(error).toBe(refused);
  });

  it("without an error or a socket, says there is no socket", async () => {
    const connector = ((_options, callback) => callback(null, null as unknown as Socket)) as buildConnector.connector;
    const error = await new Promise((resolve) =>
      skipUnaskedContinue(connector)({} as buildConnector.Options, (...args) => resolve(args[0])),
    );
    expect(error).toEqual(new Error("no socket"));
  });
});

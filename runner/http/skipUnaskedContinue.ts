/**
 * Tolerates an unsolicited "100 Continue" before an answer. RFC 9110 §15.2 lets a server send
 * interim responses that a client must be ready to ignore, and some servers send 100 to every
 * POST; undici accepts 1xx answers except 100, which it treats as a broken connection unless it
 * asked for one (Expect: 100-continue, which the suite never sends). This connector wraps each
 * socket and drops a 100 status block found where an answer starts; every other byte passes
 * through untouched.
 */
import { Duplex } from "node:stream";
import type { Socket } from "node:net";
import type { buildConnector } from "undici";

/** Longest status block looked at: an interim answer is one short line and perhaps a few headers. */
const MAX_INTERIM_BYTES = 8 * 1024;
const INTERIM_100 = /^HTTP\/1\.[01] 100[ \r]/;

/** A duplex over the socket that drops "HTTP/1.1 100 …\r\n\r\n" where an answer starts (after each request written). */
class ContinueFilter extends Duplex {
  /** True from a request written until the first bytes of its answer are settled. */
  private atAnswerStart = false;
  private pending = Buffer.alloc(0);

  constructor(private readonly socket: Socket) {
    super({ allowHalfOpen: false });
    socket.on("data", (chunk: Buffer) => this.incoming(chunk));
    socket.on("end", () => {
      this.flushPending();
      this.push(null);
    });
    socket.on("error", (error) => this.destroy(error));
    socket.on("close", () => this.destroy());
    socket.on("drain", () => this.emit("drain"));
  }

  private incoming(chunk: Buffer): void {
    if (!this.atAnswerStart) {
      if (!this.push(chunk)) this.socket.pause();
      return;
    }
    this.pending = Buffer.concat([this.pending, chunk]);
    for (;;) {
      const head = this.pending.subarray(0, 13).toString("latin1");
      if (head.length < 13 && ["HTTP/1.1 100 ", "HTTP/1.0 100 "].some((start) => start.startsWith(head))) return; // too short to tell yet
      if (!INTERIM_100.test(head)) break;
      const end = this.pending.indexOf("\r\n\r\n");
      if (end < 0) {
        if (this.pending.length > MAX_INTERIM_BYTES) break; // not a sane interim answer: let undici judge it
        return;
      }
      this.pending = this.pending.subarray(end + 4);
      if (this.pending.length === 0) return;
    }
    this.flushPending();
  }

  private flushPending(): void {
    this.atAnswerStart = false;
    if (this.pending.length > 0 && !this.push(this.pending)) this.socket.pause();
    this.pending = Buffer.alloc(0);
  }

  override _read(): void {
    this.socket.resume();
  }

  override _write(chunk: Buffer, encoding: BufferEncoding, callback: (error?: Error | null) => void): void {
    this.atAnswerStart = true;
    this.socket.write(chunk, encoding, callback);
  }

  /**
   * undici corks the socket around a request's head and body; without this, uncorking the wrapper
   * wrote each to the socket on its own (two write calls and two TCP segments per request).
   */
  override _writev(
    chunks: { chunk: Buffer; encoding: BufferEncoding }[],
    callback: (error?: Error | null) => void,
  ): void {
    this.atAnswerStart = true;
    this.socket.cork();
    chunks.forEach(({ chunk, encoding }, index) =>
      this.socket.write(chunk, encoding, index === chunks.length - 1 ? callback : undefined),
    );
    this.socket.uncork();
  }

  override _final(callback: (error?: Error | null) => void): void {
    this.socket.end(callback);
  }

  override _destroy(error: Error | null, callback: (error?: Error | null) => void): void {
    this.socket.destroy(error ?? undefined);
    callback(error);
  }

  // What undici asks of a socket beyond a stream.
  get alpnProtocol(): string | false | null | undefined {
    return (this.socket as Socket & { alpnProtocol?: string | false | null }).alpnProtocol;
  }
  get remoteAddress(): string | undefined {
    return this.socket.remoteAddress;
  }
  get remotePort(): number | undefined {
    return this.socket.remotePort;
  }
  get localAddress(): string | undefined {
    return this.socket.localAddress;
  }
  get localPort(): number | undefined {
    return this.socket.localPort;
  }
  get bytesWritten(): number {
    return this.socket.bytesWritten;
  }
  get bytesRead(): number {
    return this.socket.bytesRead;
  }
  setNoDelay(noDelay?: boolean): this {
    this.socket.setNoDelay(noDelay);
    return this;
  }
  setKeepAlive(enable?: boolean, delay?: number): this {
    this.socket.setKeepAlive(enable, delay);
    return this;
  }
  setTimeout(ms: number, callback?: () => void): this {
    this.socket.setTimeout(ms, callback);
    return this;
  }
  ref(): this {
    this.socket.ref();
    return this;
  }
  unref(): this {
    this.socket.unref();
    return this;
  }
}

/** Wraps a connector so every socket it makes skips unasked 100 Continue answers. */
export function skipUnaskedContinue(connector: buildConnector.connector): buildConnector.connector {
  return (options, callback) =>
    connector(options, (error, socket) => {
      if (error !== null || socket === null) return callback(error ?? new Error("no socket"), null);
      callback(null, new ContinueFilter(socket) as unknown as Socket);
    });
}

/** The hostile target's HTTP plumbing: read each request to its end, hand it on, and tear every connection down on close. */
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { Socket } from "node:net";
import { listenOnLoopback } from "./listenOnLoopback.js";

/** A listening server on 127.0.0.1. */
export interface LoopbackServer {
  readonly port: number;
  /** Destroys open connections and stops listening. */
  close(): Promise<void>;
}

/** Starts a server that calls `arrived` when a request's headers arrive and `read` when its body has been read. */
export async function startHostileServer(
  arrived: (path: string, request: IncomingMessage, response: ServerResponse) => { body: string },
  read: (path: string, request: IncomingMessage, response: ServerResponse) => void,
): Promise<LoopbackServer> {
  const sockets = new Set<Socket>();
  const server = createServer((request, response) => {
    const path = (request.url ?? "").split("?")[0] ?? "";
    const record = arrived(path, request, response);
    const chunks: Buffer[] = [];
    request.on("data", (chunk: Buffer) => chunks.push(chunk));
    request.on("end", () => {
      record.body = Buffer.concat(chunks).toString("utf8");
      read(path, request, response);
    });
  });
  server.requestTimeout = 0; // never cut a client off: the client's own timeouts are under test
  server.on("connection", (socket: Socket) => {
    sockets.add(socket);
    socket.on("error", () => undefined); // resets are part of the game
    socket.once("close", () => sockets.delete(socket));
  });
  server.on("clientError", (_error, socket: Socket) => socket.destroy());
  const port = await listenOnLoopback(server);
  return {
    port,
    close: async () => {
      for (const socket of sockets) socket.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

/**
 * A small forward proxy on 127.0.0.1 for tests: absolute-URI requests (plain http) are forwarded,
 * CONNECT opens a tunnel (https); every request is counted, and with `credentials` set a request
 * without the matching Proxy-Authorization gets 407.
 */
import { createServer, request as httpRequest, type IncomingMessage } from "node:http";
import { credentialHeaders } from "../../../reference/http/credentialHeaders.js";
import { connect, type AddressInfo, type Socket } from "node:net";

/** A running proxy. */
export interface ForwardProxy {
  /** http://127.0.0.1:PORT */
  readonly url: string;
  /** Absolute-URI requests forwarded, by target URL. */
  forwarded(): readonly string[];
  /** CONNECT tunnels opened, by host:port. */
  tunnels(): readonly string[];
  /** Requests refused with 407. */
  refused(): number;
  close(): Promise<void>;
}

/** Starts a proxy; with `credentials` ("user:password") it requires Basic Proxy-Authorization. */
export async function startForwardProxy(credentials?: string): Promise<ForwardProxy> {
  const forwarded: string[] = [];
  const tunnels: string[] = [];
  let refused = 0;
  const sockets = new Set<Socket>();
  const allowed = (request: IncomingMessage): boolean =>
    credentials === undefined ||
    request.headers["proxy-authorization"] === `Basic ${Buffer.from(credentials).toString("base64")}`;

  const server = createServer((request, response) => {
    if (!allowed(request)) {
      refused += 1;
      response.writeHead(407, { "proxy-authenticate": 'Basic realm="test"' }).end();
      return;
    }
    const target = new URL(request.url ?? "");
    forwarded.push(target.href);
    const headers = { ...credentialHeaders(request) };
    delete headers["proxy-authorization"];
    delete headers["proxy-connection"];
    const upstream = httpRequest(target, { method: request.method, headers }, (answer) => {
      response.writeHead(answer.statusCode ?? 502, answer.headers);
      answer.pipe(response);
    });
    upstream.on("error", () => response.writeHead(502).end());
    request.pipe(upstream);
  });
  server.on("connect", (request: IncomingMessage, client: Socket, head: Buffer) => {
    sockets.add(client);
    client.on("error", () => undefined);
    if (!allowed(request)) {
      refused += 1;
      client.end('HTTP/1.1 407 Proxy Authentication Required\r\nproxy-authenticate: Basic realm="test"\r\n\r\n');
      return;
    }
    tunnels.push(request.url ?? "");
    const [host, port] = (request.url ?? "").split(":");
    const upstream = connect(Number(port), host ?? "127.0.0.1", () => {
      client.write("HTTP/1.1 200 Connection Established\r\n\r\n");
      if (head.length > 0) upstream.write(head);
      upstream.pipe(client);
      client.pipe(upstream);
    });
    sockets.add(upstream);
    upstream.on("error", () => client.destroy());
  });
  server.on("connection", (socket: Socket) => {
    sockets.add(socket);
    socket.on("close", () => sockets.delete(socket));
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    forwarded: () => [...forwarded],
    tunnels: () => [...tunnels],
    refused: () => refused,
    close: async () => {
      for (const socket of sockets) socket.destroy();
      await new Promise((resolve) => server.close(resolve));
    },
  };
}

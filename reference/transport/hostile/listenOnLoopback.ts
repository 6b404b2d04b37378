/** Starts a server listening on 127.0.0.1 with a free port. */
import type { Server } from "node:http";
import type { AddressInfo } from "node:net";

/** Listens on 127.0.0.1, port 0, and gives the port the system chose. */
export async function listenOnLoopback(server: Server): Promise<number> {
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => resolve());
  });
  return (server.address() as AddressInfo).port;
}

/** A base URL where nothing listens, for connection-refused tests. */
import { createServer as createNetServer, type AddressInfo } from "node:net";

/** A base URL on 127.0.0.1 where nothing listens: a port bound, then released. */
export async function unusedBaseUrl(): Promise<string> {
  const server = createNetServer();
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => resolve());
  });
  const port = (server.address() as AddressInfo).port;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return `http://127.0.0.1:${port}`;
}

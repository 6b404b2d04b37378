/**
 * preflight against targets that give no usable first answer (issue 25.3): each way is one sentence saying what
 * is wrong and what to do, never a stack trace and never "cannot be reached" for a target that answered.
 */
import { createServer as createHttpServer } from "node:http";
import { createServer, type AddressInfo, type Server, type Socket } from "node:net";
import { afterEach, describe, expect, it } from "vitest";
import { ConfigurationError } from "../../../../runner/model/ConfigurationError.js";
import type { RunSettings } from "../../../../runner/model/RunSettings.js";
import { preflight } from "../../../../runner/preflight.js";
import { testSettings } from "../engine/engineDoubles.js";
import { startForwardProxy } from "../../support/forwardProxy.js";
import { makeTestCertificates } from "../../support/testCertificates.js";

const servers: Server[] = [];
const sockets: Socket[] = [];
afterEach(async () => {
  for (const socket of sockets.splice(0)) socket.destroy();
  await Promise.all(servers.splice(0).map((server) => new Promise((resolve) => server.close(resolve))));
});

/** A TCP server that does `onConnection` with each socket; its port. */
async function tcpTarget(onConnection: (socket: Socket) => void): Promise<number> {
  const server = createServer((socket) => {
    sockets.push(socket);
    onConnection(socket);
  });
  servers.push(server);
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return (server.address() as AddressInfo).port;
}

async function refusal(settings: RunSettings): Promise<string> {
  const error: unknown = await preflight(settings).then(
    () => undefined,
    (thrown: unknown) => thrown,
  );
  expect(error).toBeInstanceOf(ConfigurationError);
  return (error as Error).message;
}

/** Settings for `baseUrl` with a client certificate (--cert, --key) made for the test. */
function withClientCertificate(baseUrl: string) {
  const { clientCertFile, clientKeyFile } = makeTestCertificates();
  return testSettings({ baseUrl, clientCertificate: { certFile: clientCertFile, keyFile: clientKeyFile } });
}

describe("preflight without a usable first answer", () => {
  it("says the target did not answer in time, and what to raise", async () => {
    const port = await tcpTarget(() => undefined);
    const baseUrl = `http://127.0.0.1:${port}`;
    expect(await refusal(testSettings({ baseUrl, timeoutMs: 150 }))).toBe(
      `the target at ${baseUrl} did not answer within 150 ms; raise --timeout if it is slow, or check that it is running`,
    );
  });

  it("says the target cannot be reached when nothing listens", async () => {
    const port = await tcpTarget(() => undefined);
    await new Promise((resolve) => servers.pop()?.close(resolve));
    const baseUrl = `http://127.0.0.1:${port}`;
    expect(await refusal(testSettings({ baseUrl }))).toBe(
      `the target at ${baseUrl} cannot be reached (connection refused by ${baseUrl}: is the target running?); check --base-url and that the service is running`,
    );
  });

  it("names a TLS failure as such: an https URL to a plain-http port", async () => {
    const server = createHttpServer((_request, response) => response.end("{}"));
    servers.push(server);
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    const baseUrl = `https://127.0.0.1:${(server.address() as AddressInfo).port}`;
    const sentence = await refusal(testSettings({ baseUrl }));
    expect(sentence).toMatch(
      new RegExp(`^the target at ${baseUrl.replace(/[.]/g, "\\.")} cannot be used: the TLS handshake with `),
    );
    expect(sentence).toMatch(/ Is it an https port\?$/);
  });

  it("names an answer the HTTP parser refuses, and says nothing it answers can be judged", async () => {
    const port = await tcpTarget((socket) => {
      socket.on("data", () => socket.write("HTTP/1.1 200 OK\r\nContent-Length: 2\r\nContent-Length: 3\r\n\r\nab"));
    });
    const baseUrl = `http://127.0.0.1:${port}`;
    const sentence = await refusal(testSettings({ baseUrl }));
    expect(sentence).toMatch(
      new RegExp(
        `^the target at ${baseUrl.replace(/[.]/g, "\\.")} answered with a response the HTTP parser refuses \\(.+\\); nothing it answers can be judged$`,
      ),
    );
  });

  it("suspects the client certificate when an https target closes the connection without answering", async () => {
    const port = await tcpTarget((socket) => socket.destroy());
    const https = `https://127.0.0.1:${port}`;
    expect(await refusal(withClientCertificate(https))).toBe(
      `the target at ${https} closed the connection without answering: it may refuse the client certificate of --cert (signed by an authority it does not trust, or expired); check --cert and --key`,
    );
    // Without a client certificate, or over plain http, the same reset is only a target that cannot be reached.
    expect(await refusal(testSettings({ baseUrl: https }))).toMatch(
      new RegExp(`^the target at ${https.replace(/[.]/g, "\\.")} cannot be reached \\(`),
    );
    const http = `http://127.0.0.1:${port}`;
    expect(await refusal(withClientCertificate(http))).toBe(
      `the target at ${http} cannot be reached (the target closed the connection without answering); check --base-url and that the service is running`,
    );
  });

  it("says an https target with a client certificate cannot be reached when nothing listens: only a reset suggests the certificate", async () => {
    const port = await tcpTarget(() => undefined);
    await new Promise((resolve) => servers.pop()?.close(resolve));
    const https = `https://127.0.0.1:${port}`;
    expect(await refusal(withClientCertificate(https))).toBe(
      `the target at ${https} cannot be reached (connection refused by ${https}: is the target running?); check --base-url and that the service is running`,
    );
  });

  it("names a proxy that refuses the tunnel as such, without the failure's own full stop", async () => {
    const proxy = await startForwardProxy("user:password");
    const saved = process.env.https_proxy;
    // The lower-case form wins over HTTPS_PROXY (proxyFromEnvironment), whatever this machine sets.
    process.env.https_proxy = proxy.url.replace("http://", "http://who:wrong@");
    try {
      expect(await refusal(testSettings({ baseUrl: "https://cms.example.invalid", timeoutMs: 2_000 }))).toBe(
        "the target at https://cms.example.invalid cannot be used: the proxy refused to connect to https://cms.example.invalid (407); check the user and password in HTTPS_PROXY / HTTP_PROXY",
      );
    } finally {
      if (saved === undefined) delete process.env.https_proxy;
      else process.env.https_proxy = saved;
      await proxy.close();
    }
  });

  it("names a dead HTTP_PROXY as the hop that refused the connection, not the target (issue 50.6)", async () => {
    const port = await tcpTarget(() => undefined);
    await new Promise((resolve) => servers.pop()?.close(resolve));
    const names = ["http_proxy", "HTTP_PROXY", "https_proxy", "HTTPS_PROXY", "no_proxy", "NO_PROXY"] as const;
    const saved = names.map((name) => [name, process.env[name]] as const);
    for (const name of names) delete process.env[name];
    process.env.HTTP_PROXY = `http://proxy-user:proxy-pass@127.0.0.1:${port}`;
    try {
      expect(await refusal(testSettings({ baseUrl: "http://cms.example.invalid", timeoutMs: 5_000 }))).toBe(
        `the target at http://cms.example.invalid cannot be used: connection refused by the proxy http://127.0.0.1:${port} ` +
          "(HTTP_PROXY), on the way to http://cms.example.invalid: the request never reached the target; " +
          "is the proxy running? Check HTTP_PROXY and NO_PROXY",
      );
    } finally {
      for (const [name, value] of saved) {
        if (value === undefined) delete process.env[name];
        else process.env[name] = value;
      }
    }
  });

  it("refuses a restricted token that is the main token before sending anything", async () => {
    let connections = 0;
    const port = await tcpTarget(() => (connections += 1));
    const settings = testSettings({ baseUrl: `http://127.0.0.1:${port}` });
    expect(
      await refusal({
        ...settings,
        credentials: { ...settings.credentials, restrictedToken: settings.credentials.token },
      }),
    ).toBe(
      "the restricted token is the main token: the permission checks would compare the main user with itself; give the token of a user without the Visualizar permission (--restricted-token or CMS_RESTRICTED_TOKEN), or none",
    );
    expect(connections).toBe(0);
  });
});

/**
 * TLS (issue 15.1): a company CA is trusted with --ca-file, --insecure skips verification, and a
 * certificate from an unknown authority names itself ("give --ca-file"), never "cannot be reached".
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createHttpClient } from "../../../../runner/http/createHttpClient.js";
import { preflight } from "../../../../runner/preflight.js";
import { resolveRunSettings } from "../../../../runner/settings/resolveRunSettings.js";
import {
  hasOpenssl,
  makeTestCertificates,
  startTlsServer,
  type TestCertificates,
} from "../../support/testCertificates.js";
import { postRequest, SECRETS } from "./httpTestKit.js";

const openssl = hasOpenssl();
let certificates: TestCertificates;
let server: Awaited<ReturnType<typeof startTlsServer>>;
let origin: string;

beforeAll(async () => {
  if (!openssl) return;
  certificates = makeTestCertificates();
  server = await startTlsServer(certificates, (_request, response) => {
    response.writeHead(200, { "content-type": "application/json" }).end('{"ok":true}');
  });
  origin = server.origin;
});
afterAll(async () => {
  if (!openssl) return;
  await server.close();
});

describe.skipIf(!openssl)("TLS with a company CA", () => {
  it("an unknown authority: a tls failure that names the cause and --ca-file", async () => {
    const client = createHttpClient({ baseUrl: origin, timeoutMs: 2_000, secrets: SECRETS });
    const exchange = await client.send(postRequest("/x"));
    await client.close();
    expect(exchange.response).toBeUndefined();
    expect(exchange.failure?.kind).toBe("tls");
    expect(exchange.failure?.message).toMatch(
      /^the certificate of https:\/\/127\.0\.0\.1:\d+ is signed by an unknown authority \(UNABLE_TO_VERIFY_LEAF_SIGNATURE\): give --ca-file with your company's CA certificate \(PEM\), or --insecure to skip verification\.$/,
    );
  });

  it("the CA given (--ca-file): the answer comes", async () => {
    const client = createHttpClient({ baseUrl: origin, timeoutMs: 2_000, ca: [certificates.caPem], secrets: SECRETS });
    const exchange = await client.send(postRequest("/x"));
    await client.close();
    expect(exchange.failure).toBeUndefined();
    expect(exchange.json).toEqual({ ok: true });
  });

  it("--insecure: the answer comes without verification", async () => {
    const client = createHttpClient({ baseUrl: origin, timeoutMs: 2_000, insecure: true, secrets: SECRETS });
    const exchange = await client.send(postRequest("/x"));
    await client.close();
    expect(exchange.json).toEqual({ ok: true });
  });

  it("a certificate for another host name: a tls failure naming the mismatch", async () => {
    const other = makeTestCertificates("DNS:cms.example.invalid");
    const elsewhere = await startTlsServer(other, (_request, response) => response.end("{}"));
    const client = createHttpClient({
      baseUrl: elsewhere.origin,
      timeoutMs: 2_000,
      ca: [other.caPem],
      secrets: SECRETS,
    });
    const exchange = await client.send(postRequest("/x"));
    await client.close();
    await elsewhere.close();
    expect(exchange.failure?.kind).toBe("tls");
    expect(exchange.failure?.message).toMatch(
      /is not valid for this host name \(ERR_TLS_CERT_ALTNAME_INVALID\): use the host name it was issued for, or --insecure\.$/,
    );
  });

  it("before the run: a TLS failure says so and what to give, never 'cannot be reached'", async () => {
    const settings = resolveRunSettings([
      { baseUrl: origin, clientId: "client-0123456789", token: "token-0123456789", timeoutMs: 2_000 },
    ]);
    await expect(preflight(settings)).rejects.toThrow(
      /cannot be used: the certificate of https:\/\/127\.0\.0\.1:\d+ is signed by an unknown authority .*give --ca-file/,
    );
    await expect(
      preflight(
        resolveRunSettings([
          { baseUrl: origin, clientId: "client-0123456789", token: "token-0123456789", caFiles: [certificates.caFile] },
        ]),
      ),
    ).resolves.toBeUndefined();
    await expect(
      preflight(
        resolveRunSettings([
          { baseUrl: origin, clientId: "client-0123456789", token: "token-0123456789", insecure: true },
        ]),
      ),
    ).resolves.toBeUndefined();
  });

  it("a CA file that cannot be read stops the run before it starts", () => {
    expect(() =>
      resolveRunSettings([{ baseUrl: origin, clientId: "c-1234", token: "t-1234", caFiles: ["/nonexistent/ca.pem"] }]),
    ).toThrow("cannot read the CA file /nonexistent/ca.pem (ENOENT); --ca-file takes a PEM file");
  });
});

/**
 * createDispatcher: direct or through proxies, and which certificates it trusts: the system's, --ca-file's and
 * NODE_EXTRA_CA_CERTS's (read from the env option, since a `ca` option replaces Node's start-up store).
 */
import { Agent, EnvHttpProxyAgent } from "undici";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createDispatcher, type DispatcherOptions } from "../../../../runner/http/createDispatcher.js";
import {
  hasOpenssl,
  makeTestCertificates,
  startTlsServer,
  type TestCertificates,
} from "../../support/testCertificates.js";

const openssl = hasOpenssl();
let certificates: TestCertificates;
let otherAuthority: TestCertificates;
let server: Awaited<ReturnType<typeof startTlsServer>>;
let origin: string;

beforeAll(async () => {
  if (!openssl) return;
  certificates = makeTestCertificates();
  otherAuthority = makeTestCertificates();
  server = await startTlsServer(certificates, (_request, response) => {
    response.end("{}");
  });
  origin = server.origin;
});
afterAll(async () => {
  if (!openssl) return;
  await server.close();
});

/** The status of a GET through a dispatcher made with `options`, or the code of the error it failed with. */
async function statusThrough(options: Omit<DispatcherOptions, "connections" | "timeoutMs">): Promise<number | string> {
  const dispatcher = createDispatcher({ connections: 1, timeoutMs: 2_000, ...options });
  try {
    const answer = await dispatcher.request({ origin, path: "/", method: "GET" });
    await answer.body.dump();
    return answer.statusCode;
  } catch (error) {
    return String((error as { code?: unknown }).code);
  } finally {
    await dispatcher.close();
  }
}

describe("createDispatcher", () => {
  it("connects directly with an Agent when no proxy is set, through EnvHttpProxyAgent when one is", async () => {
    const direct = createDispatcher({ connections: 1, timeoutMs: 1_000, proxy: {} });
    const proxied = createDispatcher({ connections: 1, timeoutMs: 1_000, proxy: { httpsProxy: "http://127.0.0.1:1" } });
    expect(direct).toBeInstanceOf(Agent);
    expect(proxied).toBeInstanceOf(EnvHttpProxyAgent);
    await direct.close();
    await proxied.close();
  });
});

describe.skipIf(!openssl)("createDispatcher's trusted certificates", () => {
  it("trusts the CA of NODE_EXTRA_CA_CERTS besides those of --ca-file", async () => {
    expect(await statusThrough({ ca: [otherAuthority.caPem], env: { NODE_EXTRA_CA_CERTS: certificates.caFile } })).toBe(
      200,
    );
  });

  it("trusts the CA of --ca-file when NODE_EXTRA_CA_CERTS is unset or cannot be read", async () => {
    expect(await statusThrough({ ca: [certificates.caPem], env: {} })).toBe(200);
    expect(await statusThrough({ ca: [certificates.caPem], env: { NODE_EXTRA_CA_CERTS: "/nonexistent/ca.pem" } })).toBe(
      200,
    );
  });

  it("keeps Node's own trust store for an empty --ca-file list, not reading NODE_EXTRA_CA_CERTS again", async () => {
    expect(await statusThrough({ ca: [], env: { NODE_EXTRA_CA_CERTS: certificates.caFile } })).toBe(
      "UNABLE_TO_VERIFY_LEAF_SIGNATURE",
    );
  });
});

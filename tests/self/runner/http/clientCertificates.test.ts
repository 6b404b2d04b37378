/**
 * Client certificates (issue 27.5): --cert and --key present a client certificate to a target or
 * gateway that asks for one (mTLS). Without one, the refusal names itself and what to give; --cert
 * without --key is refused before any request; the key's content is written nowhere.
 */
import { mkdtempSync, readFileSync, readdirSync, writeFileSync } from "node:fs";
import { createServer, type Server } from "node:https";
import { request as httpRequest } from "node:http";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { referenceRunConfig } from "../../../../reference/referenceRunConfig.js";
import { startReferenceServer, type RunningReferenceServer } from "../../../../reference/startReferenceServer.js";
import { createHttpClient } from "../../../../runner/http/createHttpClient.js";
import { runCli } from "../../cli/cliInProcess.js";
import { hasOpenssl, makeTestCertificates, type TestCertificates } from "../../support/testCertificates.js";
import { postRequest, SECRETS } from "./httpTestKit.js";

const openssl = hasOpenssl();
let certificates: TestCertificates;
let reference: RunningReferenceServer;
let gateway: Server;
let origin: string;

beforeAll(async () => {
  if (!openssl) return;
  certificates = makeTestCertificates();
  reference = await startReferenceServer({ seed: 2 });
  const upstream = new URL(reference.baseUrl);
  // An https gateway in front of the reference that lets in only clients with a certificate its CA signed.
  gateway = createServer(
    {
      key: certificates.serverKey,
      cert: certificates.serverCert,
      ca: certificates.caPem,
      requestCert: true,
      rejectUnauthorized: true,
    },
    (request, response) => {
      const forward = httpRequest(
        {
          host: upstream.hostname,
          port: upstream.port,
          path: request.url,
          method: request.method,
          headers: request.headers,
        },
        (answer) => {
          response.writeHead(answer.statusCode ?? 502, answer.headers);
          answer.pipe(response);
        },
      );
      request.pipe(forward);
    },
  );
  await new Promise<void>((resolve) => gateway.listen(0, "127.0.0.1", resolve));
  origin = `https://127.0.0.1:${(gateway.address() as AddressInfo).port}`;
});
afterAll(async () => {
  if (!openssl) return;
  gateway.closeAllConnections();
  await new Promise((resolve) => gateway.close(resolve));
  await reference.close();
});

function targetArgs(): { args: string[]; env: Record<string, string> } {
  const config = referenceRunConfig(reference, origin);
  return {
    args: ["run", "--base-url", origin, "--ca-file", certificates.caFile, "--checks", "schema.*", "--seed", "4"],
    env: { CMS_CLIENT_ID: config.clientId ?? "", CMS_TOKEN: config.token ?? "", NO_COLOR: "1" },
  };
}

describe.skipIf(!openssl)("client certificates (mTLS)", () => {
  it("the client presents the certificate and key it is given, and the answer comes", async () => {
    const client = createHttpClient({
      baseUrl: origin,
      timeoutMs: 5_000,
      ca: [certificates.caPem],
      clientCertificate: {
        cert: readFileSync(certificates.clientCertFile, "utf8"),
        key: readFileSync(certificates.clientKeyFile, "utf8"),
      },
      secrets: SECRETS,
    });
    const exchange = await client.send(postRequest("/platform/cms/getWidget"));
    await client.close();
    expect(exchange.failure).toBeUndefined();
    expect(exchange.response?.status).toBe(401);
  });

  it("without one, the refusal is a tls failure that says a client certificate is wanted and what to give", async () => {
    const client = createHttpClient({ baseUrl: origin, timeoutMs: 5_000, ca: [certificates.caPem], secrets: SECRETS });
    const exchange = await client.send(postRequest("/platform/cms/getWidget"));
    await client.close();
    expect(exchange.failure?.kind).toBe("tls");
    expect(exchange.failure?.message).toMatch(
      /refused the TLS handshake for want of an acceptable client certificate \(ERR_SSL_TLSV13_ALERT_CERTIFICATE_REQUIRED\): give --cert and --key/,
    );
  });

  it("run --cert --key: the run passes, its reproduce line repeats both paths, and no report holds the key", async () => {
    const { args, env } = targetArgs();
    const out = mkdtempSync(join(tmpdir(), "cms-mtls-"));
    const result = await runCli(
      [...args, "--cert", certificates.clientCertFile, "--key", certificates.clientKeyFile, "--out", out],
      env,
    );
    expect(result.stderr).toBe("");
    expect(result.code).toBe(0);
    expect(result.stdout).toContain(`--cert ${certificates.clientCertFile} --key ${certificates.clientKeyFile}`);
    const keyBody = readFileSync(certificates.clientKeyFile, "utf8").split("\n")[1] as string;
    for (const name of readdirSync(out)) expect(readFileSync(join(out, name), "utf8")).not.toContain(keyBody);
    expect(result.stdout).not.toContain(keyBody);
  });

  it("run without --cert against it: exit 2, one sentence naming --cert and --key", async () => {
    const { args, env } = targetArgs();
    const result = await runCli([...args, "--out", mkdtempSync(join(tmpdir(), "cms-mtls-"))], env);
    expect(result.code).toBe(2);
    expect(result.stderr.trim().split("\n")).toHaveLength(1);
    expect(result.stderr).toMatch(/client certificate .*give --cert and --key/);
  });

  it('a --key that is not the --cert\'s key: exit 2 before any request, one sentence naming the mismatch, not "cannot be reached" (issue 41.2)', async () => {
    const { args, env } = targetArgs();
    const otherKey = join(mkdtempSync(join(tmpdir(), "cms-mtls-key-")), "other.key");
    writeFileSync(otherKey, certificates.serverKey);
    const result = await runCli([...args, "--cert", certificates.clientCertFile, "--key", otherKey], env);
    expect(result.code).toBe(2);
    expect(result.stderr).toBe(
      `cms-conformance run: the private key ${otherKey} is not the key of the client certificate ${certificates.clientCertFile} (--key and --cert do not match), so no TLS connection could be made; give the key the certificate was issued for\n`,
    );
  });

  it("--cert without --key, or a file that holds no certificate, is refused before any request (exit 2)", async () => {
    const { args, env } = targetArgs();
    const lone = await runCli([...args, "--cert", certificates.clientCertFile], env);
    expect(lone.code).toBe(2);
    expect(lone.stderr).toMatch(/--cert is given without --key/);
    const swapped = await runCli(
      [...args, "--cert", certificates.clientKeyFile, "--key", certificates.clientKeyFile],
      env,
    );
    expect(swapped.code).toBe(2);
    expect(swapped.stderr).toMatch(/holds no PEM client certificate/);
  });
});

/**
 * A throwaway certificate authority, a server certificate it signed (for 127.0.0.1 and localhost)
 * and a client certificate it signed, made with the machine's openssl in a temporary folder, for TLS tests.
 */
import { execFileSync } from "node:child_process";
import { mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import type { RequestListener } from "node:http";
import { createServer } from "node:https";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";

/** PEM texts and the file of the CA certificate. */
export interface TestCertificates {
  readonly caPem: string;
  readonly caFile: string;
  readonly serverKey: string;
  readonly serverCert: string;
  /** A client certificate the CA signed, and its key, as files (mTLS). */
  readonly clientCertFile: string;
  readonly clientKeyFile: string;
}

/** True when an openssl binary can be run. */
export function hasOpenssl(): boolean {
  try {
    execFileSync("openssl", ["version"], { stdio: "ignore" });
    return true;
  } catch {
    return false;
  }
}

/** Makes a CA and a server certificate for `altNames` (default 127.0.0.1 and localhost; EC P-256, valid one day). */
export function makeTestCertificates(altNames = "IP:127.0.0.1,DNS:localhost"): TestCertificates {
  const dir = mkdtempSync(join(tmpdir(), "cms-tls-"));
  const file = (name: string) => join(dir, name);
  const openssl = (...args: string[]) =>
    execFileSync("openssl", args, { cwd: dir, stdio: ["ignore", "ignore", "pipe"] });
  const ec = ["-newkey", "ec", "-pkeyopt", "ec_paramgen_curve:prime256v1", "-nodes"];
  openssl(
    "req",
    "-x509",
    ...ec,
    "-keyout",
    "ca.key",
    "-out",
    "ca.pem",
    "-days",
    "1",
    "-subj",
    "/CN=cms-conformance test CA",
  );
  openssl("req", ...ec, "-keyout", "server.key", "-out", "server.csr", "-subj", "/CN=127.0.0.1");
  writeFileSync(file("server.ext"), `subjectAltName=${altNames}\n`);
  openssl(
    "x509",
    "-req",
    "-in",
    "server.csr",
    "-CA",
    "ca.pem",
    "-CAkey",
    "ca.key",
    "-CAcreateserial",
    "-out",
    "server.pem",
    "-days",
    "1",
    "-extfile",
    "server.ext",
  );
  openssl("req", ...ec, "-keyout", "client.key", "-out", "client.csr", "-subj", "/CN=cms-conformance client");
  openssl(
    "x509",
    "-req",
    "-in",
    "client.csr",
    "-CA",
    "ca.pem",
    "-CAkey",
    "ca.key",
    "-CAcreateserial",
    "-out",
    "client.pem",
    "-days",
    "1",
  );
  return {
    clientCertFile: file("client.pem"),
    clientKeyFile: file("client.key"),
    caPem: readFileSync(file("ca.pem"), "utf8"),
    caFile: file("ca.pem"),
    serverKey: readFileSync(file("server.key"), "utf8"),
    serverCert: readFileSync(file("server.pem"), "utf8"),
  };
}

/** An HTTPS server on 127.0.0.1 with the server certificate of `certificates`; `close` ends its connections too. */
export async function startTlsServer(
  certificates: TestCertificates,
  listener: RequestListener,
): Promise<{ readonly origin: string; close(): Promise<void> }> {
  const server = createServer({ key: certificates.serverKey, cert: certificates.serverCert }, listener);
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return {
    origin: `https://127.0.0.1:${(server.address() as AddressInfo).port}`,
    close: async () => {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    },
  };
}

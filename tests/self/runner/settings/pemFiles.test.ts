/**
 * --ca-file, --cert and --key hold what their names say (issue 50.5), or the run exits 2 before any request
 * with one sentence naming the file: a private key or text without a certificate in --ca-file, a damaged
 * certificate in --cert, a damaged key in --key. Nothing of a file is repeated.
 */
import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import type { RunConfigFile } from "../../../../runner/model/runOptions/runOptionTable.js";
import { resolveRunConfig } from "../../../../runner/settings/resolveRunConfig.js";
import { configurationErrorOf } from "../../cli/configurationErrorOf.js";
import { runWith } from "../../cli/cliInProcess.js";
import { FIXTURE_CERTIFICATE_PEM, FIXTURE_PRIVATE_KEY_PEM } from "../../support/fixturePem.js";

const folder = mkdtempSync(join(tmpdir(), "cms-pem-"));

const BASE: RunConfigFile = { baseUrl: "https://t.example", clientId: "c", token: "t" };
const refused = (settings: RunConfigFile) => configurationErrorOf(() => resolveRunConfig([{ ...BASE, ...settings }]));

/** A file of `text` in the scratch folder. */
function file(name: string, text: string): string {
  const path = join(folder, name);
  writeFileSync(path, text);
  return path;
}

/** A CA's certificate, a private key, and a client certificate with its key (the fixture serves as each). */
const certificates = {
  caPem: FIXTURE_CERTIFICATE_PEM,
  caFile: file("ca.pem", FIXTURE_CERTIFICATE_PEM),
  serverKey: FIXTURE_PRIVATE_KEY_PEM,
  clientCertFile: file("client.pem", FIXTURE_CERTIFICATE_PEM),
  clientKeyFile: file("client.key", FIXTURE_PRIVATE_KEY_PEM),
};

describe("--ca-file holds CA certificates", () => {
  it("takes a PEM file of certificates", () => {
    expect(resolveRunConfig([{ ...BASE, caFiles: [certificates.caFile] }]).caFiles).toEqual([certificates.caFile]);
    const two = file("two.pem", `${certificates.caPem}\n${certificates.caPem}`);
    expect(resolveRunConfig([{ ...BASE, caFiles: [two] }]).caFiles).toEqual([two]);
  });

  it("refuses a private key, without repeating it", () => {
    const key = file("ca-key.pem", certificates.serverKey);
    const sentence = refused({ caFiles: [certificates.caFile, key] });
    expect(sentence).toBe(
      `the CA file ${key} ("caFiles") holds a private key; --ca-file takes the certificate of the CA that signed the target's certificate (PEM), never a key: give that certificate, and keep the key out of the run`,
    );
    expect(sentence).not.toContain(certificates.serverKey.split("\n")[1]);
    // A certificate beside a key is still a key handed over.
    expect(refused({ caFiles: [file("both.pem", `${certificates.caPem}${certificates.serverKey}`)] })).toMatch(
      /holds a private key/,
    );
  });

  it("refuses text without a certificate, and a damaged certificate", () => {
    const garbage = file("garbage.pem", "not a certificate\n");
    expect(refused({ caFiles: [garbage] })).toBe(
      `the CA file ${garbage} ("caFiles") holds no PEM certificate (-----BEGIN CERTIFICATE-----); give the CA's certificate as a PEM file`,
    );
    const damaged = file(
      "damaged.pem",
      `${certificates.caPem}-----BEGIN CERTIFICATE-----\nAAAA\n-----END CERTIFICATE-----\n`,
    );
    expect(refused({ caFiles: [damaged] })).toBe(
      `the CA file ${damaged} ("caFiles") holds a certificate that cannot be read (block 2 of 2); give the CA's certificate as a PEM file`,
    );
  });

  it("exits 2 from the command line, naming the file, before any request", async () => {
    const key = file("flag-key.pem", certificates.serverKey);
    const result = await runWith(
      ["--base-url", "https://127.0.0.1:9", "--ca-file", key, "--out", join(folder, "out")],
      { CMS_CLIENT_ID: "client-1234", CMS_TOKEN: "token-1234" },
      { executor: () => Promise.reject(new Error("the run started a check")) },
    );
    expect([result.code, result.stdout]).toEqual([2, ""]);
    expect(result.stderr).toBe(
      `cms-conformance run: the CA file ${key} (--ca-file) holds a private key; --ca-file takes the certificate of the CA that signed the target's certificate (PEM), never a key: give that certificate, and keep the key out of the run\n`,
    );
  });
});

describe("--cert and --key hold a certificate and its key", () => {
  it("refuses a damaged certificate block in --cert", () => {
    const cert = file("damaged-cert.pem", "-----BEGIN CERTIFICATE-----\nAAAA\n-----END CERTIFICATE-----\n");
    expect(refused({ cert, key: certificates.clientKeyFile })).toBe(
      `the client certificate file ${cert} holds no client certificate that can be read (its PEM block is damaged or not a certificate); give the certificate as a PEM file`,
    );
  });

  it("refuses a damaged key block in --key", () => {
    const key = file("damaged-key.pem", "-----BEGIN PRIVATE KEY-----\nAAAA\n-----END PRIVATE KEY-----\n");
    expect(refused({ cert: certificates.clientCertFile, key })).toBe(
      `the private key file ${key} holds no private key that can be read (its PEM block is damaged or not a key); give the certificate's private key as a PEM file`,
    );
  });

  it("takes the certificate and its key", () => {
    const config = resolveRunConfig([{ ...BASE, cert: certificates.clientCertFile, key: certificates.clientKeyFile }]);
    expect([config.cert, config.key]).toEqual([certificates.clientCertFile, certificates.clientKeyFile]);
  });
});

/** --cert and --key (mTLS): both or neither, each a readable PEM file of the right kind, the key the certificate's. */
import { createPrivateKey, X509Certificate, type KeyObject } from "node:crypto";
import { ConfigurationError } from "../model/ConfigurationError.js";
import { readRegularFile } from "./readRegularFile.js";
import type { RunConfigFile } from "../model/runOptions/runOptionTable.js";

/** --cert and --key, both or neither, each a readable PEM file of the right kind (exit 2 otherwise). */
export function checkClientCertificate(
  config: Pick<RunConfigFile, "cert" | "key">,
  nameOf: (key: "cert" | "key") => string,
): void {
  if (config.cert === undefined && config.key === undefined) return;
  if (config.cert === undefined || config.key === undefined)
    throw new ConfigurationError(
      `${nameOf(config.cert === undefined ? "key" : "cert")} is given without ` +
        `${config.cert === undefined ? "--cert (the client certificate)" : "--key (its private key)"}; a ` +
        `client certificate needs both, as PEM files`,
    );
  const pem = (file: string, what: string, pattern: RegExp): string => {
    let text: string;
    try {
      text = readRegularFile(file);
    } catch (error) {
      throw new ConfigurationError(
        `cannot read the ${what} file ${file} (${(error as NodeJS.ErrnoException).code ?? "error"}); give a PEM file`,
      );
    }
    if (!pattern.test(text)) throw new ConfigurationError(`the ${what} file ${file} holds no PEM ${what}`);
    return text;
  };
  const certificate = pem(config.cert, "client certificate", /-----BEGIN CERTIFICATE-----/);
  const key = pem(config.key, "private key", /-----BEGIN [A-Z ]*PRIVATE KEY-----/);
  checkKeyMatches(certificate, key, config.cert, config.key);
}

/** The certificate of --cert, refused when its PEM block is no certificate (issue 50.5: garbage went on to TLS). */
function parsedCertificate(text: string, file: string): X509Certificate {
  try {
    return new X509Certificate(text);
  } catch {
    throw new ConfigurationError(
      `the client certificate file ${file} holds no client certificate that can be read (its PEM block is ` +
        `damaged or not a certificate); give the certificate as a PEM file`,
    );
  }
}

/** The key of --key; undefined for an encrypted one (TLS judges it), refused when it is no key at all. */
function parsedKey(text: string, file: string): KeyObject | undefined {
  try {
    return createPrivateKey(text);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ERR_MISSING_PASSPHRASE") return undefined;
    throw new ConfigurationError(
      `the private key file ${file} holds no private key that can be read (its PEM block is damaged or not ` +
        `a key); give the certificate's private key as a PEM file`,
    );
  }
}

/**
 * Refuses a certificate or key that cannot be read (issue 50.5), and a private key that is not the certificate's
 * (issue 41.2): TLS would fail at every connection, and the run would read "cannot be reached". Nothing of either
 * file is repeated, only their names.
 */
function checkKeyMatches(certificateText: string, keyText: string, certFile: string, keyFile: string): void {
  const certificate = parsedCertificate(certificateText, certFile);
  const key = parsedKey(keyText, keyFile);
  // An encrypted key cannot be read here without its passphrase: the TLS layer judges it.
  if (key === undefined) return;
  if (!certificate.checkPrivateKey(key))
    throw new ConfigurationError(
      `the private key ${keyFile} is not the key of the client certificate ${certFile} (--key and --cert ` +
        `do not match), so no TLS connection could be made; give the key the certificate was issued for`,
    );
}

/** --cert and --key (mTLS): both or neither, each a readable PEM file of the right kind, the key the certificate's. */
import { createPrivateKey, X509Certificate } from "node:crypto";
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

/**
 * Refuses a private key that is not the certificate's (issue 41.2): TLS would fail at every connection, and
 * the run would read "cannot be reached". Nothing of either file is repeated, only their names.
 */
function checkKeyMatches(certificateText: string, keyText: string, certFile: string, keyFile: string): void {
  let matches: boolean;
  try {
    matches = new X509Certificate(certificateText).checkPrivateKey(createPrivateKey(keyText));
  } catch {
    // A file this process cannot parse (an encrypted key, an unusual encoding) is left to the TLS layer to judge.
    return;
  }
  if (!matches)
    throw new ConfigurationError(
      `the private key ${keyFile} is not the key of the client certificate ${certFile} (--key and --cert ` +
        `do not match), so no TLS connection could be made; give the key the certificate was issued for`,
    );
}

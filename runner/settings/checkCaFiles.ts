/**
 * --ca-file: each a readable file of PEM certificates, and nothing else a user could have meant (issue 50.5).
 * A private key or text without a certificate was handed to TLS as a CA and ignored there: the run went on
 * trusting only the system's CAs, and a run that should have said "give --ca-file" said something else.
 */
import { X509Certificate } from "node:crypto";
import { ConfigurationError } from "../model/ConfigurationError.js";
import { readRegularFile } from "./readRegularFile.js";

const CERTIFICATE_BLOCK = /-----BEGIN CERTIFICATE-----[\s\S]*?-----END CERTIFICATE-----/g;
const PRIVATE_KEY = /-----BEGIN [A-Z ]*PRIVATE KEY-----/;

/** The text of a CA file, refused when it cannot be read. */
function readCaFile(file: string): string {
  try {
    return readRegularFile(file);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code ?? "error";
    throw new ConfigurationError(`cannot read the CA file ${file} (${code}); --ca-file takes a PEM file`);
  }
}

/** Whether `block` is a certificate this process can read. */
function readable(block: string): boolean {
  try {
    new X509Certificate(block);
    return true;
  } catch {
    return false;
  }
}

/**
 * Refuses (exit 2) a CA file that cannot be read, holds a private key, holds no PEM certificate, or one that
 * cannot be read as a certificate; nothing of the file is repeated.
 */
export function checkCaFiles(files: readonly string[], name: string): void {
  for (const file of files) {
    const text = readCaFile(file);
    if (PRIVATE_KEY.test(text))
      throw new ConfigurationError(
        `the CA file ${file} (${name}) holds a private key; --ca-file takes the certificate of the CA that ` +
          `signed the target's certificate (PEM), never a key: give that certificate, and keep the key out of the run`,
      );
    const blocks = text.match(CERTIFICATE_BLOCK) ?? [];
    if (blocks.length === 0)
      throw new ConfigurationError(
        `the CA file ${file} (${name}) holds no PEM certificate (-----BEGIN CERTIFICATE-----); give the CA's certificate as a PEM file`,
      );
    const broken = blocks.findIndex((block) => !readable(block));
    if (broken >= 0)
      throw new ConfigurationError(
        `the CA file ${file} (${name}) holds a certificate that cannot be read (block ${broken + 1} of ` +
          `${blocks.length}); give the CA's certificate as a PEM file`,
      );
  }
}

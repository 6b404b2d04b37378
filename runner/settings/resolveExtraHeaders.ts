/**
 * The extra headers of a run (--header, `header` in the config file): merged over the layers
 * (a later layer wins, names compared without case), and refused when they cannot be sent.
 */
import { isSecretHeader } from "../http/extraHeaderSecrets.js";
import { MIN_SECRET_LENGTH } from "../http/redactSecrets.js";
import { ConfigurationError } from "../model/ConfigurationError.js";

/** RFC 9110 token: the characters a header name may hold. */
const TOKEN = /^[!#$%&'*+\-.^_`|~0-9A-Za-z]+$/;

/** What undici (and HTTP) refuse in a value: control characters other than tab, and anything past Latin-1. */
const UNSENDABLE_VALUE = /[^\t\x20-\x7e\x80-\xff]/;

/** Headers the HTTP client manages itself. */
const TRANSPORT_HEADERS = [
  "host",
  "content-length",
  "transfer-encoding",
  "connection",
  "keep-alive",
  "upgrade",
  "expect",
  "te",
  "trailer",
  "proxy-connection",
];

/** Headers the suite sets per request (§5); an extra value would defeat the checks that leave them out or change them. */
const SUITE_HEADERS: Readonly<Record<string, string>> = {
  authorization:
    "the suite sends the bearer token per request (give it with --token; --restricted-token for the second user)",
  client_id: "the suite sends it per request (give it with --client-id)",
  "content-type": "§5 fixes it to application/json and some checks send other bodies on purpose",
  accept: "§5 fixes it to application/json",
};

function refuse(name: string, why: string): never {
  throw new ConfigurationError(`the header ${JSON.stringify(name)} cannot be sent: ${why}`);
}

/** Refuses a header the suite cannot send as given, saying why. */
function checkHeader(name: string, value: string, secretHeaders: readonly string[]): void {
  if (!TOKEN.test(name))
    refuse(name, "a header name holds only letters, digits and !#$%&'*+-.^_`|~ (no spaces or colons)");
  const lower = name.toLowerCase();
  if (TRANSPORT_HEADERS.includes(lower)) refuse(name, "the HTTP client sets it itself");
  const reserved = SUITE_HEADERS[lower];
  if (reserved) refuse(name, reserved);
  if (UNSENDABLE_VALUE.test(value))
    refuse(
      name,
      "its value holds a newline, a control character or a character outside Latin-1, which HTTP cannot carry",
    );
  // Redaction skips values this short (they would garble every report), so a secret this short would leak.
  if (isSecretHeader(name, value, secretHeaders) && value.trim().length < MIN_SECRET_LENGTH) {
    refuse(
      name,
      `its value is a secret (its name looks secret or --secret-header names it), and a value shorter than ` +
        `${MIN_SECRET_LENGTH} characters cannot be redacted from the reports`,
    );
  }
}

/** Merges header layers (later wins, names without case) and checks every header; throws ConfigurationError. */
export function resolveExtraHeaders(
  layers: readonly (Readonly<Record<string, string>> | undefined)[],
  secretHeaders: readonly string[] = [],
): Record<string, string> {
  const merged = new Map<string, [string, string]>();
  for (const layer of layers) {
    const seen = new Set<string>();
    for (const [name, value] of Object.entries(layer ?? {})) {
      const key = name.toLowerCase();
      if (seen.has(key))
        throw new ConfigurationError(`the header ${JSON.stringify(name)} is given twice; give each header once`);
      seen.add(key);
      checkHeader(name, value, secretHeaders);
      merged.set(key, [name, value]);
    }
  }
  return Object.fromEntries(merged.values());
}

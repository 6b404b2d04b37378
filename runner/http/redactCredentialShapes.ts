/**
 * Credentials recognised by their shape or their header's name, for values whose secret the run does
 * not know: JWTs, an auth scheme's credential ("Bearer <token>"), and the credential headers.
 */
import { REDACTED } from "./redactSecretForms.js";

/** Headers whose values are credentials: masked even when the secret values are not known. */
export const CREDENTIAL_HEADERS = new Set([
  "authorization",
  "proxy-authorization",
  "cookie",
  "set-cookie",
  "client_id",
  "client-id",
  "x-client-id",
  "x-api-key",
  "api-key",
  "client_secret",
]);

/** A JSON Web Token: base64url of a JSON header ({" is eyJ), a payload and a signature (empty for alg none). */
const JWT = /(?<![A-Za-z0-9_-])eyJ[A-Za-z0-9_-]{4,}\.[A-Za-z0-9_-]{4,}\.[A-Za-z0-9_-]*/g;
/**
 * An auth scheme and its credential (token68 of RFC 9110, at least 8 characters): "Bearer abc…",
 * "Basic dXNlcjpwYXNz". An auth-param (Bearer realm="api") is no credential: it is followed by "=".
 */
const SCHEME_CREDENTIAL = /\b(Bearer|Basic|Token|DPoP)(\s+)[A-Za-z0-9._~+/-]{8,}=*(?=$|[\s,;])/gi;

/** True when a value looks like a credential whatever names it: a JWT, or "Bearer <token>" and the like. */
export function looksLikeCredential(value: string): boolean {
  const trimmed = value.trim();
  JWT.lastIndex = 0;
  SCHEME_CREDENTIAL.lastIndex = 0;
  return JWT.test(trimmed) || SCHEME_CREDENTIAL.test(trimmed);
}

/** Keeps placeholders ($CMS_TOKEN …) and the auth scheme ("Bearer"); hides any other credential value. */
export function maskCredential(value: string): string {
  const scheme = /^([A-Za-z]+) (.*)/.exec(value);
  const credential = scheme?.[2] ?? value;
  // Every placeholder starts with $ but [REDACTED], which masks to itself.
  if (credential.startsWith("$") || credential === "") return value;
  return scheme ? `${scheme[1] ?? ""} ${REDACTED}` : REDACTED;
}

/** JWTs and scheme credentials in a header value, whatever the header's name. */
export function maskCredentialShapes(value: string): string {
  return value.replace(JWT, REDACTED).replace(SCHEME_CREDENTIAL, (_whole, scheme: string, space: string) => {
    return `${scheme}${space}${REDACTED}`;
  });
}

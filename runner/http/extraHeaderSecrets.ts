/**
 * The values of extra headers (--header) that are secrets, with the placeholders reports show
 * instead: those of names that look secret, those named by --secret-header, and those whose value
 * looks like a credential (a JWT, "Bearer <token>") whatever their name.
 */
import { looksLikeCredential } from "./redactCredentialShapes.js";

/** Names that carry credentials in practice: API keys, session cookies, signatures, JWT assertions, passwords … */
const SECRET_NAME =
  /auth|cookie|token|key|secret|pass|session|credential|signature|jwt|assertion|(^|[-_])pwd?($|[-_])/i;

/** `$CMS_HEADER_X_API_KEY` for X-Api-Key: a shell variable a user can set to replay a curl command. */
function placeholderFor(name: string): string {
  return `$CMS_HEADER_${name.toUpperCase().replace(/[^A-Z0-9]+/g, "_")}`;
}

/** True when the header's value is a secret: its name looks secret, --secret-header names it, or its value looks like a credential. */
export function isSecretHeader(name: string, value: string, secretHeaders: readonly string[] = []): boolean {
  const lower = name.toLowerCase();
  return (
    SECRET_NAME.test(name) ||
    secretHeaders.some((secret) => secret.toLowerCase() === lower) ||
    looksLikeCredential(value)
  );
}

/** A secret per extra header that is one (isSecretHeader). */
export function extraHeaderSecrets(
  headers: Readonly<Record<string, string>> = {},
  secretHeaders: readonly string[] = [],
): { value: string; placeholder: string }[] {
  return Object.entries(headers)
    .filter(([name, value]) => isSecretHeader(name, value, secretHeaders))
    .map(([name, value]) => ({ value, placeholder: placeholderFor(name) }));
}

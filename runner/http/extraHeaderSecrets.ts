/** The values of extra headers (--header) whose names look secret, with the placeholders reports show instead. */

/** Names that carry credentials in practice: API keys, session cookies, signatures … */
const SECRET_NAME = /auth|cookie|token|key|secret|pass|session|credential|signature/i;

/** `$CMS_HEADER_X_API_KEY` for X-Api-Key: a shell variable a user can set to replay a curl command. */
function placeholderFor(name: string): string {
  return `$CMS_HEADER_${name.toUpperCase().replace(/[^A-Z0-9]+/g, "_")}`;
}

/** A secret per header whose name looks secret. */
export function extraHeaderSecrets(
  headers: Readonly<Record<string, string>> = {},
): { value: string; placeholder: string }[] {
  return Object.entries(headers)
    .filter(([name]) => SECRET_NAME.test(name))
    .map(([name, value]) => ({ value, placeholder: placeholderFor(name) }));
}

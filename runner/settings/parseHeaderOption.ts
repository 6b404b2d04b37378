/** Reads repeated `--header 'Name: value'` flags into a header record. */
import { ConfigurationError } from "../model/ConfigurationError.js";

/** The headers the flags name; refuses a flag without a colon and a name given twice (checks come later, in resolveExtraHeaders). */
export function parseHeaderOption(flags: readonly string[] | undefined): Record<string, string> | undefined {
  if (!flags || flags.length === 0) return undefined;
  const headers: Record<string, string> = {};
  const seen = new Set<string>();
  for (const flag of flags) {
    const colon = flag.indexOf(":");
    if (colon <= 0) throw new ConfigurationError(`--header takes 'Name: value', not ${JSON.stringify(flag)}`);
    const name = flag.slice(0, colon).trim();
    // HTTP strips the spaces and tabs around a value (RFC 9110 §5.5); a newline stays and is refused later.
    const value = flag.slice(colon + 1).replace(/^[ \t]+|[ \t]+$/g, "");
    if (seen.has(name.toLowerCase()))
      throw new ConfigurationError(`--header ${JSON.stringify(name)} is given twice; give each header once`);
    seen.add(name.toLowerCase());
    headers[name] = value;
  }
  return headers;
}

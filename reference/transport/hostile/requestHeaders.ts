/** Request headers as plain strings, as the hostile target records and echoes them. */
import type { IncomingMessage } from "node:http";

/** A header's value as one string: repeated values joined with ", ", a missing one empty. */
export function headerText(value: string | string[] | undefined): string {
  return Array.isArray(value) ? value.join(", ") : (value ?? "");
}

/** Every header of a request, each as one string. */
export function flatHeaders(request: IncomingMessage): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [name, value] of Object.entries(request.headers)) out[name] = headerText(value);
  return out;
}

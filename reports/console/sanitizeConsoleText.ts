/**
 * Target-supplied text on its way to a terminal: control characters (ESC sequences could move
 * the cursor, recolour or retitle the terminal) are removed, the text is kept to one line and cut.
 */
import { redactSecrets } from "../redactSecrets.js";

/** One safe line of at most `max` characters, secrets redacted. */
export function sanitizeConsoleText(text: string, secrets: readonly string[] = [], max = 200): string {
  const line = redactSecrets(text, secrets)
    // ESC/CSI sequences first, so their parameters do not survive as text.
    .replace(/\u001b\[[0-?]*[ -/]*[@-~]/g, "")
    .replace(/[\u0000-\u001f\u007f-\u009f]+/g, " ")
    .replace(/\s+/g, " ")
    .trim();
  return line.length > max ? `${line.slice(0, max - 1)}…` : line;
}

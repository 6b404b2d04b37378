/**
 * Text on its way to a terminal: secrets out, control characters (ESC sequences could move the
 * cursor, recolour or retitle the terminal) removed, invisible format characters (bidi controls
 * that could reverse a FAIL line) shown as \u escapes, kept to one line and cut.
 */
import { createRedactor } from "../../runner/http/redactSecrets.js";
import { showInvisible } from "../showInvisible.js";

const NO_SECRETS = createRedactor([]);

/**
 * One safe line of at most `max` characters. `redact` removes secrets: by default as from a
 * sentence the suite wrote (redactor.suiteText); pass redactor.text for configured or target text.
 */
export function sanitizeConsoleText(
  text: string,
  redact: (text: string) => string = NO_SECRETS.suiteText,
  max = 200,
): string {
  const line = showInvisible(redact(text))
    // ESC/CSI sequences first, so their parameters do not survive as text.
    .replace(/\u001b\[[0-?]*[ -/]*[@-~]/g, "")
    .replace(/[\u0000-\u001f\u007f-\u009f]+/g, " ")
    .replace(/\s+/g, " ")
    .trim();
  return line.length > max ? `${line.slice(0, max - 1)}…` : line;
}

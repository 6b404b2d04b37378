/** Refuses a secret that cannot be sent as an HTTP header value, without showing it. */
import { ConfigurationError } from "../model/ConfigurationError.js";

/** Tab, printable ASCII and the rest of Latin-1: what an HTTP header value can carry. */
const HEADER_VALUE_CHARACTER = /[\t\x20-\x7e\x80-\xff]/;

function characterInWords(character: string): string {
  if (character === "\n" || character === "\r") return "a line break";
  return (character.codePointAt(0) ?? 0) < 0x20 || character === "\x7f"
    ? "a control character"
    : "a character beyond Latin-1";
}

/** Refuses a secret that cannot be sent as a header value, without showing it. */
export function checkHeaderValue(value: string, name: string): void {
  const characters = [...value];
  const at = characters.findIndex((character) => !HEADER_VALUE_CHARACTER.test(character));
  if (at < 0) return;
  throw new ConfigurationError(
    `${name} contains ${characterInWords(characters[at] as string)} (character ${at + 1}), which cannot ` +
      `be sent in an HTTP header; copy the value again without it`,
  );
}

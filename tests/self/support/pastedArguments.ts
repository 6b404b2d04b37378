/**
 * What bash makes of a command line the suite wrote (issue 24.1), as when it is pasted into an
 * interactive shell: the line is read from standard input with history expansion on ("!" counts),
 * and the command it names is a function that prints its arguments NUL-separated. It runs in a
 * scratch folder of its own, where the hostile texts of the tests would leave a file named
 * PWNED_FILE if any part of the line were executed.
 */
import { execFileSync } from "node:child_process";
import { existsSync, mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import fc from "fast-check";

/** The file a hostile text creates when the shell runs part of it. */
const PWNED_FILE = "pwned";

/** Texts that turn an unquoted or wrongly quoted line against its reader, or garble it. */
const HOSTILE_PIECES: readonly string[] = [
  "'",
  '"',
  "\\",
  "`",
  "$",
  `$(touch ${PWNED_FILE})`,
  `\`touch ${PWNED_FILE}\``,
  `\`touch$IFS'${PWNED_FILE}'\``,
  `;touch ${PWNED_FILE};`,
  `\ntouch ${PWNED_FILE}\n`,
  `|touch ${PWNED_FILE}`,
  `&& touch ${PWNED_FILE} #`,
  `'$(touch ${PWNED_FILE})'`,
  `"$(touch ${PWNED_FILE})"`,
  "$IFS",
  "${IFS}",
  "$'\\x41'",
  '$"x"',
  "!",
  "!!",
  "!-1",
  "!$",
  "^",
  "~",
  "*",
  "?",
  "[a]",
  "{a,b}",
  "#",
  " ",
  "  ",
  "\t",
  "\n",
  "\r",
  "\u001b[31m",
  "\u001b]0;title\u0007",
  "\u001b",
  "\u007f",
  "\u0085",
  "\u009b",
  "\u202a",
  "\u202e",
  "\u2066",
  "\u2069",
  "\u200b",
  "\u200d",
  "\u00ad",
  "\ufeff",
  "\u2028",
  "\u00a0",
  "\u3164",
  "-",
  "--",
  "=",
  ":",
  ",",
  "é",
  "😀",
  "\u{e0041}",
  "$CMS_TOKEN",
  "${CMS_TOKEN}",
  "\\x41",
  "\\n",
  "%",
];

/**
 * Arbitrary Unicode text (any code point but NUL, which no argument can carry, and lone
 * surrogates, which are not Unicode) mixed with HOSTILE_PIECES.
 */
export function hostileText(maxPieces = 8): fc.Arbitrary<string> {
  const unit = fc.oneof(
    fc.string({ unit: "binary", minLength: 1, maxLength: 1 }),
    fc.string({ unit: "binary-ascii", minLength: 1, maxLength: 1 }),
    fc.constantFrom(...HOSTILE_PIECES),
  );
  return fc.string({ unit, maxLength: maxPieces }).map((text) => text.replace(/\0/g, "0"));
}

/** A scratch folder for pastedArguments. */
export function scratchFolder(): string {
  return mkdtempSync(join(tmpdir(), "cms-pasted-"));
}

/** Options of pastedArguments. */
export interface PasteOptions {
  /** The command the line starts with (curl, cms-conformance): replaced by a function. */
  readonly command: string;
  /** The environment: the secrets' variables and nothing of the test's own. */
  readonly env: Readonly<Record<string, string>>;
  /** Where bash runs (scratchFolder()). */
  readonly cwd: string;
}

/** The arguments bash passes to `options.command` for `line`; throws when the line ran anything else. */
export function pastedArguments(line: string, options: PasteOptions): string[] {
  const script = `set -o history -o histexpand\n${options.command}() { printf '%s\\0' "$@"; }\n${line}\n`;
  const output = execFileSync("bash", ["--norc", "--noprofile"], {
    input: script,
    cwd: options.cwd,
    env: { PATH: process.env["PATH"] ?? "/usr/bin:/bin", ...options.env },
    encoding: "utf8",
    stdio: ["pipe", "pipe", "pipe"],
  });
  if (existsSync(join(options.cwd, PWNED_FILE))) throw new Error(`the line ran a command: ${JSON.stringify(line)}`);
  return output.split("\0").slice(0, -1);
}

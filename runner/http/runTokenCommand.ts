/**
 * Obtains a bearer token from a user's command (--token-command, --restricted-token-command): the
 * command line runs through `sh -c`, as git's credential helpers do, so it may be a pipeline
 * (`vault read -field=token …`). Its standard output, trimmed, is the token. Nothing it prints is ever
 * repeated in a sentence: a token is a secret even when the command failed halfway.
 */
import { execFile } from "node:child_process";

/** How long the command may take; a token service slower than this is not answering. */
const TOKEN_COMMAND_TIMEOUT_MS = 30_000;
/** Most bytes of standard output read (a token is a few kilobytes at most). */
const MAX_OUTPUT_BYTES = 64 * 1024;

/** Why the command gave no usable token, in one sentence naming the option, never the output. */
export class TokenCommandError extends Error {
  override readonly name = "TokenCommandError";
}

/** A value an HTTP header can carry: visible Latin-1 and inner spaces, no line break or control character. */
const HEADER_VALUE = /^[\x21-\x7e\x80-\xff](?:[\x20-\x7e\x80-\xff]*[\x21-\x7e\x80-\xff])?$/;

/**
 * The token `command` prints; `option` names the flag in the sentence of a failure. The run's --timeout
 * is not used: a token service may be slower than the target, and 30 s bounds a hung command all the same.
 */
export function runTokenCommand(
  command: string,
  option: string,
  timeoutMs: number = TOKEN_COMMAND_TIMEOUT_MS,
): Promise<string> {
  return new Promise<string>((resolve, reject) => {
    execFile(
      "/bin/sh",
      ["-c", command],
      { timeout: timeoutMs, maxBuffer: MAX_OUTPUT_BYTES, encoding: "latin1", windowsHide: true },
      (error, stdout) => {
        if (error) {
          const failure = error as NodeJS.ErrnoException & {
            killed?: boolean;
            code?: number | string;
            signal?: string | null;
          };
          const why =
            failure.killed === true
              ? `did not finish within ${timeoutMs / 1000} s`
              : typeof failure.signal === "string"
                ? `was ended by ${failure.signal}`
                : failure.code === "ERR_CHILD_PROCESS_STDIO_MAXBUFFER"
                  ? `printed more than ${MAX_OUTPUT_BYTES / 1024} KiB`
                  : typeof failure.code === "number"
                    ? `exited with status ${failure.code}`
                    : `could not be run (${String(failure.code ?? "error")})`;
          reject(new TokenCommandError(`the ${option} command ${why}; run it by hand to see why`));
          return;
        }
        const token = stdout.trim();
        if (token === "") {
          reject(new TokenCommandError(`the ${option} command printed no token on its standard output`));
          return;
        }
        if (!HEADER_VALUE.test(token)) {
          reject(
            new TokenCommandError(
              `the ${option} command printed a value an HTTP header cannot carry ` +
                "(a line break, a control character or a character beyond Latin-1); it must print the token alone",
            ),
          );
          return;
        }
        resolve(token);
      },
    );
  }).catch((error: unknown) => {
    // A command line past the system's limit (E2BIG) fails to start at once, not in execFile's callback.
    if (error instanceof TokenCommandError) throw error;
    const code = String((error as { code?: unknown }).code);
    throw new TokenCommandError(`the ${option} command could not be run (${code}); run it by hand to see why`);
  });
}

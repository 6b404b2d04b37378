/**
 * Obtains a bearer token from a user's command (--token-command, --restricted-token-command): the
 * command line runs through `sh -c`, as git's credential helpers do, so it may be a pipeline
 * (`vault read -field=token …`). Its standard output, trimmed, is the token. Nothing it prints is ever
 * repeated in a sentence: a token is a secret even when the command failed halfway.
 * The output is read when the command exits, not when every process holding its standard output has
 * closed it: a helper that leaves a daemon behind (an agent, a cache refresher) costs no wait (issue 50.6).
 */
import { spawn, type ChildProcess } from "node:child_process";

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

/** The token in what the command printed, or why there is none (never repeating the output). */
function tokenOf(stdout: string, option: string): string {
  const token = stdout.trim();
  if (token === "") throw new TokenCommandError(`the ${option} command printed no token on its standard output`);
  if (!HEADER_VALUE.test(token)) {
    throw new TokenCommandError(
      `the ${option} command printed a value an HTTP header cannot carry ` +
        "(a line break, a control character or a character beyond Latin-1); it must print the token alone",
    );
  }
  return token;
}

/** Why the command failed, from how it ended. */
function exitReason(code: number | null, signal: NodeJS.Signals | null): string | undefined {
  if (signal !== null) return `was ended by ${signal}`;
  if (code !== 0) return `exited with status ${String(code)}`;
  return undefined;
}

/**
 * Calls `then` once the output the command wrote before it exited has been read: at once when its standard
 * output has ended, else after the event loop has taken in what the pipe already holds (two turns: the
 * exit and the pipe's data can come in the same poll), whoever still holds the pipe open.
 */
function afterOutputRead(child: ChildProcess, then: () => void): void {
  const stdout = child.stdout;
  if (stdout === null || stdout.readableEnded) {
    then();
    return;
  }
  let done = false;
  const once = (): void => {
    if (done) return;
    done = true;
    then();
  };
  stdout.once("end", once);
  setImmediate(() => setImmediate(once));
}

/** Starts `sh -c command`; throws what spawn throws for a command line the system refuses at once. */
function start(command: string): ChildProcess {
  return spawn("/bin/sh", ["-c", command], { stdio: ["ignore", "pipe", "ignore"], windowsHide: true });
}

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
    const refuse = (why: string): void =>
      reject(new TokenCommandError(`the ${option} command ${why}; run it by hand to see why`));
    let child: ChildProcess;
    try {
      child = start(command);
    } catch (error) {
      refuse(`could not be run (${String((error as { code?: unknown }).code ?? "error")})`);
      return;
    }
    const chunks: Buffer[] = [];
    let bytes = 0;
    let settled = false;
    const settle = (outcome: () => void): void => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      // Whatever still holds the pipe (a daemon the command left) is not waited for.
      child.stdout?.destroy();
      outcome();
    };
    const timer = setTimeout(() => {
      child.kill("SIGKILL");
      settle(() => refuse(`did not finish within ${timeoutMs / 1000} s`));
    }, timeoutMs);
    child.stdout?.on("data", (chunk: Buffer) => {
      bytes += chunk.length;
      if (bytes > MAX_OUTPUT_BYTES) {
        child.kill("SIGKILL");
        settle(() => refuse(`printed more than ${MAX_OUTPUT_BYTES / 1024} KiB`));
        return;
      }
      chunks.push(chunk);
    });
    child.stdout?.on("error", () => undefined);
    child.on("error", (error: NodeJS.ErrnoException) =>
      settle(() => refuse(`could not be run (${String(error.code ?? "error")})`)),
    );
    child.on("exit", (code, signal) =>
      afterOutputRead(child, () =>
        settle(() => {
          const why = exitReason(code, signal);
          if (why !== undefined) {
            refuse(why);
            return;
          }
          try {
            resolve(tokenOf(Buffer.concat(chunks).toString("latin1"), option));
          } catch (error) {
            reject(error);
          }
        }),
      ),
    );
  });
}

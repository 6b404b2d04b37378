/** Where a command writes and reads, so tests can run commands in-process. */

/** The streams a command uses. */
export interface CliIo {
  readonly stdout: { write(text: string): unknown };
  readonly stderr: { write(text: string): unknown };
  /** Reads all of standard input (for `-` as a file name). */
  readonly readStdin: () => Promise<string>;
}

async function readAllStdin(): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of process.stdin) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString("utf8");
}

/** The process's own streams. */
export const processIo: CliIo = { stdout: process.stdout, stderr: process.stderr, readStdin: readAllStdin };

/** Exit codes shared by every command. */
export const EXIT = { ok: 0, failed: 1, usage: 2 } as const;

/** A mistake in how the command was called: reported as one sentence, exit 2. */
export class UsageError extends Error {}

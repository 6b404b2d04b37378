/** Where a command writes and reads, so tests can run commands in-process. */

/** The streams a command uses. */
export interface CliIo {
  readonly stdout: { write(text: string): unknown; readonly isTTY?: boolean; readonly columns?: number };
  readonly stderr: { write(text: string): unknown };
  /** Reads all of standard input (for `-` as a file name). */
  readonly readStdin: () => Promise<string>;
}

async function readAllStdin(): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of process.stdin) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString("utf8");
}

/** A writable stream as much of it as quietOnClosedPipe needs. */
export interface PipeLike {
  write(text: string): unknown;
  readonly isTTY?: boolean;
  on(event: "error", listener: (error: NodeJS.ErrnoException) => void): unknown;
}

/**
 * `stream`, but once its reader has gone (`cms-conformance list-checks | head -1`: EPIPE) further
 * writes are dropped instead of crashing the command: the reader asked for no more.
 */
export function quietOnClosedPipe(stream: PipeLike): {
  write(text: string): boolean;
  readonly isTTY?: boolean;
  readonly columns?: number;
} {
  let closed = false;
  stream.on("error", (error) => {
    if (error.code === "EPIPE" || error.code === "ERR_STREAM_DESTROYED") {
      closed = true;
      return;
    }
    throw error;
  });
  return {
    ...(stream.isTTY !== undefined ? { isTTY: stream.isTTY } : {}),
    // A getter: the terminal may be resized during the run.
    get columns(): number | undefined {
      return (stream as { columns?: number }).columns;
    },
    write(text: string): boolean {
      if (closed) return false;
      stream.write(text);
      return true;
    },
  };
}

let processStreams: CliIo | undefined;

/** The process's own streams (made on first use, so importing this module changes nothing). */
export function processIo(): CliIo {
  processStreams ??= {
    stdout: quietOnClosedPipe(process.stdout),
    stderr: quietOnClosedPipe(process.stderr),
    readStdin: readAllStdin,
  };
  return processStreams;
}

/** Exit codes shared by every command. */
export const EXIT = { ok: 0, failed: 1, usage: 2 } as const;

/** A mistake in how the command was called: reported as one sentence, exit 2. */
export class UsageError extends Error {}

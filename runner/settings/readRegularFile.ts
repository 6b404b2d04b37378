/**
 * Reads an input file the user named (--config, --waivers, --ca-file, --rerun-failed) without ever
 * blocking: the file is opened non-blocking and refused unless it is a regular file, so a FIFO
 * waits for no writer and a device such as /dev/zero is not read for ever (issue 23.10).
 */
import { closeSync, constants, fstatSync, openSync, readFileSync, type Stats } from "node:fs";

/** Thrown for a path that is no regular file; `code` is the sentence the callers print in parentheses. */
class NotRegularFileError extends Error {
  readonly code: string;
  constructor(path: string, what: string) {
    super(`${path} is ${what}, not a regular file`);
    this.code = `${what}, not a regular file`;
  }
}

function describeKind(stats: Stats): string {
  if (stats.isFIFO()) return "a named pipe (FIFO)";
  if (stats.isCharacterDevice() || stats.isBlockDevice()) return "a device";
  if (stats.isSocket()) return "a socket";
  return "a directory";
}

/** The text of the regular file at `path`; throws the system error (ENOENT, EACCES…) or NotRegularFileError. */
export function readRegularFile(path: string): string;
export function readRegularFile(path: string, encoding: null): Buffer;
export function readRegularFile(path: string, encoding: "utf8" | null = "utf8"): string | Buffer {
  // O_NONBLOCK: opening a FIFO for reading returns at once instead of waiting for a writer.
  const fd = openSync(path, constants.O_RDONLY | constants.O_NONBLOCK);
  try {
    const stats = fstatSync(fd);
    if (!stats.isFile()) throw new NotRegularFileError(path, describeKind(stats));
    // A byte order mark is an editor's (Windows Notepad saves one), never content: left in, JSON.parse refuses the
    // file and its message carries the invisible character to the user (issue 41.7).
    return encoding === null ? readFileSync(fd) : readFileSync(fd, encoding).replace(/^\uFEFF/, "");
  } finally {
    closeSync(fd);
  }
}

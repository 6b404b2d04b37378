/**
 * readRegularFile (issue 25.3): a regular file as text or bytes, and for anything else the error a caller prints,
 * naming what the path is, without blocking on a pipe or reading a device for ever.
 */
import { execFileSync } from "node:child_process";
import { mkdirSync, mkdtempSync, readdirSync, readlinkSync, writeFileSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { readRegularFile } from "../../../../runner/settings/readRegularFile.js";

/** The descriptors this process holds open on `path` (Linux: /proc/self/fd). */
function openOn(path: string): string[] {
  return readdirSync("/proc/self/fd").filter((fd) => {
    try {
      return readlinkSync(`/proc/self/fd/${fd}`) === path;
    } catch {
      return false; // closed meanwhile (the listing's own descriptor)
    }
  });
}

function errorOf(path: string): { message: string; code: unknown } {
  try {
    readRegularFile(path);
  } catch (error) {
    return { message: (error as Error).message, code: (error as { code?: unknown }).code };
  }
  throw new Error(`expected ${path} to be refused`);
}

describe("readRegularFile", () => {
  const folder = mkdtempSync(join(tmpdir(), "cms-regular-"));

  it("reads a regular file as text, or as bytes", () => {
    const file = join(folder, "a.txt");
    writeFileSync(file, "héllo");
    expect(readRegularFile(file)).toBe("héllo");
    expect(readRegularFile(file, null)).toEqual(Buffer.from("héllo"));
  });

  it("names a directory, a device, a named pipe and a socket, each with the code its caller prints", async () => {
    const directory = join(folder, "dir");
    mkdirSync(directory);
    expect(errorOf(directory)).toEqual({
      message: `${directory} is a directory, not a regular file`,
      code: "a directory, not a regular file",
    });
    expect(errorOf("/dev/null")).toEqual({
      message: "/dev/null is a device, not a regular file",
      code: "a device, not a regular file",
    });
    const fifo = join(folder, "pipe");
    execFileSync("mkfifo", [fifo]);
    expect(errorOf(fifo)).toEqual({
      message: `${fifo} is a named pipe (FIFO), not a regular file`,
      code: "a named pipe (FIFO), not a regular file",
    });
    const socket = join(folder, "s.sock");
    const server = createServer();
    await new Promise<void>((resolve) => server.listen(socket, resolve));
    try {
      // A socket cannot be opened as a file: the system's own error stands.
      expect(errorOf(socket).code).toBe("ENXIO");
    } finally {
      await new Promise((resolve) => server.close(resolve));
    }
    expect(errorOf(join(folder, "missing")).code).toBe("ENOENT");
  });

  it("closes the file it opened, whether it reads it or refuses it", () => {
    const file = join(folder, "closed.txt");
    writeFileSync(file, "x");
    const directory = join(folder, "closed-dir");
    mkdirSync(directory);
    readRegularFile(file);
    readRegularFile(file, null);
    errorOf(directory);
    expect({ file: openOn(file), directory: openOn(directory) }).toStrictEqual({ file: [], directory: [] });
  });
});

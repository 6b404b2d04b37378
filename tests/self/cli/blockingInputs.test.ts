/**
 * Inputs that would block are refused (issue 23.10): a FIFO or a device given to --config, --waivers,
 * --ca-file or --rerun-failed ends the run with exit 2 and one sentence naming it, at once. Before,
 * reading a FIFO waited for a writer for ever, outside --max-run-time. The CLI runs in a child
 * process with a kill timeout, since a blocked read would block this test's own event loop.
 */
import { execFile } from "node:child_process";
import { execFileSync } from "node:child_process";
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { readRegularFile } from "../../../runner/settings/readRegularFile.js";

const BIN = new URL("../../../bin/cms-conformance.mjs", import.meta.url).pathname;
const dir = mkdtempSync(join(tmpdir(), "cms-blocking-"));
const fifo = join(dir, "input.fifo");
execFileSync("mkfifo", [fifo]);

/** Runs the CLI; a child still running after 20 s is killed, which the test reports as a hang. */
function runCli(args: readonly string[]): Promise<{ code: number | null; stderr: string; killed: boolean }> {
  return new Promise((resolve) => {
    execFile(
      process.execPath,
      [BIN, "run", "--base-url", "http://127.0.0.1:9", "--out", join(dir, "out"), ...args],
      {
        env: { ...process.env, NO_COLOR: "1", CMS_CLIENT_ID: "client-0123456789", CMS_TOKEN: "token-0123456789" },
        timeout: 20_000,
        killSignal: "SIGKILL",
      },
      (error, _stdout, stderr) =>
        resolve({
          code: error ? ((error as { code?: number }).code ?? null) : 0,
          stderr,
          killed: error?.killed === true,
        }),
    );
  });
}

describe.each([
  ["--config", "the config file", "give a readable JSON file with --config"],
  ["--waivers", "the waivers file", "give the path of a readable JSON file"],
  ["--ca-file", "the CA file", "--ca-file takes a PEM file"],
  ["--rerun-failed", "the report", "give the report.json of an earlier run to --rerun-failed"],
])("%s given a FIFO", (option, named, remedy) => {
  it("is refused with exit 2 and one sentence, without waiting for a writer", async () => {
    const result = await runCli([option, fifo]);
    expect(result.killed, "the run blocked on the FIFO").toBe(false);
    expect(result.code).toBe(2);
    expect(result.stderr).toBe(
      `cms-conformance run: cannot read ${named} ${fifo} (a named pipe (FIFO), not a regular file); ${remedy}\n`,
    );
  }, 30_000);
});

describe("a device", () => {
  it("given to --config (/dev/zero, which never ends) is refused with exit 2", async () => {
    const result = await runCli(["--config", "/dev/zero"]);
    expect(result.killed, "the run read /dev/zero for ever").toBe(false);
    expect(result.code).toBe(2);
    expect(result.stderr).toBe(
      "cms-conformance run: cannot read the config file /dev/zero (a device, not a regular file); give a readable JSON file with --config\n",
    );
  }, 30_000);
});

describe("readRegularFile", () => {
  it("reads a regular file and names a directory", () => {
    expect(readRegularFile(new URL("../../../package.json", import.meta.url).pathname)).toContain('"name"');
    expect(() => readRegularFile(dir)).toThrow(/is a directory, not a regular file/);
    expect(() => readRegularFile(join(dir, "missing"))).toThrow(expect.objectContaining({ code: "ENOENT" }));
  });
});

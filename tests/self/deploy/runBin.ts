/** Runs the installed bin in a child process; resolves with exit code, stdout and stderr whatever the code. */
import { execFile } from "node:child_process";
import { promisify } from "node:util";

const BIN = new URL("../../../bin/cms-conformance.mjs", import.meta.url).pathname;

/** What a command printed and how it exited. */
export interface BinResult {
  readonly code: number;
  readonly stdout: string;
  readonly stderr: string;
}

/** Runs `cms-conformance ...args` with `env` added to this process's environment (NO_COLOR set). */
export async function runBin(args: readonly string[], env: NodeJS.ProcessEnv = {}): Promise<BinResult> {
  try {
    const { stdout, stderr } = await promisify(execFile)(process.execPath, [BIN, ...args], {
      env: { ...process.env, NO_COLOR: "1", ...env },
      maxBuffer: 32 * 1024 * 1024,
    });
    return { code: 0, stdout, stderr };
  } catch (error) {
    const failed = error as { code: number; stdout: string; stderr: string };
    return { code: failed.code, stdout: failed.stdout, stderr: failed.stderr };
  }
}

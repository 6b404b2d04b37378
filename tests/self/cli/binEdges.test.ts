/**
 * The bin where a process meets its surroundings (issue 13.7): a reader that stops early
 * (`list-checks | head -1`) and an install nobody may write to.
 */
import { spawn, spawnSync } from "node:child_process";
import { once } from "node:events";
import { existsSync, mkdtempSync, realpathSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";

const ROOT = fileURLToPath(new URL("../../../", import.meta.url));
const BIN = join(ROOT, "bin/cms-conformance.mjs");

/** Spawns `command`, collects stderr, and resolves with the exit code once the process is gone. */
async function exitOf(
  command: string,
  args: readonly string[],
  closeStdoutAtOnce: boolean,
): Promise<{ code: number | null; stderr: string; stdout: string }> {
  const child = spawn(command, [...args], {
    stdio: ["ignore", "pipe", "pipe"],
    env: { ...process.env, NO_COLOR: "1" },
  });
  let stderr = "";
  let stdout = "";
  child.stderr.on("data", (chunk: Buffer) => (stderr += chunk.toString()));
  // Like `| head -1` that has already gone: the command's first write meets a closed pipe.
  if (closeStdoutAtOnce) child.stdout.destroy();
  else child.stdout.on("data", (chunk: Buffer) => (stdout += chunk.toString()));
  const [code] = (await once(child, "close")) as [number | null];
  return { code, stderr, stdout };
}

describe("a reader that stops early", () => {
  it.each(["list-checks", "list-checks --json", "run --help"])(
    "%s exits 0 and quietly when stdout is closed (EPIPE is no error)",
    async (command) => {
      const { code, stderr } = await exitOf(process.execPath, [BIN, ...command.split(" ")], true);
      expect(stderr).toBe("");
      expect(code).toBe(0);
    },
  );
});

const canUnshare = process.platform === "linux" && spawnSync("unshare", ["-rm", "true"]).status === 0;

describe("a read-only install", () => {
  // A mount namespace makes the checkout and its node_modules read-only for this one process (EROFS
  // even for root), without touching anyone else's view of them.
  it.runIf(canUnshare)("runs, and writes nothing into the install (vitest, Vite and tsx caches included)", async () => {
    const out = mkdtempSync(join(tmpdir(), "cms-readonly-"));
    const nodeModules = realpathSync(join(ROOT, "node_modules"));
    const mountReadOnly = 'mount --bind -o ro "$1" "$1" && mount --bind -o ro "$2" "$2" && shift 2 && exec "$@"';
    const args = [
      "-rm",
      "sh",
      "-c",
      mountReadOnly,
      "sh",
      ROOT,
      nodeModules,
      process.execPath,
      BIN,
      "run",
      "--checks",
      "http.valid-request-ok",
      "--operation",
      "listFactoryDefaultWidgets",
      "--max-examples",
      "2",
      "--out",
      out,
    ];
    const { code, stderr, stdout } = await exitOf("unshare", args, false);
    expect(stderr).toBe("");
    expect(stdout).toMatch(/PASS/);
    expect(code).toBe(0);
    expect(existsSync(join(out, "report.json"))).toBe(true);
  });
});

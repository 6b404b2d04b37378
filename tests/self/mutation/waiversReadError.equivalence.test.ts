/**
 * Proof of the claim in runner/waivers/loadWaivers.ts: every way reading a waivers file fails gives an error
 * with a code (a system error, or readRegularFile's "not a regular file"), so the "unknown error" fallback is
 * never written and the message is the same with any other fallback text.
 */
import { execFileSync } from "node:child_process";
import { mkdirSync, mkdtempSync, symlinkSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { sideBySide } from "./sideBySide.js";

type WaiversModule = typeof import("../../../runner/waivers/loadWaivers.js");

const { original, mutant } = await sideBySide<WaiversModule>({
  file: "runner/waivers/loadWaivers.ts",
  mutator: "StringLiteral",
  at: '"unknown error"',
});

/** Paths of every kind a user can name: missing, a folder, a FIFO, a device, a dangling link, a loop, a file in a missing folder, a path through a file, a readable file. */
function pathKinds(): string[] {
  const dir = mkdtempSync(join(tmpdir(), "cms-waivers-kinds-"));
  mkdirSync(join(dir, "folder"));
  execFileSync("mkfifo", [join(dir, "fifo")]);
  writeFileSync(join(dir, "file.json"), "[]");
  symlinkSync(join(dir, "nowhere"), join(dir, "dangling"));
  symlinkSync(join(dir, "loop"), join(dir, "loop"));
  return [
    join(dir, "missing.json"),
    join(dir, "folder"),
    join(dir, "fifo"),
    "/dev/null",
    join(dir, "dangling"),
    join(dir, "loop"),
    join(dir, "nope", "x.json"),
    join(dir, "file.json", "x.json"),
    join(dir, "file.json"),
    "",
    "\u0000bad",
  ];
}

/** What loading `path` gives: the waivers, or the message it throws. */
async function outcome(module: WaiversModule, path: string): Promise<unknown> {
  try {
    return await module.loadWaivers(path, new Set(["http.valid-request-ok"]));
  } catch (error) {
    return error instanceof Error ? `${error.name}: ${error.message}` : String(error);
  }
}

describe("loadWaivers' fallback for an error without a code (StringLiteral)", () => {
  it("gives the same outcome for every kind of path", async () => {
    const kinds = pathKinds();
    await fc.assert(
      fc.asyncProperty(fc.constantFrom(...kinds), async (path) => {
        expect(await outcome(mutant, path)).toEqual(await outcome(original, path));
      }),
      { numRuns: 60 },
    );
    // Every failing kind names its code: the fallback is never the text shown.
    for (const path of kinds) expect(String(await outcome(original, path))).not.toContain("unknown error");
  });
});

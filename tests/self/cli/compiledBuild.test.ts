/**
 * The bin runs dist/ only while it is current (issue 28.3): bin/compiledBuild.mjs against a manifest of
 * sources and their modification times, as scripts/build.mjs writes it.
 */
import { mkdirSync, mkdtempSync, rmSync, statSync, utimesSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { beforeEach, describe, expect, it } from "vitest";
import { compiledEntry } from "../../../bin/compiledBuild.mjs";

let root: string;

/** A package folder with two sources and a manifest of both as they are now. */
function makePackage(): void {
  root = mkdtempSync(join(tmpdir(), "cms-build-"));
  mkdirSync(join(root, "cli"));
  mkdirSync(join(root, "dist", "cli"), { recursive: true });
  writeFileSync(join(root, "cli", "main.ts"), "export {};\n");
  writeFileSync(join(root, "cli", "other.ts"), "export {};\n");
  const files = {
    "cli/main.ts": statSync(join(root, "cli", "main.ts")).mtimeMs,
    "cli/other.ts": statSync(join(root, "cli", "other.ts")).mtimeMs,
  };
  writeFileSync(join(root, "dist", "build-manifest.json"), JSON.stringify({ files }));
}

describe("compiledEntry", () => {
  beforeEach(() => makePackage());

  it("gives dist/cli/main.js while every source has the time the build recorded", () => {
    expect(compiledEntry(root)?.href).toBe(`file://${join(root, "dist", "cli", "main.js")}`);
  });

  it("gives nothing once a source is saved again, even with the same content", () => {
    const later = new Date(statSync(join(root, "cli", "other.ts")).mtimeMs + 2000);
    utimesSync(join(root, "cli", "other.ts"), later, later);
    expect(compiledEntry(root)).toBeUndefined();
  });

  it("gives nothing when a source the build compiled is gone", () => {
    rmSync(join(root, "cli", "other.ts"));
    expect(compiledEntry(root)).toBeUndefined();
  });

  it("gives nothing without a manifest (never built, or a build under way or failed)", () => {
    rmSync(join(root, "dist", "build-manifest.json"));
    expect(compiledEntry(root)).toBeUndefined();
  });

  it("gives nothing for a manifest that does not list the CLI's entry, or is not JSON", () => {
    writeFileSync(
      join(root, "dist", "build-manifest.json"),
      JSON.stringify({ files: { "cli/other.ts": statSync(join(root, "cli", "other.ts")).mtimeMs } }),
    );
    expect(compiledEntry(root)).toBeUndefined();
    writeFileSync(join(root, "dist", "build-manifest.json"), "{");
    expect(compiledEntry(root)).toBeUndefined();
  });
});

/**
 * Writing reports follows no link (issue 24.2): a symbolic link planted at a report's name in --out
 * is refused before the run (exit 2, one sentence) and, if planted while the run goes, replaced by
 * the report instead of written through; the file the link pointed at is never touched.
 */
import { lstatSync, mkdirSync, mkdtempSync, readFileSync, readdirSync, symlinkSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { writeReportFile } from "../../../reports/writeReportFile.js";
import { runCli } from "../cli/cliInProcess.js";

function victim(): { dir: string; target: string } {
  const dir = mkdtempSync(join(tmpdir(), "cms-links-"));
  const target = join(dir, "victim.txt");
  writeFileSync(target, "precious\n");
  return { dir, target };
}

describe("writeReportFile", () => {
  it("replaces a link at the report's name instead of writing through it, and leaves no temporary file", async () => {
    const { dir, target } = victim();
    const file = join(dir, "report.json");
    symlinkSync(target, file);
    await writeReportFile(file, '{"ok":true}\n');
    expect(readFileSync(target, "utf8")).toBe("precious\n");
    expect(lstatSync(file).isSymbolicLink()).toBe(false);
    expect(readFileSync(file, "utf8")).toBe('{"ok":true}\n');
    expect(readdirSync(dir).sort()).toEqual(["report.json", "victim.txt"]);
  });

  it("writes a new file, and replaces an old one", async () => {
    const { dir } = victim();
    const file = join(dir, "junit.xml");
    await writeReportFile(file, "one");
    await writeReportFile(file, "two");
    expect(readFileSync(file, "utf8")).toBe("two");
  });
});

describe("run --out with a link planted at a report's name", () => {
  it("is refused before any request, exit 2, and the file the link points at is untouched", async () => {
    const { dir, target } = victim();
    const out = join(dir, "out");
    mkdirSync(out);
    symlinkSync(target, join(out, "junit.xml"));
    const result = await runCli(["run", "--base-url", "http://127.0.0.1:9", "--out", out], {
      CMS_CLIENT_ID: "client-0123456789",
      CMS_TOKEN: "token-0123456789",
    });
    expect(result.code).toBe(2);
    expect(result.stderr).toMatch(/junit\.xml is a symbolic link; the suite writes no report through a link/);
    expect(readFileSync(target, "utf8")).toBe("precious\n");
  });
});

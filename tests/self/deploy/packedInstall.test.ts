/**
 * The packed package installs and runs as `cms-conformance` from PATH (issue 27.1): the command line
 * every report prints to reproduce a run works where the package was installed, not only through npx
 * or node bin/… in a clone. Installs from the npm cache and the registry (--prefer-offline).
 */
import { execFile } from "node:child_process";
import { mkdtempSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { delimiter, join } from "node:path";
import { fileURLToPath } from "node:url";
import { promisify } from "node:util";
import { describe, expect, it } from "vitest";
import type { RunReport } from "../../../runner/model/RunReport.js";

const ROOT = fileURLToPath(new URL("../../../", import.meta.url));
const exec = promisify(execFile);

describe("the packed package", () => {
  it("installs into an empty project and runs as cms-conformance from PATH, against its bundled server", async () => {
    const folder = mkdtempSync(join(tmpdir(), "cms-pack-"));
    // --ignore-scripts: prepare would rebuild dist/ under the other tests' running bins; the tarball leaves dist/ out (.gitignore).
    await exec("npm", ["pack", "--silent", "--ignore-scripts", "--pack-destination", folder], { cwd: ROOT });
    const [tarball] = readdirSync(folder).filter((name) => name.endsWith(".tgz"));
    expect(tarball).toMatch(/^cms-conformance-\d+\.\d+\.\d+\.tgz$/);
    const project = join(folder, "project");
    await exec("mkdir", [project]);
    writeFileSync(join(project, "package.json"), JSON.stringify({ name: "uses-cms-conformance", private: true }));
    await exec(
      "npm",
      ["install", "--prefer-offline", "--no-audit", "--no-fund", "--ignore-scripts", join(folder, tarball as string)],
      { cwd: project },
    );
    const env = {
      ...process.env,
      NO_COLOR: "1",
      PATH: `${join(project, "node_modules", ".bin")}${delimiter}${process.env.PATH}`,
    };
    const version = await exec("cms-conformance", ["--version"], { cwd: project, env });
    expect(version.stdout.trim()).toBe(
      (JSON.parse(readFileSync(join(ROOT, "package.json"), "utf8")) as { version: string }).version,
    );
    const out = join(folder, "reports");
    const run = await exec(
      "cms-conformance",
      ["run", "--checks", "http.valid-request-ok", "--operation", "getWidget", "--out", out],
      {
        cwd: project,
        env,
      },
    );
    expect(run.stdout).toMatch(
      /Reproduce: cms-conformance run --checks http\.valid-request-ok --operation getWidget --seed \d+/,
    );
    const report = JSON.parse(readFileSync(join(out, "report.json"), "utf8")) as RunReport;
    expect(report.verdict).toBe("pass");
    expect(report.summary.passed).toBe(1);
  }, 180_000);
});

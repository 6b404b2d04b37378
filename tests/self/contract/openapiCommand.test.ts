import { mkdtempSync, readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { main } from "../../../cli/main.js";
import { buildOpenApiDocument } from "../../../contract/buildOpenApiDocument.js";

/** Runs the CLI in-process and captures what it writes. */
async function runCli(argv: string[]) {
  let stdout = "";
  let stderr = "";
  const code = await main(argv, {
    stdout: { write: (text: string) => (stdout += text) },
    stderr: { write: (text: string) => (stderr += text) },
    readStdin: async () => "",
  });
  return { code, stdout, stderr };
}

describe("cms-conformance openapi", () => {
  it("prints the document as JSON on standard output", async () => {
    const { code, stdout, stderr } = await runCli(["openapi"]);
    expect(code).toBe(0);
    expect(stderr).toBe("");
    expect(JSON.parse(stdout)).toEqual(JSON.parse(JSON.stringify(buildOpenApiDocument())));
  });

  it("writes the document to --out FILE and says so", async () => {
    const file = join(mkdtempSync(join(tmpdir(), "cms-openapi-")), "openapi.json");
    const { code, stdout } = await runCli(["openapi", "--out", file]);
    expect(code).toBe(0);
    expect(stdout).toBe(`wrote ${file}: OpenAPI 3.1.0, 5 paths, 31 schemas\n`);
    const written = JSON.parse(readFileSync(file, "utf8")) as { openapi: string; paths: object };
    expect(written.openapi).toBe("3.1.0");
    expect(Object.keys(written.paths)).toHaveLength(5);
  });

  it("explains itself with --help and is listed in the top-level help", async () => {
    const help = await runCli(["openapi", "--help"]);
    expect(help.code).toBe(0);
    expect(help.stdout).toContain("--out FILE");
    expect((await runCli(["--help"])).stdout).toMatch(/^ {2}openapi +print the OpenAPI 3\.1 document/m);
  });

  it("starts its help with the usage line", async () => {
    const help = await runCli(["openapi", "-h"]);
    expect(help.code).toBe(0);
    expect(help.stdout.split("\n")[0]).toBe("Usage: cms-conformance openapi [--out FILE]");
  });

  it("exits 2 for an empty --out and names the command in an unknown option's hint", async () => {
    const empty = await runCli(["openapi", "--out", ""]);
    expect(empty.code).toBe(2);
    expect(empty.stderr).toBe("cms-conformance openapi: --out needs a file name\n");
    const unknown = await runCli(["openapi", "--frobnicate"]);
    expect(unknown.code).toBe(2);
    expect(unknown.stderr).toBe(
      "cms-conformance openapi: unknown option --frobnicate; run cms-conformance openapi --help for the options\n",
    );
  });

  it("exits 2 with one sentence for an unwritable file or a stray argument", async () => {
    const unwritable = await runCli(["openapi", "--out", join(tmpdir(), "no-such-folder-cms", "x.json")]);
    expect(unwritable.code).toBe(2);
    expect(unwritable.stderr).toMatch(/^cms-conformance openapi: cannot write .*\(ENOENT\)/);
    const stray = await runCli(["openapi", "openapi.json"]);
    expect(stray.code).toBe(2);
    expect(stray.stderr).toBe(
      'cms-conformance openapi: unexpected argument "openapi.json"; use --out FILE to write to a file\n',
    );
  });
});

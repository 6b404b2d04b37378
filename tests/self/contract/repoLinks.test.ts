/** Every link in the repository's Markdown resolves inside the repository (a user's clone has nothing else). */
import { execFileSync } from "node:child_process";
import { existsSync, readFileSync } from "node:fs";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";

const ROOT = fileURLToPath(new URL("../../../", import.meta.url));
const tracked = (pattern: string) =>
  execFileSync("git", ["ls-files", "--cached", "--others", "--exclude-standard", pattern], {
    cwd: ROOT,
    encoding: "utf8",
  })
    .split("\n")
    .filter(Boolean);

/** Relative link targets of a Markdown text: [text](target), without #fragments; URLs and mail links left out. */
export function relativeLinks(markdown: string): string[] {
  return [...markdown.matchAll(/\]\(([^)\s]+)\)/g)]
    .map((match) => (match[1] as string).split("#")[0] as string)
    .filter((target) => target !== "" && !/^[a-z][a-z0-9+.-]*:/i.test(target));
}

describe("links in the repository", () => {
  it("finds the relative links of a Markdown text", () => {
    expect(relativeLinks("see [a](docs/a.md#x), [b](https://x.y/z), [c](../c.md) and [d](#top)")).toEqual([
      "docs/a.md",
      "../c.md",
    ]);
  });

  it("resolves every relative link of every Markdown file to a file of the repository", () => {
    const files = tracked("*.md").filter((file) => !file.includes("node_modules/"));
    expect(files).toContain("docs/contract.md");
    const broken = files.flatMap((file) =>
      relativeLinks(readFileSync(join(ROOT, file), "utf8"))
        .map((target) => ({ file, target, path: resolve(ROOT, dirname(file), target) }))
        .filter(({ path }) => !path.startsWith(ROOT) || !existsSync(path))
        .map(({ file, target }) => `${file} → ${target}`),
    );
    expect(broken).toEqual([]);
  });

  it("points no file of the product at the developers' shared folder beside the repository, which a user's clone does not have", () => {
    const files = [...tracked("*.md"), ...tracked("*.ts"), ...tracked("*.json")].filter(
      (file) => !file.includes("node_modules/"),
    );
    const offenders = files.filter((file) =>
      readFileSync(join(ROOT, file), "utf8").includes(["..", "shared"].join("/")),
    );
    expect(offenders).toEqual([]);
  });
});

/**
 * The structure docs/design.md describes is the tree: its folder table names every top-level folder and,
 * for each folder whose sub-folders it names, all of them; the README's layout names the same top-level folders.
 */
import { execFileSync } from "node:child_process";
import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";

const ROOT = fileURLToPath(new URL("../../../", import.meta.url));

/** Every folder holding a file git sees (tracked, or new and not ignored), dot-folders left out: "checks", "checks/_internals" … */
function repositoryFolders(): Set<string> {
  const files = execFileSync("git", ["ls-files", "--cached", "--others", "--exclude-standard"], {
    cwd: ROOT,
    encoding: "utf8",
  })
    .split("\n")
    .filter((file) => file !== "" && !file.startsWith("."));
  const folders = new Set<string>();
  for (const file of files) {
    const parts = file.split("/").slice(0, -1);
    parts.forEach((_part, index) => folders.add(parts.slice(0, index + 1).join("/")));
  }
  return folders;
}

/** The folders the first cell of each row of the Markdown table under `heading` names (`checks/`, `cli/`, `bin/` …), without their slash. */
function tableFolders(markdown: string, heading: string): string[] {
  const start = markdown.indexOf(`\n${heading}\n`);
  if (start < 0) throw new Error(`no section ${heading}`);
  const next = markdown.indexOf("\n## ", start + 1);
  const section = markdown.slice(start, next < 0 ? undefined : next);
  return section
    .split("\n")
    .filter((line) => line.startsWith("| `"))
    .flatMap((line) => [...(line.split("|")[1] ?? "").matchAll(/`([^`]+)\/`/g)].map((match) => match[1] as string));
}

/**
 * What a folder list gets wrong about a tree: folders it names that do not exist, and folders it leaves
 * out, being top-level or a sub-folder of a folder whose sub-folders it names.
 */
function folderDrift(named: readonly string[], tree: ReadonlySet<string>): { notInTree: string[]; notNamed: string[] } {
  const listedParents = new Set(
    named.filter((folder) => folder.includes("/")).map((folder) => folder.replace(/\/[^/]+$/, "")),
  );
  const parentOf = (folder: string) => (folder.includes("/") ? folder.replace(/\/[^/]+$/, "") : undefined);
  const expected = [...tree].filter((folder) => {
    const parent = parentOf(folder);
    return parent === undefined || listedParents.has(parent);
  });
  return {
    notInTree: named.filter((folder) => !tree.has(folder)).sort(),
    notNamed: expected.filter((folder) => !named.includes(folder)).sort(),
  };
}

describe("the folders docs/design.md describes", () => {
  const design = readFileSync(`${ROOT}docs/design.md`, "utf8");

  it("reads a table's folders and finds what a list gets wrong, both ways", () => {
    const table =
      "\n## The folders\n\n| folder | job |\n|---|---|\n| `a/` | x |\n| `a/b/` | y |\n| `c/`, `d/` | z |\n\n## Next\n| `e/` | no |";
    expect(tableFolders(table, "## The folders")).toEqual(["a", "a/b", "c", "d"]);
    const tree = new Set(["a", "a/b", "a/b/deep", "a/new", "c", "e", "e/f"]);
    expect(folderDrift(["a", "a/b", "c", "d"], tree)).toEqual({ notInTree: ["d"], notNamed: ["a/new", "e"] });
  });

  it("names every top-level folder of the repository, each sub-folder of a folder whose sub-folders it names, and nothing else", () => {
    const named = tableFolders(design, "## The folders");
    expect(named).toContain("checks");
    expect(named).toContain("reference/transport");
    expect(folderDrift(named, repositoryFolders())).toEqual({ notInTree: [], notNamed: [] });
  });

  it("the README's layout names the same top-level folders", () => {
    const readme = tableFolders(readFileSync(`${ROOT}README.md`, "utf8"), "## Layout");
    const topLevel = tableFolders(design, "## The folders").filter((folder) => !folder.includes("/"));
    expect(readme.filter((folder) => !folder.includes("/")).sort()).toEqual([...topLevel].sort());
  });
});

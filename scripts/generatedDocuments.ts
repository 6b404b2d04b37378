/** What each hand-written document should hold: its generated blocks and its counted figures, as npm run generate writes them. */
import { readdirSync, readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { withReadmeBlocks } from "../contract/readmeTables.js";
import { DOC_FIGURES } from "./docFigures.js";
import { BLOCKS_BY_DOCUMENT } from "./readmeBlocks.js";
import { withDocFigures } from "./withDocFigures.js";

const ROOT = fileURLToPath(new URL("../", import.meta.url));

/** The repository's own documents, by path from its root: README.md, BENCHMARKS.md and every docs/*.md. */
export function documentPaths(): string[] {
  const docs = readdirSync(`${ROOT}docs`).filter((name) => name.endsWith(".md"));
  return ["README.md", "BENCHMARKS.md", ...docs.sort().map((name) => `docs/${name}`)];
}

/** The absolute path of a document given by its path from the repository's root. */
export function documentFile(path: string): string {
  return `${ROOT}${path}`;
}

/** The text `path` should hold: its committed text with its generated blocks and figures made current. */
export function generatedDocument(path: string): string {
  const committed = readFileSync(documentFile(path), "utf8");
  const blocks = BLOCKS_BY_DOCUMENT[path];
  const withBlocks = blocks ? withReadmeBlocks(committed, blocks(), path) : committed;
  return withDocFigures(withBlocks, DOC_FIGURES, path);
}
